import Glibc

/// The terminal's system calls, for the editor's `Terminal`: termios modes, the window size,
/// waiting for a key, and the signals a full-screen program handles. What is called from a
/// signal handler here is async-signal-safe (`tcsetattr`, `write`, `_exit`).
extension Platform {
    /// The signals that end the program, whose handler must give the terminal back first.
    static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// Ctrl-Z.
    static let suspendSignal: Int32 = SIGTSTP
    /// The window changed size.
    static let resizeSignal: Int32 = SIGWINCH

    /// The terminal the full-screen screens read keys from and draw on: standard input and
    /// output for `edit`; the controlling terminal (`/dev/tty`) for the picker, whose standard
    /// output is the pipe its choice goes to. Set before `Terminal.enter`; read by signal
    /// handlers.
    nonisolated(unsafe) static var terminalInput: Int32 = STDIN_FILENO
    nonisolated(unsafe) static var terminalOutput: Int32 = STDOUT_FILENO

    /// Opens the process's controlling terminal for reading and writing; the `errno` of a
    /// failure (ENXIO: there is none, as under cron or `setsid`).
    static func openControllingTerminal() -> Result<Int32, Failure> {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        return descriptor >= 0 ? .success(descriptor) : .failure(Failure(code: errno))
    }

    /// Draws on `descriptor`, reading keys from it too (the picker's `/dev/tty`).
    static func useTerminal(_ descriptor: Int32) {
        terminalInput = descriptor
        terminalOutput = descriptor
    }

    /// Runs `handler` on `signal` from now on.
    static func handle(_ signal: Int32, with handler: @convention(c) (Int32) -> Void) {
        _ = Glibc.signal(signal, handler)
    }

    /// Stops the process as Ctrl-Z does by default, and returns when `fg` continues it; the
    /// handler set before is set again.
    static func stopUntilContinued(thenHandleWith handler: @convention(c) (Int32) -> Void) {
        _ = Glibc.signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        _ = Glibc.signal(SIGTSTP, handler)
    }

    /// _exit(2): ends at once, from a signal handler too.
    static func exitAtOnce(_ status: Int32) -> Never {
        _exit(status)
    }

    /// One write(2), safe in a signal handler.
    static func writeOnce(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        if let start = bytes.baseAddress { _ = Glibc.write(descriptor, start, bytes.count) }
    }

    /// The mode standard input's terminal had when `saveTerminalMode` read it, and the raw
    /// mode derived from it: globals, so a signal handler can restore the first.
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

    /// Reads the terminal's mode, to restore it later, and derives the raw mode from it: no
    /// echo, no line editing, no Ctrl-V or Ctrl-S/Q flow control, CR stays CR. ISIG stays on,
    /// so Ctrl-C is SIGINT and ends the editor with 130 as everywhere else. The `errno` of a
    /// failure, or nil.
    static func saveTerminalMode() -> Int32? {
        guard tcgetattr(terminalInput, savedMode) == 0 else { return errno }
        var raw = savedMode.pointee
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | ISTRIP | BRKINT)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        rawMode.pointee = raw
        return nil
    }

    /// Sets the raw mode `saveTerminalMode` derived; the `errno` of a failure, or nil.
    static func setRawTerminalMode() -> Int32? {
        tcsetattr(terminalInput, TCSANOW, rawMode) == 0 ? nil : errno
    }

    /// Sets the saved mode again, once the output written so far is out. Safe in a signal
    /// handler.
    static func restoreTerminalMode() {
        _ = tcsetattr(terminalInput, TCSADRAIN, savedMode)
    }

    /// The rows and columns of standard output's terminal (or `descriptor`'s), when it says.
    static func terminalSize(of descriptor: Int32 = STDOUT_FILENO) -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0,
            size.ws_col > 0
        else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }

    enum Readiness {
        case ready, timeout, interrupted, failed
    }

    /// Waits up to `milliseconds` for input on `descriptor` (poll(2)).
    static func waitForInput(_ descriptor: Int32, milliseconds: Int32) -> Readiness {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, milliseconds)
        if ready == 0 { return .timeout }
        if ready < 0 { return errno == EINTR ? .interrupted : .failed }
        return .ready
    }
}
