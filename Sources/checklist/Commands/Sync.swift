import ArgumentParser
import ChecklistCore
import ChecklistModel
import ChecklistStore
import ChecklistSync
import Synchronization

extension ChecklistCommand {
    struct Clone: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "clone", _superCommandName: "checklist",
            abstract: "Make an offline copy of a shared list's server database.",
            discussion: """
                FILE becomes a SQLite checklist database holding every list of the server's \
                database, with IDs, history and authors. Every command works on it with --db \
                FILE, offline; `checklist sync --db FILE` sends its changes and brings the \
                server's. The URI is remembered without its password (libpq's ~/.pgpass, \
                PGPASSWORD or a service file give it at each sync). FILE must not exist.
                Example: checklist clone postgresql://ana@db.example/trips ~/trips.db
                """)

        @OptionGroup var quiet: QuietOption

        @Option(
            name: .customLong("as"),
            help: ArgumentHelp(
                "The author of the copy's changes (default: the server role).", valueName: "name"))
        var author: String?

        @Argument(help: ArgumentHelp("The server's database.", valueName: "uri"))
        var uri: String

        @Argument(
            help: ArgumentHelp("The copy to make.", valueName: "file"), completion: .file())
        var file: String

        func run() throws {
            guard let server = PostgreSQLURI(uri) else {
                throw ValidationError(
                    "clone takes a postgresql:// or postgres:// URI, not \(Phrase.quotedInput(uri))"
                )
            }
            let report = try ChecklistStore.clone(from: server, to: file, author: author)
            for line in report.skipped { Output.reportError("left out \(line)") }
            Output.summarize(
                "cloned \(report.lists) \(report.lists == 1 ? "list" : "lists")"
                    + " (\(Phrase.items(report.items))) from \(server) into \(file), as"
                    + " \(report.author); IDs \(report.reservedIDs.lowerBound)-"
                    + "\(report.reservedIDs.upperBound) are set aside for items added offline",
                quiet: quiet.quiet)
        }
    }

    struct Sync: RequestCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync", _superCommandName: "checklist",
            abstract: "Send an offline copy's changes to its server and bring the server's.",
            discussion: """
                Each field of an item (checked, title, place) takes its latest edit, by the \
                time it was made; a delete wins over edits; lists merge by name. Prints one \
                line on stdout for each edit that lost to another author's, and a summary on \
                stderr. Exits 74, nothing changed, when the server cannot be reached; 64 on a \
                file that is not a copy (make one with `checklist clone`).
                Example: checklist sync --db ~/trips.db
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var quiet: QuietOption

        @Flag(
            help: """
                Keep syncing: after each change to the copy, and when the server says something \
                changed there; while the server is gone, say so and try again.
                """)
        var watch = false

        @Flag(
            help: """
                The server lost changes this copy holds (restored from a backup, or a replica \
                that lagged): give them back to it, with their history, then sync as usual.
                """)
        var restoreServer = false

        var request: Request {
            .sync(
                SyncRequest(
                    store: store.location, quiet: quiet.quiet, watch: watch,
                    restoreServer: restoreServer))
        }
    }
}

/// `sync` (the fast path makes it too: a sync with nothing to do is mostly start-up).
struct SyncRequest: Equatable {
    var store = StoreLocation()
    var quiet = false
    var watch = false
    var restoreServer = false

    func run() throws {
        ChecklistStore.prepareToSync()
        let copy = try store.openCopy()
        do {
            guard watch else {
                defer { StoreLifetime.closeAndKeepUntilExit(copy) }
                try show(try copy.sync(restoringServer: restoreServer))
                return
            }
            try SyncWatch(copy: copy, restoringServer: restoreServer, quiet: quiet, show: show)
                .run()
        } catch ChecklistError.serverWentBack(let lost, let since) {
            // The time as people read it: their local minute.
            throw ChecklistError.serverWentBack(lost: lost, since: LocalTime.minute(of: since))
        }
    }

    private func show(_ report: SyncReport) throws {
        for line in report.skipped { Output.reportError("left out \(line)") }
        // Authors, times and titles as the server stored them: escaped on a terminal, their
        // line breaks escaped anywhere (issue 48).
        let shown =
            Output.isTerminal ? TerminalText.escapingControls : TerminalText.escapingLineBreaks
        for renumbered in report.renumbered {
            Output.standardOutput.write(shown(SyncLines.line(renumbered)) + "\n")
        }
        for conflict in report.conflicts {
            Output.standardOutput.write(shown(SyncLines.line(conflict)) + "\n")
        }
        Output.standardOutput.flush()
        Output.summarize(
            "sent \(SyncLines.changes(report.sent)), received"
                + " \(SyncLines.changes(report.received)),"
                + " \(report.conflicts.count) \(report.conflicts.count == 1 ? "conflict" : "conflicts")",
            quiet: quiet)
    }
}

/// The lines `sync` prints.
enum SyncLines {
    static func changes(_ count: Int) -> String {
        count == 1 ? "1 change" : "\(count) changes"
    }

    /// `item 2001 'Lantern': added offline, now item 3017 (…why)`.
    static func line(_ renumbered: SyncRenumbered) -> String {
        "item \(renumbered.from) \(Phrase.quoted(renumbered.title)): added offline, now item"
            + " \(renumbered.to) ("
            + (renumbered.isFork
                ? "this copy's file was put back from a backup or copied, and its IDs were"
                    + " another copy's"
                : "its ID was another item's on the server") + ")"
    }

    /// `item 12 'Tent': your uncheck (09:00, ana) lost to bob's check (10:05)`.
    static func line(_ conflict: SyncConflict) -> String {
        let subject =
            conflict.itemID.map { "item \($0) \(Phrase.quoted(conflict.title))" } ?? conflict.title
        return "\(subject): \(side(conflict.loser)) lost to \(side(conflict.winner))"
    }

    private static func side(_ edit: SyncConflict.Edit) -> String {
        let time = edit.time.map(shortTime)
        if edit.isYours {
            return
                "your \(edit.what) (\([time, edit.author].compactMap { $0 }.joined(separator: ", ")))"
        }
        guard let author = edit.author else {
            if edit.what.hasPrefix("the ") { return edit.what }
            let article = "aeiou".contains(edit.what.first ?? "x") ? "an" : "a"
            return "\(article) \(edit.what) elsewhere"
        }
        return "\(author)'s \(edit.what)" + (time.map { " (\($0))" } ?? "")
    }

    /// The local time to the second (two edits a minute apart are told apart); the date too
    /// when it is not today.
    static func shortTime(_ timestamp: String) -> String {
        let local = LocalTime.minute(of: timestamp)
        guard local.count == 16 else { return local }
        let seconds = Array(timestamp.utf8)
        let second =
            seconds.count >= 19 && seconds[16] == UInt8(ascii: ":")
            ? ":" + String(decoding: seconds[17..<19], as: UTF8.self) : ""
        guard local.prefix(10) == Platform.localDate() else { return local + second }
        return String(local.suffix(5)) + second
    }
}

/// `sync --watch`: syncs at once, then whenever the copy changes (another process's commit
/// moves its data version) or the server's NOTIFY says something changed there, looking twice
/// a second; until killed. A server out of reach is said once on stderr, and tried again every
/// few seconds; any other error ends it (a server that refuses this role, among them: trying
/// again cannot help). Ctrl-C and SIGTERM end it with 0, as they end `serve`: at once between
/// syncs, after the sync under way otherwise (a second signal ends that sync too, with
/// 128 + its number; a cut sync loses nothing and the next completes it).
struct SyncWatch {
    let copy: ChecklistStore
    /// `--restore-server`: its first sync gives the server back what it lost.
    var restoringServer = false
    /// `-q`: no line when it starts.
    var quiet = false
    let show: (SyncReport) throws -> Void
    /// How long it waits between looks, and before trying an unreachable server again.
    var interval = 0.5
    var retry = 3.0

    func run() throws {
        guard let uri = try copy.offlineCopyServer() else {
            _ = try copy.sync()  // says what a file that is not a copy is
            return
        }
        Stop.install()
        Output.summarize(
            "syncing whenever this copy or its server changes; Ctrl-C stops", quiet: quiet)
        var restoringServer = self.restoringServer
        var server: ChecklistStore?
        var serverSeen: Int64?
        var localSeen = try copy.dataVersion()
        var mustSync = true
        var wasUnreachable = false
        while true {
            if mustSync {
                do {
                    // Read before the sync: a change committed while it runs is synced next.
                    let before = try copy.dataVersion()
                    Stop.syncing.store(true, ordering: .releasing)
                    defer { Stop.syncing.store(false, ordering: .releasing) }
                    let report = try copy.sync(restoringServer: restoringServer)
                    restoringServer = false
                    if report.sent + report.received + report.conflicts.count > 0 {
                        try show(report)
                    }
                    if Stop.requested.load(ordering: .acquiring) { return }
                    if wasUnreachable {
                        Output.summarize("the server is back; in step again", quiet: false)
                    }
                    wasUnreachable = false
                    mustSync = false
                    localSeen = before
                } catch let error as ChecklistError
                    where ExitStatus(error) == .ioError && !error.isRefusal
                {
                    if !wasUnreachable {
                        Output.reportError(
                            "\(error.description); trying again every \(Int(retry)) s")
                    }
                    wasUnreachable = true
                    server = nil
                    Platform.sleep(seconds: retry)
                    continue
                }
            }
            Platform.sleep(seconds: interval)
            let local = try copy.dataVersion()
            if local != localSeen { mustSync = true }
            do {
                if server == nil {
                    let uri = try copy.offlineCopyServer() ?? uri
                    server = try DatabaseOpener.openForReading(DatabaseLocation(server: uri))
                    serverSeen = nil
                }
                let version = try server?.dataVersion()
                // Newly listening: what changed before it listened is caught by a sync.
                if version != serverSeen { mustSync = true }
                serverSeen = version
            } catch let error as ChecklistError where ExitStatus(error) == .ioError {
                server = nil
                mustSync = true
            }
        }
    }
}

extension ChecklistError {
    /// A refusal that trying again cannot change.
    var isRefusal: Bool {
        if case .serverRefused = self { return true }
        return false
    }
}
