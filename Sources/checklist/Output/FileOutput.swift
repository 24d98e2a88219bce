import ChecklistCore
import ChecklistModel

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

    /// Writes bytes borrowed for the call (a row of SQLite's, say).
    mutating func write(raw bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= FileOutput.capacity { flush() }
    }

    /// Writes an integer in decimal, without making a `String` of it (JSON's integers are the
    /// same text).
    mutating func write(decimal value: Int64) {
        JSONText.appendInteger(value, to: &buffer)
        if buffer.count >= FileOutput.capacity { flush() }
    }

    mutating func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        let descriptor = self.descriptor
        let error = buffer.withUnsafeBytes { Platform.writeAll(descriptor, $0) }
        guard let error else { return }
        if Platform.isBrokenPipe(error) && descriptor == Platform.standardOutput {
            Platform.exit(0)
        }
        failure = error
    }
}
