import ArgumentParser
import ChecklistCore
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
        let listName: ListName
        let store: ChecklistStore
        do {
            listName = try ListName(
                list ?? environment["CHECKLIST_LIST"] ?? ListName.defaultList.text)
        } catch {
            FileHandle.standardError.write(Data("checklist: --list: \(error.description)\n".utf8))
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        do {
            let location = try DatabaseLocation.resolve(explicitPath: db, environment: environment)
            // As every command that changes items: a missing database file is not created
            // (a typo in --db would serve an empty list nobody else sees).
            store = try DatabaseOpener.openExistingForWriting(location)
            // A list named (-l, CHECKLIST_LIST) must exist; the default list may be empty.
            let named = list ?? environment["CHECKLIST_LIST"]
            if named != nil, try !store.lists().contains(where: { $0.name == listName }) {
                throw ChecklistError.listNotFound(listName.text)
            }
        } catch let error as ChecklistError {
            var line = error.description
            if case .databaseNotFound(let path) = error {
                line =
                    "no database at \(path); nothing to serve (checklist add creates one, or"
                    + " pass --db or set CHECKLIST_DB to name another)"
            }
            FileHandle.standardError.write(Data("checklist: \(RawPath.shown(line))\n".utf8))
            throw ExitCode(ExitStatus(error).rawValue)
        }
        let server: SocketServer
        do {
            var probe = in_addr()
            guard inet_pton(AF_INET, serve.host, &probe) == 1 else {
                throw SocketServer.ServerError("")
            }
        } catch {
            FileHandle.standardError.write(
                Data(
                    "checklist: --host \(serve.host) is not an IPv4 address (e.g. 127.0.0.1 or 0.0.0.0)\n"
                        .utf8))
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        do {
            // How long a silent web socket waits for its ping, then for its answer (30 s; a
            // test sets it shorter).
            let pingAfter = environment["CHECKLIST_SERVE_PING_SECONDS"].flatMap(Double.init)
                .flatMap { $0 > 0 ? $0 : nil }
            server = try SocketServer(
                host: serve.host, port: serve.port, pingAfter: pingAfter ?? 30)
        } catch {
            FileHandle.standardError.write(
                Data(
                    "checklist: cannot listen on \(serve.host):\(serve.port): \(error); nothing is served\n"
                        .utf8))
            throw ExitCode(ExitStatus.ioError.rawValue)
        }
        // A link lasts across restarts: its secret is kept (hashed) in the database, so it can
        // be shown only when it is made, the first time or with --new-link. One link a person
        // named, else the plain link.
        let people = serve.person.isEmpty ? [""] : Array(Set(serve.person)).sorted()
        var links: [(person: String, secret: String?, made: String?)] = []
        do {
            if !serve.person.isEmpty, try !store.mayRecordOtherAuthors() {
                FileHandle.standardError.write(
                    Data(
                        ("checklist: --person needs a role that owns the schema checklist (or a"
                            + " superuser): on this server a role records changes under its own"
                            + " name only; nothing is served\n").utf8))
                throw ExitCode(ExitStatus.usage.rawValue)
            }
            let existing = try store.pageLinks()
            for name in people {
                let made = existing.first { $0.person == name }?.createdAt
                let secret = serve.newLink || made == nil ? try store.makePageLink(for: name) : nil
                links.append((name, secret, made))
            }
        } catch let error as ChecklistError {
            FileHandle.standardError.write(
                Data("checklist: \(RawPath.shown(error.description))\n".utf8))
            throw ExitCode(ExitStatus(error).rawValue)
        }
        let storeThread = StoreThread()
        let pages = PageServer(
            store: store, list: listName,
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
        for link in links {
            // A person's line starts with their name: `ana: http://…`.
            let name = link.person.isEmpty ? "" : link.person + ": "
            if let secret = link.secret {
                let url = "\(address)/\(secret)/"
                FileHandle.standardOutput.write(Data((name + url + "\n").utf8))
                // The QR code's escape codes only where a person looks at them.
                if isatty(STDOUT_FILENO) == 1 { Self.printQRCode(url) }
            } else {
                let when = link.made.map {
                    " (made \($0.prefix(16).replacingOccurrences(of: "T", with: " ")) UTC)"
                }
                let again = link.person.isEmpty ? "" : " --person '\(link.person)'"
                FileHandle.standardOutput.write(
                    Data(
                        ("\(name)\(address)/: the page's link\(when ?? "") still works; it is shown"
                            + " only when it is made: checklist serve --new-link\(again) makes a new"
                            + " one\n").utf8))
            }
        }
        if !serve.host.hasPrefix("127.") {
            // One line where the person who shares the list reads it.
            FileHandle.standardError.write(
                Data(
                    ("checklist: the link is plain HTTP: on the network it crosses in the clear,"
                        + " token and taps; put HTTPS in front (the manual's page for phones"
                        + " shows Caddy)\n").utf8))
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
