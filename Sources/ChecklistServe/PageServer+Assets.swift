import ChecklistCore
import ChecklistModel

/// The public assets: the same bytes for every request, needing no link.
extension PageServer {
    /// What every page of every server shares, and so needs no link: the icon, the manifest
    /// the service worker, the page's style and script, and the clean address's script (a
    /// browser asks for `/favicon.ico` and the manifest without the link's header).
    static func publicAsset(_ path: String) -> PageResponse? {
        switch path {
        case "/favicon.ico", "/icon-32.png": return image(PageAssets.icon32, type: "image/png")
        case "/icon-192.png": return image(PageAssets.icon192, type: "image/png")
        case "/icon-512.png": return image(PageAssets.icon512, type: "image/png")
        case "/icon.svg": return image(PageAssets.iconSVG, type: "image/svg+xml")
        case "/manifest.webmanifest":
            return image(PageAssets.manifest, type: "application/manifest+json")
        case "/sw.js": return script(PageAssets.serviceWorker)
        case "/page.js": return script(PageAssets.javaScript)
        case "/boot.js": return script(PageBoot.javaScript)
        case "/page.css":
            var response = image(PageAssets.css, type: "text/css; charset=utf-8")
            response.headers["Cache-Control"] = "no-cache"
            return response
        default: return nil
        }
    }

    /// A script, read again whenever the page loads (`no-cache`: a new `serve` brings its own).
    static func script(_ bytes: [UInt8]) -> PageResponse {
        var response = image(bytes, type: "text/javascript; charset=utf-8")
        response.headers["Cache-Control"] = "no-cache"
        return response
    }

    static func image(_ bytes: [UInt8], type: String) -> PageResponse {
        PageResponse(
            status: 200,
            headers: [
                "Content-Type": type, "Cache-Control": "max-age=86400",
                "X-Content-Type-Options": "nosniff",
            ], body: bytes)
    }
}
