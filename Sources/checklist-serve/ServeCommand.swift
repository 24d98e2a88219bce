import ArgumentParser
import ChecklistCore
import ChecklistServe
import FlyingFox
import FlyingSocks
import Foundation

/// `checklist serve`, run by `checklist` the way git runs its subcommands: the page for phones,
/// over HTTP, with FlyingFox (a small server library with no dependencies: its debug build
/// took 18 s here, against minutes for SwiftNIO's). A binary of its own, so that the
/// command-line program's start-up does not pay for a server's libraries.
@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checklist serve",
        abstract: "Serve a list's page to phones and browsers (run as `checklist serve`).")

    @Option(name: [.short, .long], help: ArgumentHelp("The list the page opens on.", valueName: "name"))
    var list: String?

    @Option(help: ArgumentHelp("The database file or PostgreSQL URI.", valueName: "path"))
    var db: String?

    @Option(help: ArgumentHelp("The address to listen on (0.0.0.0: the home network).", valueName: "addr"))
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The port (0 picks a free one).", valueName: "n"))
    var port: UInt16 = 8040

    func run() async throws {
        signal(SIGPIPE, SIG_IGN)
        // Ctrl-C and SIGTERM end the server; each write was a transaction of its own.
        // _exit: what a signal handler may call (exit would run atexit handlers and stdio).
        signal(SIGINT) { _ in _exit(0) }
        signal(SIGTERM) { _ in _exit(0) }
        let environment = ProcessInfo.processInfo.environment
        let listName: ListName
        let store: ChecklistStore
        do {
            listName = try ListName(list ?? environment["CHECKLIST_LIST"] ?? ListName.defaultList.text)
        } catch {
            FileHandle.standardError.write(Data("checklist: --list: \(error.description)\n".utf8))
            throw ExitCode(64)
        }
        do {
            store = try DatabaseOpener.openForWriting(
                DatabaseLocation.resolve(explicitPath: db, environment: environment))
        } catch let error as ChecklistError {
            FileHandle.standardError.write(Data("checklist: \(error.description)\n".utf8))
            switch error {
            case .notAChecklistDatabase, .corruptDatabase, .damagedBackupSource, .schemaTooNew,
                .untrustedServerSchema:
                throw ExitCode(65)
            default: throw ExitCode(74)
            }
        }
        let address: sockaddr_in
        do {
            address = try .inet(ip4: host, port: port)
        } catch {
            FileHandle.standardError.write(
                Data("checklist: --host \(host) is not an IPv4 address (e.g. 127.0.0.1 or 0.0.0.0)\n".utf8))
            throw ExitCode(64)
        }
        let pages = PageServer(store: store, list: listName)
        let live = LiveUpdates(pages: pages)
        pages.didChange = { live.nudge() }
        let server = HTTPServer(
            address: address, timeout: 3600, pool: NoDelayPool(), logger: .disabled)
        await server.appendRoute("*") { request in try await Self.handle(request, pages, live) }
        let running = Task { try await server.run() }
        do {
            try await server.waitUntilListening()
        } catch {
            _ = try? await running.value  // the reason it could not listen
            FileHandle.standardError.write(
                Data("checklist: cannot listen on \(host):\(port): \(error); nothing is served\n".utf8))
            throw ExitCode(74)
        }
        var shownPort = port
        if case .ip4(_, let listening) = await server.listeningAddress { shownPort = listening }
        let url = "http://\(Self.shownHost(host)):\(shownPort)\(pages.pagePath)"
        FileHandle.standardOutput.write(Data((url + "\n").utf8))
        Self.printQRCode(url)
        live.start()
        try await running.value
    }

    /// The address to put in the URL: for 0.0.0.0, this machine's first network address.
    static func shownHost(_ host: String) -> String {
        guard host == "0.0.0.0" else { return host }
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return host }
        defer { freeifaddrs(first) }
        var entry = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET)
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var inAddress = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &inAddress, &text, socklen_t(INET_ADDRSTRLEN))
            }
            let shown = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !shown.hasPrefix("127.") { return shown }
        }
        return host
    }

    /// A QR code of the URL, where `qrencode` is installed (for a phone's camera).
    static func printQRCode(_ url: String) {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let qrencode = paths.map({ "\($0)/qrencode" }).first(where: FileManager.default.isExecutableFile)
        else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: qrencode)
        process.arguments = ["-t", "ANSIUTF8", url]
        try? process.run()
        process.waitUntilExit()
    }

    static func handle(_ request: HTTPRequest, _ pages: PageServer, _ live: LiveUpdates) async throws
        -> HTTPResponse
    {
        // The path as sent: FlyingFox's `path` is standardized, without its final slash.
        let path = request.target.path(percentEncoded: true)
        if pages.isEventsPath(path), request.headers[.upgrade]?.lowercased() == "websocket" {
            let list = request.query.last { $0.name == "list" }?.value
            return try await WebSocketHTTPHandler(
                handler: MessageFrameWSHandler(handler: LiveUpdates.Socket(list: list, live: live))
            ).handleRequest(request)
        }
        // Without the token, nothing is read of the body: the answer is the same 404.
        guard pages.hasToken(path) else {
            return HTTPResponse(
                statusCode: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                body: Data("not found\n".utf8))
        }
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue] = value }
        var body: [UInt8] = []
        var oversized = false
        let limit = PageServer.bodyLimit
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            oversized = true
        } else if request.method == .POST {
            for try await chunk in request.bodySequence {
                body += chunk
                if body.count > limit {
                    oversized = true
                    body = []
                    break
                }
            }
        }
        let pageRequest = PageRequest(
            method: request.method.rawValue, path: path,
            query: request.query.map { ($0.name, $0.value) }, headers: headers, body: body,
            isOversized: oversized)
        // Store calls block (a busy file waits up to 5 s): on a thread of their own, not on the
        // few threads that run every connection's tasks.
        let answer = await withCheckedContinuation { continuation in
            storeQueue.async { continuation.resume(returning: pages.respond(to: pageRequest)) }
        }
        var responseHeaders = HTTPHeaders()
        for (name, value) in answer.headers { responseHeaders[HTTPHeader(name)] = value }
        if oversized { responseHeaders[.connection] = "close" }
        return HTTPResponse(
            statusCode: HTTPStatusCode(answer.status, phrase: Self.phrase(answer.status)),
            headers: responseHeaders, body: Data(answer.body))
    }

    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 303: "See Other"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 503: "Service Unavailable"
        default: "Error"
        }
    }
}

/// The thread the page server's store calls run on, one at a time.
let storeQueue = DispatchQueue(label: "checklist-serve.store")

/// FlyingFox's socket pool, with Nagle's algorithm off on every socket it watches (an accepted
/// connection's first read waits here, before anything is written). FlyingFox writes a
/// response's header and body separately; with Nagle on, the body waited for the browser's
/// delayed ACK, about 40 ms on many responses (seen in Chromium's timings of the page's reads).
struct NoDelayPool: AsyncSocketPool {
    private let pool: any AsyncSocketPool = HTTPServer.defaultPool()

    func prepare() async throws { try await pool.prepare() }

    func run() async throws { try await pool.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: TCP_NODELAY))
        try await pool.suspendSocket(socket, untilReadyFor: events)
    }
}

/// The live updates: one watcher looks at the store's change signal (SQLite's `data_version`,
/// or the server's NOTIFY) ten times a second, and at once after a change made through this
/// server. When it moves, each list shown by an open page is read once (its first window, as
/// JSON) and pushed to those pages' sockets, so a page shows a change without asking; no page
/// polls.
final class LiveUpdates: @unchecked Sendable {
    private let pages: PageServer
    private let lock = NSLock()
    /// Each open socket, with the list its page shows.
    private var sockets: [UUID: (list: String?, continuation: AsyncStream<WSMessage>.Continuation)] = [:]
    private var lastMark: Int64 = .min
    private let wake = DispatchSemaphore(value: 0)

    init(pages: PageServer) {
        self.pages = pages
    }

    /// One page's socket.
    struct Socket: WSMessageHandler {
        let list: String?
        let live: LiveUpdates

        func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
            live.open(list: list, client: client)
        }
    }

    private func open(list: String?, client: AsyncStream<WSMessage>) -> AsyncStream<WSMessage> {
        let id = UUID()
        // Only the newest state waits for a page that reads slowly (or sleeps).
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        lock.withLock { sockets[id] = (list, continuation) }
        // The page sends nothing; when it goes, its socket leaves the list.
        Task {
            for await _ in client {}
            _ = lock.withLock { sockets.removeValue(forKey: id) }
            continuation.finish()
        }
        return stream
    }

    /// A change was made through this server: look now.
    func nudge() {
        wake.signal()
    }

    func start() {
        let thread = Thread { [self] in
            while true {
                _ = wake.wait(timeout: .now() + .milliseconds(100))
                guard let mark = try? pages.changeMark(), mark != lastMark else { continue }
                lastMark = mark
                let open = lock.withLock { Array(sockets.values) }
                var states: [String: String] = [:]
                for socket in open {
                    let key = socket.list ?? ""
                    if states[key] == nil {
                        states[key] = pages.pushedState(list: socket.list)?.json ?? String(mark)
                    }
                    socket.continuation.yield(.text(states[key]!))
                }
            }
        }
        thread.start()
    }
}
