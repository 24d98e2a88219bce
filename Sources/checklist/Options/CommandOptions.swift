/// A command's options as ArgumentParser declares them, by every name: the one table of
/// them (`CommandTable.swift`, generated from `checklist --experimental-dump-help`) that the
/// fast path, `Invocation` and the fast path's differential test read, so an option added to a
/// command reaches all three.
struct CommandOptions: Sendable {
    /// The command's words: `[]` for the root, `["lists", "add"]`.
    let path: [String]
    /// The options that take a value (`--list` and `-l`).
    let valueOptions: Set<String>
    /// The flags.
    let flags: Set<String>
    /// Each short name's long name (`-l`: `--list`).
    let longNames: [String: String]
    /// The options whose value is a number or an ID: `-1` after one is its value.
    let numericOptions: Set<String>

    /// The command `path` names; nil for words that name none.
    static func of(_ path: [String]) -> CommandOptions? {
        all.first { $0.path == path }
    }
}
