import ChecklistModel

/// The state machine wired to the engine: an event goes in, every effect it causes is
/// performed and its result fed back, until nothing is left to do. The terminal driver and
/// the tests use this same loop.
public struct EditorSession {
    public private(set) var state: EditorState
    private var engine: EditorEngine
    /// What a picker chose, once `Enter` chose it (the session then has exit status 0).
    public var picked: IDSet? { state.picking?.chosen }
    /// Set once an effect asked to quit.
    public private(set) var exitStatus: Int32?
    /// Why the database cannot be reached now (a server's connection dropped), while it is so.
    public private(set) var lostConnection: String?

    /// `readOnlyReason`: the database could only be opened for reading, and why; keys that
    /// would change it say so in the footer.
    /// `picking`: a picker rather than the edit mode, with `match` as its first filter.
    public init(
        list: ListName, engine: EditorEngine, rows: Int, columns: Int,
        readOnlyReason: String? = nil,
        picking: EditorPicking? = nil, match: String = ""
    ) {
        state = EditorState(list: list, picking: picking, match: match)
        state.readOnlyReason = readOnlyReason
        self.engine = engine
        send(.resized(rows: rows, columns: columns))
    }

    /// Applies the event and everything that follows from it. `drawing` is called with the
    /// state before a write that may take a while (`EditorState.isWorking`), so the screen
    /// says it is working while the store is busy.
    public mutating func send(_ event: EditorEvent, drawing: ((EditorState) -> Void)? = nil) {
        var effects = state.handle(event)
        while !effects.isEmpty {
            let effect = effects.removeFirst()
            if case .quit(let status) = effect {
                exitStatus = status
                return
            }
            if case .write = effect, state.isWorking { drawing?(state) }
            if let result = engine.perform(effect) { effects += state.handle(result) }
        }
    }

    /// Whether a read waits to be made between keys (the rest of a filtered window, or its
    /// count): the driver then looks for keys without waiting.
    public var hasIdleWork: Bool { state.idleEffect() != nil }

    /// Makes one bounded read that waits for a moment without keys (see
    /// `EditorState.idleEffect`); returns whether there was one.
    @discardableResult
    public mutating func workWhileIdle() -> Bool {
        guard let effect = state.idleEffect() else { return false }
        var effects = [effect]
        while !effects.isEmpty {
            let next = effects.removeFirst()
            if let result = engine.perform(next) { effects += state.handle(result) }
        }
        return true
    }

    /// Polls for changes by other processes: reloads when the data version moved since the
    /// last call. Returns whether it reloaded. When the database cannot be reached (a
    /// server's connection dropped), the footer says so once; the next call that reaches it
    /// again reads everything again.
    @discardableResult
    public mutating func reloadIfChanged(since version: inout Int64?) -> Bool {
        let current: Int64
        do {
            current = try engine.dataVersion()
        } catch {
            if lostConnection == nil {
                let reason = EditorEngine.footerText(error)
                lostConnection = reason
                state.connectionLost =
                    "connection lost, reconnecting; nothing changes until then (\(reason))"
                send(
                    .failed(
                        "connection lost, reconnecting; nothing changes until then (\(reason))"))
            }
            return false
        }
        if lostConnection != nil {
            lostConnection = nil
            state.connectionLost = nil
            version = current
            reloadAfterExternalChange()
            send(.changed(focus: nil, note: "connected again"))
            return true
        }
        defer { version = current }
        guard let previous = version, previous != current else { return false }
        reloadAfterExternalChange()
        return true
    }

    /// Reads everything again, counts included, keeping the cursor on its item.
    public mutating func reloadAfterExternalChange() {
        engine.forgetTotals()
        send(.externalChange)
    }
}
