import ChecklistCore
import ChecklistModel

/// Standard input, read whole (it feeds one transaction anyway).
enum StandardInput {
    nonisolated(unsafe) private static var consumed: [UInt8]?

    /// All of stdin as bytes; read once, so a second `-` sees the same input. A read error
    /// (a closed descriptor: `checklist check - <&-`) is an error, never an empty input.
    static func readBytes() throws(ChecklistError) -> [UInt8] {
        if let consumed { return consumed }
        var bytes: [UInt8] = []
        if let end = Platform.readAll(Platform.standardInput, into: &bytes) {
            throw end.problem("standard input")
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

/// A file named on the command line, read whole.
enum InputFile {
    static func read(_ path: String) throws(ChecklistError) -> [UInt8] {
        do { return try Platform.readFile(path) } catch { throw error.problem(path) }
    }
}
