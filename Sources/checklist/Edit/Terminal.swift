import Glibc

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
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] {
            Glibc.signal(signal) { number in
                Terminal.restore()
                _exit(128 + number)
            }
        }
        // Ctrl-Z: the main loop gives the terminal back before the process stops.
        Glibc.signal(SIGTSTP) { _ in Terminal.suspendPending = 1 }
        Glibc.signal(SIGWINCH) { _ in Terminal.resizePending = 1 }
        try take()
    }

    /// Reads the terminal's mode, to restore it later, and derives the raw mode from it.
    private static func saveMode() throws {
        guard tcgetattr(STDIN_FILENO, savedMode) == 0 else {
            throw TerminalFailure("cannot read the terminal's mode: " + Platform.describe(errno))
        }
        var raw = savedMode.pointee
        // No echo, no line editing, no Ctrl-V or Ctrl-S/Q flow control, CR stays CR. ISIG
        // stays on, so Ctrl-C is SIGINT and ends the editor with 130 as everywhere else.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP | BRKINT)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        rawMode.pointee = raw
    }

    private static func take() throws {
        guard tcsetattr(STDIN_FILENO, TCSANOW, rawMode) == 0 else {
            throw TerminalFailure("cannot set the terminal's mode: " + Platform.describe(errno))
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
        Glibc.signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Continued: the mode as the shell left it now is the one to restore at the end.
        Glibc.signal(SIGTSTP) { _ in Terminal.suspendPending = 1 }
        try saveMode()
        try take()
    }

    /// Puts the terminal back exactly as `enter` found it. Safe in a signal handler, and
    /// harmless when called twice.
    static func restore() {
        guard isTaken == 1 else { return }
        isTaken = 0
        leaveSequence.withUnsafeBytes { bytes in
            if let start = bytes.baseAddress { _ = Glibc.write(STDOUT_FILENO, start, bytes.count) }
        }
        _ = tcsetattr(STDIN_FILENO, TCSADRAIN, savedMode)
    }

    /// The terminal's rows and columns (24x80 when it does not say).
    static func size() -> (rows: Int, columns: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0,
            size.ws_col > 0
        else { return (24, 80) }
        return (Int(size.ws_row), Int(size.ws_col))
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
        var bytes = Array(text.utf8)
        var offset = 0
        bytes.withUnsafeMutableBytes { buffer in
            guard let start = buffer.baseAddress else { return }
            while offset < buffer.count {
                let written = Platform.write(STDOUT_FILENO, start + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
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
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready == 0 { return .timeout }
        if ready < 0 { return errno == EINTR ? .interrupted : .closed }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { bytes in
            guard let start = bytes.baseAddress else { return 0 }
            return Platform.read(STDIN_FILENO, start, bytes.count)
        }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return .interrupted }
        guard count > 0 else { return .closed }
        return .bytes(Array(buffer.prefix(count)))
    }

    nonisolated(unsafe) private static var savedMode: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    nonisolated(unsafe) private static var rawMode: UnsafeMutablePointer<termios> = {
        let pointer = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        pointer.initialize(to: termios())
        return pointer
    }()
    nonisolated(unsafe) private static var isTaken: sig_atomic_t = 0
    nonisolated(unsafe) private static var suspendPending: sig_atomic_t = 0
    nonisolated(unsafe) private static var resizePending: sig_atomic_t = 0
}

/// The terminal refused raw mode.
struct TerminalFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
