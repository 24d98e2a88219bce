/// The clean address (`/?list=…`), opened without the link's header: a reload once the page
/// took the secret out of the address bar, a bookmark, a home-screen icon. A browser cannot
/// send a header with a navigation, so the answer is a public page, the same for everyone and
/// holding nothing of any list's: its script (`boot.js`) reads the page with the secret this
/// browser keeps for the page's origin, and shows it. The secret is never kept in a cookie:
/// a browser sends a host's cookies to every port of the host (RFC 6265), so any other service
/// on the machine would be sent it (issue 48, 4). Without a script, or without a kept secret,
/// the page says to open the list with its link.
enum PageBoot {
    static let html = PackageResources.boot_html
    static let javaScript = PackageResources.boot_js

    /// The page with the same policy as the list's page (the page it shows takes its place in
    /// this document, live-update socket included).
    static func response(socketHost: String?) -> PageResponse {
        var response = PageResponse.html("")
        response.body = html
        response.headers["Cache-Control"] = "no-cache"
        response.headers["Vary"] = "X-Checklist-Link"
        response.headers["Content-Security-Policy"] = PageServer.contentSecurityPolicy(
            socketHost: socketHost)
        return response
    }
}
