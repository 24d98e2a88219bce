import Glibc

/// The system calls the command line makes itself (the rest goes through SQLite and GRDB):
/// Linux with glibc, the only system this program is built and tested on.
enum Platform {
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        Glibc.write(descriptor, bytes, count)
    }

    static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
        Glibc.read(descriptor, bytes, count)
    }

    /// The value of an environment variable, if set.
    static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Whether the variable, if set, is valid UTF-8 (`environmentValue` shows bad bytes as
    /// U+FFFD).
    static func environmentValueIsUTF8(_ name: String) -> Bool {
        guard let value = getenv(name) else { return true }
        return String(validatingCString: value) != nil
    }

    /// strlen(3).
    static func length(ofCString pointer: UnsafePointer<CChar>) -> Int {
        strlen(pointer)
    }

    /// Opens a file to read; -1 with `errno` set on failure.
    static func openForReading(_ path: String) -> Int32 {
        open(path, O_RDONLY | O_CLOEXEC)
    }

    static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    static func exit(_ status: Int32) -> Never {
        Glibc.exit(status)
    }

    /// The system's words for an `errno`: "No space left on device".
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// A write past a file-size limit must fail with an error SQLite reports, not kill us; a
    /// reader that went away must show up as EPIPE on the write, not kill us either.
    static func ignoreFatalWriteSignals() {
        signal(SIGXFSZ, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
    }

    /// Standard input, output and error that the caller closed (`checklist list >&-`) are
    /// opened on /dev/null the wrong way round, so that reading or writing them fails with
    /// EBADF as it would on the closed descriptor, and no file the program opens later (the
    /// database) can take their numbers and receive its output.
    static func holdClosedStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }
}
