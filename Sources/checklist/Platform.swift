import ChecklistCore
import ChecklistModel
import Glibc
import Synchronization

/// The system calls the command line makes itself (the file engine makes its own through
/// `FileSystem`, and SQLite its own): Linux with glibc, the only system this
/// program is built and tested on. Only `Platform`'s files import Glibc; the rest of the
/// target sees Swift values and `errno` numbers it passes back here to describe.
enum Platform {
    static let standardInput: Int32 = STDIN_FILENO
    static let standardOutput: Int32 = STDOUT_FILENO
    static let standardError: Int32 = STDERR_FILENO

    /// Writes all the bytes, again after a signal cut a write short; the `errno` of a write
    /// that failed, or nil.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        guard let start = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, start + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Whether a failed write's `errno` says the reader went away (EPIPE).
    static func isBrokenPipe(_ code: Int32) -> Bool {
        code == EPIPE
    }

    /// Reads a descriptor to its end into `bytes`; nil, or why it stopped before the end.
    static func readAll(_ descriptor: Int32, into bytes: inout [UInt8]) -> ReadEnd? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress, $0.count)
            }
            if count > 0 {
                if bytes.count + count > inputLimit { return .tooLong }
                // Text never holds a NUL byte: reading stops at the first (`/dev/zero`, a
                // binary file), and the command refuses it where it is, naming its line.
                if let nul = chunk[0..<count].firstIndex(of: 0) {
                    bytes.append(contentsOf: chunk[0...nul])
                    return nil
                }
                bytes.append(contentsOf: chunk[0..<count])
            } else if count == 0 {
                return nil
            } else if errno != EINTR {
                return .failed(errno)
            }
        }
    }

    /// The most input a command reads (standard input, or a file to import): 64 MiB, some
    /// hundreds of thousands of items; `yes x | checklist add -` stops there.
    static let inputLimit = 64 << 20

    /// Why reading stopped before the end of input.
    enum ReadEnd: Error {
        case failed(Int32)
        case tooLong

        /// The problem, for a message about `source`.
        func problem(_ source: String) -> ChecklistError {
            switch self {
            case .failed(let code): .cannotRead(path: source, reason: Platform.describe(code))
            case .tooLong:
                .invalidInput(
                    "\(source) is longer than \(inputLimit >> 20) MiB; nothing changed (split it"
                        + " into several runs)")
            }
        }
    }

    /// Reads what is there now, up to `count` bytes: nil at the end of input or on an error,
    /// an empty array when a signal cut the read short.
    static func readAvailable(_ descriptor: Int32, upTo count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes {
            Glibc.read(descriptor, $0.baseAddress, $0.count)
        }
        if read < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        guard read > 0 else { return nil }
        return Array(buffer.prefix(read))
    }

    /// Milliseconds on the monotonic clock.
    static func monotonicMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// Whether anything exists at `path` (a dangling link does not).
    static func exists(_ path: String) -> Bool {
        RawPath.withCString(path) { access($0, F_OK) } == 0
    }

    /// The value of an environment variable, if set.
    static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The bytes of an environment variable, if set.
    static func environmentBytes(_ name: String) -> [UInt8]? {
        guard let value = getenv(name) else { return nil }
        return Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self),
                count: strlen(value)))
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

    /// A file's whole content; the `errno` of the open or read that failed.
    static func readFile(_ path: String) throws(ReadEnd) -> [UInt8] {
        let descriptor = RawPath.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw .failed(errno) }
        defer { Glibc.close(descriptor) }
        var bytes: [UInt8] = []
        if let end = readAll(descriptor, into: &bytes) { throw end }
        return bytes
    }

    /// A system call that failed: its `errno`.
    struct Failure: Error {
        let code: Int32
        /// "No such file or directory".
        var reason: String { Platform.describe(code) }
    }

    /// The local time of `seconds` since 1970 UTC: year, month (1–12), day, hour, minute; nil
    /// when the system cannot tell.
    static func localTime(
        ofUTC fields: (year: Int32, month: Int32, day: Int32, hour: Int32, minute: Int32)
    )
        -> (year: Int32, month: Int32, day: Int32, hour: Int32, minute: Int32)?
    {
        var utc = tm()
        utc.tm_year = fields.year - 1900
        utc.tm_mon = fields.month - 1
        utc.tm_mday = fields.day
        utc.tm_hour = fields.hour
        utc.tm_min = fields.minute
        var seconds = timegm(&utc)
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return nil }
        return (local.tm_year + 1900, local.tm_mon + 1, local.tm_mday, local.tm_hour, local.tm_min)
    }

    /// Waits `seconds` (for `sync --watch`'s looks).
    static func sleep(seconds: Double) {
        var wait = timespec(
            tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        var left = timespec()
        while nanosleep(&wait, &left) != 0 && errno == EINTR { wait = left }
    }

    /// Today's local date, `2026-11-28`.
    static func localDate() -> String {
        var seconds = time(nil)
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return "" }
        func pad(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(local.tm_year + 1900)-\(pad(local.tm_mon + 1))-\(pad(local.tm_mday))"
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

extension Platform {
    /// The path of a program in this binary's own folder.
    static func siblingExecutable(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        let own =
            count > 0
            ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments[0]
        let folder = own.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        return (folder.isEmpty ? "." : folder) + "/" + name
    }

    /// Sets an environment variable for this process and the programs it runs.
    static func setEnvironment(_ name: String, _ value: String) {
        _ = RawPath.withCString(value) { setenv(name, $0, 1) }  // a path's bytes as given
    }

    /// Replaces this process with the program (execv); returns only when it could not, with
    /// the reason.
    static func execute(_ path: String, arguments: [String]) -> String {
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(path, &pointers)
        let code = errno
        for pointer in pointers { free(pointer) }
        return describe(code)
    }
}

// MARK: - Signals

extension SyncWatch {
    /// Ctrl-C and SIGTERM: between syncs the handler ends the process with 0 (`_exit`, which a
    /// handler may call); during a sync it notes the request, which the loop honours after it.
    enum Stop {
        static let requested = Atomic<Bool>(false)
        static let syncing = Atomic<Bool>(false)

        static func install() {
            // Touched first here: a handler must not be the one to initialize them.
            _ = requested.load(ordering: .relaxed)
            _ = syncing.load(ordering: .relaxed)
            for number in [SIGINT, SIGTERM] {
                signal(number) { number in
                    guard Stop.syncing.load(ordering: .acquiring),
                        !Stop.requested.load(ordering: .acquiring)
                    else { _exit(Stop.requested.load(ordering: .acquiring) ? 128 + number : 0) }
                    Stop.requested.store(true, ordering: .releasing)
                }
            }
        }
    }
}
