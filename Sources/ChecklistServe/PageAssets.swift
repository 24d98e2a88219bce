/// The page's files (`Sources/ChecklistServe/Page/`), compiled into the binary as the
/// migrations are: plain HTML, CSS and JavaScript that their own tools read, served without a
/// CDN, a build step or a framework. Without the script the page is plain forms; with it, a tap
/// is saved at once, the counts and "Delete (N)" follow every tap, and changes made anywhere
/// arrive over a web socket.
enum PageAssets {
    /// The page of a list, and the page that asks before a deletion without a script: HTML
    /// with slots that `PageHTML` fills.
    static let page = PageTemplate(PackageResources.page_html)
    static let confirmDeletion = PageTemplate(PackageResources.confirm_delete_html)

    static let css = PackageResources.page_css
    static let javaScript = PackageResources.page_js

    /// The web app manifest: "Add to Home Screen" gives the list an icon of its own that opens
    /// it as an app. The link's secret is not in it: the browser keeps it (`PageBoot`).
    static let manifest = PackageResources.manifest_webmanifest

    /// The service worker (in a secure context: HTTPS, or the machine's own address): every
    /// page the phone opens, with its style, script and icons, is kept and given back when the
    /// server cannot be reached, so the list opens with what the phone saw last (the page's
    /// script keeps the newest state it had, and its unsent taps, in `localStorage`). The page's
    /// own reads of the state and its changes always go to the server: a kept answer would tell
    /// the page the server answers again, and a tap made offline stays kept until it is sent.
    static let serviceWorker = PackageResources.service_worker_js

    /// The icon as SVG, and as PNG at the sizes the manifest and the browser's tab name: files
    /// drawn once from the same shape and committed beside it (issue 51: the PNG encoder that
    /// drew them at start-up is gone; zlib-compressed, the 512 px icon is 1.9 KB, not 66 KB).
    static let iconSVG = PackageResources.icon_svg
    static let icon32 = PackageResources.icon_32_png
    static let icon192 = PackageResources.icon_192_png
    static let icon512 = PackageResources.icon_512_png
}
