import ArgumentParser
import ChecklistCore
import ChecklistModel
import ChecklistServe
import ChecklistServeOptions
import Foundation
import Synchronization

/// `checklist serve`, run by `checklist` the way git runs its subcommands: the page for phones,
/// over HTTP, with a small server of its own (`SocketServer`: poll, bounded heads, deadlines,
/// the web socket's few frames), which no client can stop or grow without bound. A binary of
/// its own, so that the command-line program's start-up does not pay for a server.
@main
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checklist serve",
        abstract: "Serve a list's page to phones and browsers (run as `checklist serve`).")

    @Option(
        name: [.short, .long], help: ArgumentHelp("The list the page opens on.", valueName: "name"))
    var list: String?

    @Option(help: ArgumentHelp("The database file or PostgreSQL URI.", valueName: "path"))
    var db: String?

    @OptionGroup var serve: ServeOptions

    func run() throws {
        signal(SIGPIPE, SIG_IGN)
        // Ctrl-C and SIGTERM end the server; each write was a transaction of its own.
        // _exit: what a signal handler may call (exit would run atexit handlers and stdio).
        signal(SIGINT) { _ in _exit(0) }
        signal(SIGTERM) { _ in _exit(0) }
        var environment = ProcessInfo.processInfo.environment
        // Paths: bytes that are not UTF-8 are kept (`RawPath`), not read as U+FFFD.
        for name in ["CHECKLIST_DB", "XDG_DATA_HOME", "HOME"] {
            environment[name] = getenv(name).map { value in
                RawPath.decode(
                    UnsafeBufferPointer(
                        start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self),
                        count: strlen(value)))
            }
        }
        do {
            try listenAndServe(environment)
        } catch {
            // The one error edge: one line on stderr, the contract's status.
            FileHandle.standardError.write(Data("checklist: \(RawPath.shown(error.line))\n".utf8))
            throw ExitCode(error.status.rawValue)
        }
    }

    /// Sets up (`ServeSetup`), listens, prints the links, and serves until Ctrl-C or SIGTERM.
    private func listenAndServe(_ environment: [String: String]) throws(CommandFailure) {
        let setup = try ServeSetup(list: list, db: db, environment: environment)
        var probe = in_addr()
        guard inet_pton(AF_INET, serve.host, &probe) == 1 else {
            throw ServeSetup.notAnAddress(host: serve.host)
        }
        let server: SocketServer
        do {
            server = try SocketServer(
                host: serve.host, port: serve.port, pingAfter: setup.pingAfter)
        } catch {
            throw ServeSetup.cannotListen(
                host: serve.host, port: Int(serve.port), reason: "\(error)")
        }
        // A link lasts across restarts: its secret is kept (hashed) in the database, so it can
        // be shown only when it is made (the first time, or with --new-link), once listening.
        let links = try setup.links(for: serve.person, newLink: serve.newLink)
        let store = setup.store
        let storeThread = StoreThread()
        let pages = PageServer(
            store: store, list: setup.list,
            allowedHosts: Self.allowedHosts(listening: serve.host),
            didChange: { storeThread.lookNow() })
        pages.refreshLinks()
        let outbox = server.outbox
        let live = LiveUpdates(pages: pages, outbox: outbox)
        server.handle = { id, request in
            Self.handle(id, request, outbox, pages, live, storeThread)
        }
        server.webSocketClosed = { id in live.close(id) }
        let address = "http://\(Self.shownHost(serve.host)):\(server.port)"
        for (line, url) in ServeSetup.lines(for: links, address: address) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
            // The QR code's escape codes only where a person looks at them.
            if let url, isatty(STDOUT_FILENO) == 1 { Self.printQRCode(url) }
        }
        if let notice = ServeSetup.plainHTTPNotice(host: serve.host) {
            // One line where the person who shares the list reads it.
            FileHandle.standardError.write(Data("checklist: \(notice)\n".utf8))
        }
        storeThread.start(looking: live)
        // Ctrl-C and SIGTERM from now on stop the loop, and the store is closed: SQLite then
        // checkpoints and removes the -wal and -shm files, as after any command.
        Shutdown.install(waking: server.wakeDescriptor)
        server.run(until: { Shutdown.isRequested })
        // The store's thread still runs: the file is closed, and the process ended, from inside
        // the store's own serialized access, so it never reaches the closed connection; and at
        // once (_exit), as an exit's handlers (the runtimes' static destructors) would pull
        // things from under them.
        do {
            try store.closeFile(thenExit: { _exit(0) })
        } catch {
            _exit(0)
        }
    }
}

/// The way out of `serve` on Ctrl-C or SIGTERM once it serves: the handler only notes the
/// signal and wakes the server's loop (write(2) may be called in a handler, and lock-free
/// atomics may be touched there), which then ends and lets the store close.
enum Shutdown {
    /// Both set before a handler is installed (their first use initializes them, which a
    /// handler must not be the one to do).
    static let requested = Atomic<Bool>(false)
    static let wake = Atomic<Int32>(-1)

    static var isRequested: Bool { requested.load(ordering: .acquiring) }

    static func install(waking descriptor: Int32) {
        wake.store(descriptor, ordering: .releasing)
        _ = requested.load(ordering: .relaxed)
        for number in [SIGINT, SIGTERM] {
            signal(number) { _ in
                Shutdown.requested.store(true, ordering: .releasing)
                var byte: UInt8 = 1
                _ = write(Shutdown.wake.load(ordering: .acquiring), &byte, 1)
            }
        }
    }
}
