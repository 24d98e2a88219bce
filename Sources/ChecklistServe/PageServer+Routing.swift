import ChecklistCore
import ChecklistModel

/// Which link a request holds, and what it asks for after it.
extension PageServer {
    // MARK: - Routing

    /// What a request asks for: the path after the link's secret ("" for the page itself, "/"
    /// for the secret without a slash), and the link's SHA-256.
    struct Route {
        var rest: String
        var link: String
        /// Whose link it is ("" the plain link): the author of the changes made through it.
        var person: String
        /// The secret came in the path (the link itself), not in the header.
        var isFromPath: Bool
    }

    /// The route of a request whose path starts with a link's secret, or else that carries one
    /// in the header; nil for any other (answered 404). A path that starts with a secret that
    /// is no link's is never read as a clean path: an old link gets 404 whatever the header.
    func route(_ request: PageRequest, links: [PageLink]) -> Route? {
        let parts = request.path.split(
            separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].isEmpty else { return nil }
        let rest = parts[1]
        let segment = rest.prefix { $0 != "/" }
        if let link = Self.link(ofSecret: segment, among: links) {
            let after = rest.dropFirst(segment.count)
            // The secret without a slash: redirected.
            if after.isEmpty {
                return Route(
                    rest: "/", link: link.secretSHA256, person: link.person, isFromPath: true)
            }
            return Route(
                rest: String(after.dropFirst()), link: link.secretSHA256, person: link.person,
                isFromPath: true)
        }
        guard let secret = headerSecret(request),
            let link = Self.link(ofSecret: secret, among: links)
        else { return nil }
        return Route(
            rest: String(rest), link: link.secretSHA256, person: link.person, isFromPath: false)
    }

    /// The secret the page's script sent in the link's header, if it sent one. (No cookie
    /// carries it: a browser sends a host's cookies to every port of the host.)
    func headerSecret(_ request: PageRequest) -> Substring? {
        request.headers[Self.linkHeader].map { Substring($0) }
    }

    /// The link whose secret `secret` is, its SHA-256 compared in constant time.
    static func link(ofSecret secret: Substring, among links: [PageLink]) -> PageLink? {
        // A secret is 32 hex digits; anything else is no link's, whatever its hash.
        guard secret.utf8.count == 32 else { return nil }
        let hash = Array(PageLink.hash(ofSecret: secret).utf8)
        var found: PageLink?
        for link in links where constantTimeEqual(hash, Array(link.secretSHA256.utf8)) {
            found = link
        }
        return found
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
