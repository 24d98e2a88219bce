import ChecklistCore
import ChecklistModel

/// The rules applied before any handler: the `Host` a request names, the site it comes
/// from, and a change's body.
extension PageServer {
    // MARK: - Hosts and origins

    /// 400 when `Host` names a host this server does not answer to.
    public func hostRefusal(_ request: PageRequest) -> PageResponse? {
        guard let allowedHosts, let host = request.headers["host"] else { return nil }
        guard allowedHosts.contains(Self.hostName(host)) else {
            return .text(400, "the Host header names a host this server does not answer to\n")
        }
        return nil
    }

    /// The host's name or address without its port, in lower case (`[::1]:80` is `::1`).
    static func hostName(_ host: String) -> String {
        var name = Substring(host.lowercased())
        if name.hasPrefix("["), let end = name.firstIndex(of: "]") {
            return String(name[name.index(after: name.startIndex)..<end])
        }
        if let colon = name.lastIndex(of: ":") { name = name[..<colon] }
        if name.hasSuffix(".") { name = name.dropLast() }
        return String(name)
    }

    /// Why a web-socket upgrade to the live updates is refused, if it is: a host this server
    /// does not answer to, or another site (`Origin`, `Sec-Fetch-Site`), as for a change.
    public func upgradeRefusal(of request: PageRequest) -> PageResponse? {
        var refusal =
            hostRefusal(request)
            ?? (isFromAnotherSite(request)
                ? .text(403, "the live updates are for the page itself\n") : nil)
        refusal?.headers["X-Content-Type-Options"] = "nosniff"
        return refusal
    }

    /// Whether a browser says the request comes from another site's page.
    func isFromAnotherSite(_ request: PageRequest) -> Bool {
        if let site = request.headers["sec-fetch-site"], site != "same-origin", site != "none" {
            return true
        }
        if let origin = request.headers["origin"] {
            let host = request.headers["host"] ?? ""
            return origin != "http://" + host && origin != "https://" + host
        }
        return false
    }

    /// Why a change is refused before it is read, if it is: a body over the limit, a form of
    /// another kind, or a request from another site.
    func refusal(of request: PageRequest) -> PageResponse? {
        if request.isOversized || request.body.count > Self.bodyLimit
            || Int(request.headers["content-length"] ?? "0") ?? 0 > Self.bodyLimit
        {
            return .text(413, "the request's body is over 64 KiB; nothing changed\n")
        }
        let type = request.headers["content-type"] ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            return .text(415, "changes are sent as form data; nothing changed\n")
        }
        if isFromAnotherSite(request) {
            return .text(403, "a change must come from the page itself; nothing changed\n")
        }
        return nil
    }
}
