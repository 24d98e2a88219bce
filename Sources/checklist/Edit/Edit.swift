import ArgumentParser
import ChecklistCore
import ChecklistEditor
import ChecklistModel
import ChecklistStore

extension ChecklistCommand {
    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", _superCommandName: "checklist",
            abstract: "Check items off in a full-screen view of a list.",
            discussion: """
                Keys: j/k or arrows move, space checks or unchecks, a/n/i check, uncheck or \
                invert every item shown, d then y deletes the checked items shown, u undoes, \
                / filters, o adds, r renames, J/K move an item, Tab switches lists, ? shows \
                every key, q quits. Every change is recorded as by the command of the same \
                name, so 'checklist undo' and 'checklist history' see it. Needs a terminal: \
                scripts use 'checklist list' and 'checklist check'.
                Example: checklist edit -l camping
                """)

        @OptionGroup var store: StoreOptions
        @OptionGroup var list: ListOptions
        @OptionGroup var colors: ColorOptions

        func run() throws {
            // Before anything is opened or created: a script gets a pointer, not a screen.
            guard Platform.isTerminal(Platform.standardInput),
                Platform.isTerminal(Platform.standardOutput)
            else {
                Output.reportError(
                    "edit needs a terminal; in scripts use 'checklist list' and 'checklist check'")
                throw ExitCode(ExitStatus.usage.rawValue)
            }
            let (engine, readOnlyReason) = try openEngine()
            var driver = EditorDriver(
                list: try list.name, engine: engine, usesColour: colors.isColored,
                readOnlyReason: readOnlyReason)
            let status = try driver.run()
            if status != 0 { throw ExitCode(status) }
        }

        /// The store, and the list checked before the screen is taken: a list named with `-l`
        /// must exist (exit 3); a missing file or default list opens empty, and the file is
        /// created by the first `o`. A database that can only be read opens for viewing, with
        /// the reason it cannot be changed.
        private func openEngine() throws -> (EditorEngine, readOnlyReason: String?) {
            let location = try DatabaseLocation.resolve(
                explicitPath: store.db, environment: Environment.databaseVariables)
            let fileExists = Platform.exists(location.path)
            let opened: ChecklistStore
            var readOnlyReason: String?
            do {
                opened = try store.openForChanging()
            } catch ChecklistError.databaseUnavailable(_, let reason)
                where fileExists && reason.contains("read-only")
            {
                opened = try store.openForReading()
                readOnlyReason = "read-only database, nothing changed: \(reason)"
            }
            let name = try list.name
            if name != ListName.defaultList,
                try !opened.lists().contains(where: { $0.name == name })
            {
                throw ChecklistError.listNotFound(name.text)
            }
            if fileExists { return (EditorEngine(store: opened), readOnlyReason) }
            return (
                EditorEngine(store: opened, openForAdding: { try store.openForAdding() }), nil
            )
        }
    }
}

/// The terminal loop: keys in, effects performed, the screen redrawn; every 250 ms a look at
/// the database's data version, so other processes' changes show within a second.
struct EditorDriver {
    private var session: EditorSession
    private var encoder: ScreenEncoder
    private var size: (rows: Int, columns: Int)
    private static let pollInterval: Int64 = 250
    /// How long a lone ESC waits for the rest of an escape sequence.
    private static let escapeWait: Int32 = 40

    /// `picking`: a picker (`checklist pick`, `--pick`) rather than the edit mode, with
    /// `match` as its first filter.
    init(
        list: ListName, engine: EditorEngine, usesColour: Bool, readOnlyReason: String?,
        picking: EditorPicking? = nil, match: String = ""
    ) {
        size = Terminal.size()
        session = EditorSession(
            list: list, engine: engine, rows: size.rows, columns: size.columns,
            readOnlyReason: readOnlyReason, picking: picking, match: match)
        encoder = ScreenEncoder(usesColour: usesColour)
    }

    /// Runs until `q`, Esc or a signal; returns the exit status. The terminal is restored on
    /// every way out of here (signals restore it in their handler).
    mutating func run() throws -> Int32 {
        try Terminal.enter()
        defer { Terminal.restore() }
        var version: Int64?
        session.reloadIfChanged(since: &version)
        var pending: [UInt8] = []
        var lastPoll = Self.now()
        draw()
        while session.exitStatus == nil {
            if Terminal.takeSuspend() {
                try Terminal.suspend()
                encoder.invalidate()
                Terminal.clear()
                size = Terminal.size()
                session.send(.resized(rows: size.rows, columns: size.columns))
                draw()
            }
            if Terminal.takeResize() {
                size = Terminal.size()
                session.send(.resized(rows: size.rows, columns: size.columns))
                encoder.invalidate()
                Terminal.clear()
            }
            var timedOut = false
            // With reads left between keys (a filter over a long list), only a look for keys:
            // a key always comes before them.
            let idle = pending.isEmpty && session.hasIdleWork
            switch Terminal.read(waiting: idle ? 0 : pending.isEmpty ? 100 : Self.escapeWait) {
            case .bytes(let bytes): pending += bytes
            case .timeout: timedOut = true
            case .interrupted: break
            case .closed: return 129  // the terminal went away: as SIGHUP
            }
            let decoded = KeyDecoder.decode(pending, isFinal: timedOut)
            pending.removeFirst(decoded.used)
            // A slow write (an undo) shows that it is working before it waits for the store.
            var frames = encoder
            let screen = size
            for key in decoded.keys where session.exitStatus == nil {
                session.send(.key(key)) { state in
                    let lines = EditorScreen.lines(
                        for: state, rows: screen.rows, columns: screen.columns)
                    let frame = frames.frame(lines)
                    if !frame.isEmpty { Terminal.write(frame) }
                }
            }
            encoder = frames
            if idle && timedOut && pending.isEmpty { session.workWhileIdle() }
            if Self.now() - lastPoll >= Self.pollInterval {
                session.reloadIfChanged(since: &version)
                lastPoll = Self.now()
            }
            if session.exitStatus == nil { draw() }
        }
        return session.exitStatus ?? 0
    }

    /// What the picker chose (once `run` returned 0), and the list it was chosen from under
    /// its name now (a rename elsewhere is followed).
    var picked: Picker.Choice? {
        guard let ids = session.picked, let identity = session.state.listIdentity else {
            return nil
        }
        return Picker.Choice(ids: ids, list: session.state.list, identity: identity)
    }

    private mutating func draw() {
        let lines = EditorScreen.lines(for: session.state, rows: size.rows, columns: size.columns)
        let frame = encoder.frame(lines)
        if !frame.isEmpty { Terminal.write(frame) }
    }

    /// Milliseconds on the monotonic clock.
    private static func now() -> Int64 {
        Platform.monotonicMilliseconds()
    }
}
