/// The terminal as the editor uses it: raw mode through termios, the alternate screen, a
/// hidden cursor; and the one way back, taken on every exit: `q`, an error, or a signal.
///
/// The state to restore lives in globals, so a signal handler can restore it with
/// async-signal-safe calls only (`tcsetattr`, `write`, `_exit`) while the main loop may be in
/// the middle of anything, a database write included (SQLite's journal makes a transaction
/// cut off there roll back).
enum Terminal {
    /// Ends bracketed paste, leaves the alternate screen and shows the cursor again; the
    /// attributes are reset first.
    private static let leaveSequence: [UInt8] = Array(
        "\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l".utf8)
    /// The alternate screen, no cursor, and bracketed paste: a paste arrives marked as one,
    /// so its text is never taken for keys.
    private static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H\u{1B}[2J"

    /// Takes the terminal: saves its mode, sets raw mode, enters the alternate screen. The
    /// signals that end the program restore it first and exit 128 + their number.
    static func enter() throws {
        try saveMode()
        // Initialised here, before any handler may touch them.
        suspendPending = 0
        resizePending = 0
        _ = leaveSequence.count
        for signal in Platform.terminatingSignals {
            Platform.handle(signal) { number in
                Terminal.restore()
                Platform.exitAtOnce(128 + number)
            }
        }
        // Ctrl-Z: the main loop gives the terminal back before the process stops.
        Platform.handle(Platform.suspendSignal, with: noteSuspend)
        Platform.handle(Platform.resizeSignal) { _ in Terminal.resizePending = 1 }
        try take()
    }

    /// Ctrl-Z's handler: the main loop sees it between keys.
    private static let noteSuspend: @convention(c) (Int32) -> Void = { _ in
        Terminal.suspendPending = 1
    }

    /// Reads the terminal's mode, to restore it later.
    private static func saveMode() throws {
        if let failure = Platform.saveTerminalMode() {
            throw TerminalFailure("cannot read the terminal's mode: " + Platform.describe(failure))
        }
    }

    private static func take() throws {
        if let failure = Platform.setRawTerminalMode() {
            throw TerminalFailure("cannot set the terminal's mode: " + Platform.describe(failure))
        }
        isTaken = 1
        write(enterSequence)
    }

    /// Whether Ctrl-Z came since the last call.
    static func takeSuspend() -> Bool {
        guard suspendPending == 1 else { return false }
        suspendPending = 0
        return true
    }

    /// Ctrl-Z: puts the terminal back as it was, stops the process as every full-screen
    /// program does, and takes the terminal again when `fg` continues it (the caller redraws).
    static func suspend() throws {
        restore()
        Platform.stopUntilContinued(thenHandleWith: noteSuspend)
        // Continued: the mode as the shell left it now is the one to restore at the end.
        try saveMode()
        try take()
    }

    /// Puts the terminal back exactly as `enter` found it. Safe in a signal handler, and
    /// harmless when called twice.
    static func restore() {
        guard isTaken == 1 else { return }
        isTaken = 0
        leaveSequence.withUnsafeBytes { Platform.writeOnce(Platform.terminalOutput, $0) }
        Platform.restoreTerminalMode()
    }

    /// The terminal's rows and columns (24x80 when it does not say).
    static func size() -> (rows: Int, columns: Int) {
        Platform.terminalSize(of: Platform.terminalOutput) ?? (24, 80)
    }

    /// Whether SIGWINCH came since the last call.
    static func takeResize() -> Bool {
        guard resizePending == 1 else { return false }
        resizePending = 0
        return true
    }

    /// Clears the whole screen (after a resize, before a full redraw).
    static func clear() {
        write("\u{1B}[H\u{1B}[2J")
    }

    /// Writes all of `text` to the terminal.
    static func write(_ text: String) {
        var text = text
        _ = text.withUTF8 { Platform.writeAll(Platform.terminalOutput, UnsafeRawBufferPointer($0)) }
    }

    /// What waiting for input brought.
    enum Input {
        case bytes([UInt8])
        /// The wait ran out: a lone ESC is a key of its own now.
        case timeout
        /// A signal (Ctrl-Z, a resize) cut the wait short: more bytes of a key may follow.
        case interrupted
        /// The terminal is gone.
        case closed
    }

    /// Waits up to `milliseconds` for input.
    static func read(waiting milliseconds: Int32) -> Input {
        switch Platform.waitForInput(Platform.terminalInput, milliseconds: milliseconds) {
        case .timeout: return .timeout
        case .interrupted: return .interrupted
        case .failed: return .closed
        case .ready: break
        }
        guard let bytes = Platform.readAvailable(Platform.terminalInput, upTo: 4096) else {
            return .closed
        }
        return bytes.isEmpty ? .interrupted : .bytes(bytes)
    }

    nonisolated(unsafe) private static var isTaken: Int32 = 0
    nonisolated(unsafe) private static var suspendPending: Int32 = 0
    nonisolated(unsafe) private static var resizePending: Int32 = 0
}

/// The terminal refused raw mode.
struct TerminalFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
