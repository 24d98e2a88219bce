import ChecklistCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// stdout carries data, stderr carries summaries and errors; nothing else in the executable
/// writes.
enum Output {
    /// Buffered standard output: a million-line list is a few hundred `write` calls.
    nonisolated(unsafe) static var standardOutput = FileOutput(descriptor: STDOUT_FILENO)

    /// Whether standard output is a terminal (a person reads it).
    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

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

/// A `TextOutputStream` over a file descriptor, with a buffer of its own.
struct FileOutput: TextOutputStream {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private static let capacity = 1 << 16

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
        var offset = 0
        buffer.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress else { return }
            while offset < bytes.count {
                let written = Glibc.write(descriptor, start + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // the reader went away (EPIPE): nothing more to say
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// English for counts: "1 item", "3 items".
func items(_ count: Int) -> String {
    count == 1 ? "1 item" : "\(count) items"
}
