import ChecklistServe
import Foundation

/// What `run` sets up with: the hosts a request may name, the address shown, the QR code,
/// and the handler that puts each request on its thread.
extension ServeCommand {
    /// The hosts a request's `Host` may name: the listening address, the loopback names, and
    /// this machine's names and addresses (a phone may reach it as `name.local`). Any other
    /// name is a site whose DNS was pointed at this machine (DNS rebinding): refused.
    static func allowedHosts(listening host: String) -> Set<String> {
        var hosts: Set<String> = [host, "localhost", "localhost.localdomain", "127.0.0.1", "::1"]
        var name = [CChar](repeating: 0, count: 256)
        if gethostname(&name, name.count) == 0 {
            let text = String(
                decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self
            )
            .lowercased()
            if !text.isEmpty {
                hosts.formUnion([text, text + ".local", text + ".lan", text + ".home.arpa"])
            }
        }
        hosts.formUnion(interfaceAddresses())
        return hosts
    }

    /// This machine's IPv4 addresses, as text.
    static func interfaceAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var entry = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let address = current.pointee.ifa_addr,
                address.pointee.sa_family == sa_family_t(AF_INET)
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var inAddress = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &inAddress, &text, socklen_t(INET_ADDRSTRLEN))
            }
            addresses.append(
                String(
                    decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return addresses
    }

    /// The address to put in the URL: for 0.0.0.0, this machine's first network address.
    static func shownHost(_ host: String) -> String {
        guard host == "0.0.0.0" else { return host }
        return interfaceAddresses().first { !$0.hasPrefix("127.") } ?? host
    }

    /// A QR code of the URL, where `qrencode` is installed (for a phone's camera).
    static func printQRCode(_ url: String) {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(
            separator: ":")
        guard
            let qrencode = paths.map({ "\($0)/qrencode" }).first(
                where: FileManager.default.isExecutableFile)
        else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: qrencode)
        process.arguments = ["-t", "ANSIUTF8", url]
        try? process.run()
        process.waitUntilExit()
    }

    /// A whole request, on the server's thread: the live updates' upgrade is answered at once;
    /// the rest on the store's thread.
    static func handle(
        _ id: SocketServer.ConnectionID, _ request: SocketServer.Request,
        _ server: SocketServer.Outbox, _ pages: PageServer, _ live: LiveUpdates,
        _ storeThread: StoreThread
    ) {
        let head = request.head
        guard let (path, query) = head.pathAndQuery else {
            server.respond(id, .text(400, "the query is not valid form encoding\n"), closes: true)
            return
        }
        var headers: [String: String] = [:]
        for field in head.fields { headers[field.name] = field.value }
        let pageRequest = PageRequest(
            method: head.method, path: path, query: query, headers: headers, body: request.body,
            isOversized: request.isOversized)
        if let link = pages.eventsLink(of: pageRequest),
            headers["upgrade"]?.lowercased() == "websocket"
        {
            if let refusal = pages.upgradeRefusal(of: pageRequest) {
                server.respond(id, refusal, closes: true)
            } else if head.method == "GET", headers["sec-websocket-version"] == "13",
                let key = headers["sec-websocket-key"], !key.isEmpty
            {
                live.open(id, list: query.last { $0.0 == "list" }?.1, link: link)
                server.upgrade(id, key: key)
            } else {
                var refusal = PageResponse(
                    status: 400, headers: ["Content-Type": "text/plain; charset=utf-8"],
                    body: Array("the web-socket upgrade is not a version 13 GET with a key\n".utf8))
                refusal.headers["Sec-WebSocket-Version"] = "13"
                server.respond(id, refusal, closes: true)
            }
            return
        }
        // Assets and requests without a link are answered here: they never queue behind (or
        // ahead of) a store call.
        if let answer = pages.answerWithoutStore(pageRequest) {
            server.respond(id, answer, closes: request.isOversized)
            return
        }
        // Store calls block (a busy file waits up to 5 s): on a thread of their own, never on
        // the server's.
        storeThread.perform {
            server.respond(id, pages.respond(to: pageRequest), closes: request.isOversized)
        }
    }
}
