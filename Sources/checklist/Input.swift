import ChecklistCore
import Glibc

/// Standard input, read whole (it feeds one transaction anyway).
enum StandardInput {
    nonisolated(unsafe) private static var consumed: [UInt8]?

    /// All of stdin as bytes; read once, so a second `-` sees the same input. A read error
    /// (a closed descriptor: `checklist check - <&-`) is an error, never an empty input.
    static func readBytes() throws(ChecklistError) -> [UInt8] {
        if let consumed { return consumed }
        var bytes: [UInt8] = []
        guard readAll(STDIN_FILENO, into: &bytes) else {
            throw .cannotRead(path: "standard input", reason: Platform.describe(errno))
        }
        consumed = bytes
        return bytes
    }

    /// All of stdin, without a UTF-8 byte-order mark at its start: an editor's mark is no
    /// part of the first title or ID. (`import` reads `readBytes`: its formats skip the mark
    /// themselves, as they do in a file.)
    static func readContent() throws(ChecklistError) -> ArraySlice<UInt8> {
        let bytes = try readBytes()
        return bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    }

    static func readText() throws(ChecklistError) -> String {
        String(decoding: try readContent(), as: UTF8.self)
    }
}

/// Reads a descriptor to its end; returns false (with `errno` set) on a read error.
func readAll(_ descriptor: Int32, into bytes: inout [UInt8]) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = chunk.withUnsafeMutableBytes { buffer in
            guard let start = buffer.baseAddress else { return 0 }
            return Platform.read(descriptor, start, buffer.count)
        }
        if count > 0 {
            bytes.append(contentsOf: chunk[0..<count])
        } else if count == 0 {
            return true
        } else if errno != EINTR {
            return false
        }
    }
}

/// A file named on the command line, read whole.
enum InputFile {
    static func read(_ path: String) throws -> [UInt8] {
        let descriptor = Platform.openForReading(path)
        guard descriptor >= 0 else {
            throw ChecklistError.cannotRead(path: path, reason: Platform.describe(errno))
        }
        defer { Platform.close(descriptor) }
        var bytes: [UInt8] = []
        guard readAll(descriptor, into: &bytes) else {
            throw ChecklistError.cannotRead(path: path, reason: Platform.describe(errno))
        }
        return bytes
    }
}
