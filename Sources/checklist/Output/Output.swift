import ChecklistCore
import Glibc

/// stdout carries data, stderr carries summaries and errors; nothing else in the executable
/// writes.
enum Output {
    /// Buffered standard output: a million-line list is a few hundred `write` calls.
    nonisolated(unsafe) static var standardOutput = FileOutput(descriptor: STDOUT_FILENO)

    /// Whether standard output is a terminal (a person reads it).
    static var isTerminal: Bool { Platform.isTerminal(STDOUT_FILENO) }

    /// Flushes standard output; a write that failed (full disk, I/O error, closed descriptor)
    /// is an error of the command, not a silent loss.
    static func finishStandardOutput() throws(OutputFailure) {
        standardOutput.flush()
        if let failure = standardOutput.failure { throw OutputFailure(errno: failure) }
    }

    /// Writes one error line on stderr.
    static func reportError(_ message: String) {
        writeLine("checklist: " + message, to: STDERR_FILENO)
    }

    /// Writes a command's summary line on stderr, unless `quiet`.
    static func summarize(_ message: String, quiet: Bool) {
        guard !quiet else { return }
        standardOutput.flush()  // keep the summary after the data on a shared terminal
        writeLine(message, to: STDERR_FILENO)
    }

    /// Writes a question on stderr, without a line break, before reading the answer.
    static func ask(_ question: String) {
        standardOutput.flush()
        var output = FileOutput(descriptor: STDERR_FILENO)
        output.write(question)
        output.flush()
    }

    private static func writeLine(_ line: String, to descriptor: Int32) {
        var output = FileOutput(descriptor: descriptor)
        output.write(line + "\n")
        output.flush()
    }
}

/// A `TextOutputStream` over a file descriptor, with a buffer of its own. The first failed
/// write is kept in `failure` (and later writes are dropped), so the command can report it
/// once it is done. On standard output, a reader that went away (EPIPE: `checklist list |
/// head -3`) ends the process quietly with status 0: nobody is left to read the rest.
struct FileOutput: TextOutputStream {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16
    /// The `errno` of the first write that failed.
    private(set) var failure: Int32?

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(FileOutput.capacity)
    }

    mutating func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= FileOutput.capacity { flush() }
    }

    mutating func write(bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= FileOutput.capacity { flush() }
    }

    mutating func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        var offset = 0
        let descriptor = self.descriptor
        let error: Int32? = buffer.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return nil }
            while offset < bytes.count {
                let written = Platform.write(descriptor, start + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        guard let error else { return }
        if error == EPIPE && descriptor == STDOUT_FILENO { Platform.exit(0) }
        failure = error
    }
}

/// English for counts: "1 item", "3 items".
func items(_ count: Int) -> String {
    count == 1 ? "1 item" : "\(count) items"
}

/// A write to standard output that failed.
struct OutputFailure: Error {
    let errno: Int32

    /// "No space left on device".
    var reason: String { Platform.describe(errno) }
}
