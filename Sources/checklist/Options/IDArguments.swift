import ArgumentParser
import ChecklistCore

#if canImport(Glibc)
    import Glibc
#endif

/// The IDS arguments of the bulk commands, and `--ignore-missing`.
struct IDArguments: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "IDs: 12, a range 3-7, or a mix 1,4,9-11; - reads more from stdin.",
            valueName: "ids"))
    var expressions: [String] = []

    @Flag(help: "Apply the command to the IDs that exist and skip the missing ones.")
    var ignoreMissing = false

    /// What the command applies to: the IDs given, or the list-wide form when its flag is set.
    func selection(orListWide listWide: ItemSelection?, flag: String, list: ListOptions) throws
        -> ItemSelection
    {
        if let listWide {
            guard expressions.isEmpty else {
                throw ValidationError("give IDs or \(flag), not both")
            }
            return listWide
        }
        guard !expressions.isEmpty else {
            throw ValidationError(
                "no IDs given; name the items (e.g. 3 or 1,4,9-11), or pass \(flag)")
        }
        var ids = IDSet()
        for expression in expressions {
            ids = ids.union(
                expression == "-"
                    ? try IDSet(parsingList: try StandardInput.readText())
                    : try IDSet(parsingExpression: expression))
        }
        return .ids(ids, namedList: try list.explicitListName)
    }
}

extension IDSet {
    /// Parses one argument (a named wrapper so call sites read clearly).
    init(parsingExpression expression: String) throws(ChecklistError) {
        try self.init(parsing: expression)
    }
}

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

    static func readText() throws(ChecklistError) -> String {
        String(decoding: try readBytes(), as: UTF8.self)
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
