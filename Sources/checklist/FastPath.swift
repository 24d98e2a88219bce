import ArgumentParser

/// A parser for the command lines people and scripts type most (`check 5`, `uncheck --all -l
/// camping`, `count`, `list --format ids`), so that they skip ArgumentParser's start-up: it
/// reads every command's properties by reflection and scans the conformance records of the
/// statically linked Foundation, 13.5 M of `check 5`'s 25.9 M instructions (callgrind).
///
/// ArgumentParser stays the one definition of the interface: help, usage errors, completion
/// scripts and the man page come from it, and it parses every command line the fast path
/// declines. The fast path knows the options of six commands and makes the same `Request`
/// that ArgumentParser's command makes (not the command itself, whose property wrappers cost
/// conformance scans), and declines (nil) anything it does not fully understand: an unknown or
/// repeated option, bundled or negative words, help, an option's value that looks like an
/// option, a value it would have to check. `FastPathTests` checks, over thousands of generated
/// command lines, that it either declines or makes exactly the request ArgumentParser's
/// command makes.
enum FastPath {
    /// The request of the invocation's words, or nil for ArgumentParser to parse.
    static func request(_ invocation: Invocation) -> Request? {
        guard invocation.commandPath.count == 1, let type = invocation.commandType else {
            return nil
        }
        guard
            let request = read(invocation.commandPath[0], type, invocation.arguments.dropFirst(1)),
            (try? request.validate()) != nil
        else { return nil }
        return request
    }

    /// The request of a command's words, before the checks its command's `validate()` makes.
    /// The type Invocation found must be the command read (it is nil when a root flag such as
    /// --generate-completion-script follows the command's name).
    private static func read(
        _ name: String, _ type: any ParsableCommand.Type, _ arguments: ArraySlice<String>
    ) -> Request? {
        switch name {
        case "check" where type == ChecklistCommand.Check.self:
            var words = Words(arguments, of: .check)
            return selection(.check, &words).map(Request.selection)
        case "uncheck" where type == ChecklistCommand.Uncheck.self:
            var words = Words(arguments, of: .uncheck)
            return selection(.uncheck, &words).map(Request.selection)
        case "toggle" where type == ChecklistCommand.Toggle.self:
            var words = Words(arguments, of: .toggle)
            return selection(.toggle, &words).map(Request.selection)
        case "count" where type == ChecklistCommand.Count.self:
            var words = Words(arguments, of: .count)
            return count(&words).map(Request.count)
        case "list" where type == ChecklistCommand.List.self,
            "ls" where type == ChecklistCommand.List.self:
            var words = Words(arguments, of: .list)
            return list(&words).map(Request.list)
        case "sync" where type == ChecklistCommand.Sync.self:
            var words = Words(arguments, of: .sync)
            return sync(&words).map(Request.sync)
        default:
            return nil
        }
    }

    // MARK: - The commands

    private static func selection(_ change: SelectionRequest.Change, _ words: inout Words)
        -> SelectionRequest?
    {
        guard
            let read = words.read(
                options: ["--db", "--list"], flags: ["--quiet", "--ignore-missing", "--all"],
                takesValues: true),
            let list = listChoice(read.values["--list"])
        else { return nil }
        return SelectionRequest(
            change: change, store: StoreLocation(db: read.values["--db"]), list: list,
            quiet: read.flags.contains("--quiet"), ids: read.positionals,
            ignoreMissing: read.flags.contains("--ignore-missing"),
            all: read.flags.contains("--all"))
    }

    private static func count(_ words: inout Words) -> CountRequest? {
        guard
            let read = words.read(
                options: ["--db", "--list", "--match"],
                flags: ["--all", "--checked", "--unchecked", "--all-checked"]),
            let list = listChoice(read.values["--list"])
        else { return nil }
        return CountRequest(
            store: StoreLocation(db: read.values["--db"]), list: list,
            all: read.flags.contains("--all"), checked: read.flags.contains("--checked"),
            unchecked: read.flags.contains("--unchecked"),
            allChecked: read.flags.contains("--all-checked"), match: read.values["--match"])
    }

    private static func list(_ words: inout Words) -> ListRequest? {
        guard
            let read = words.read(
                options: ["--db", "--list", "--match", "--format", "--color"],
                flags: ["--all", "--checked", "--unchecked"]),
            let list = listChoice(read.values["--list"]),
            let format = OutputFormat(rawValue: read.values["--format"] ?? "text"),
            let color = ColorChoice(rawValue: read.values["--color"] ?? "auto")
        else { return nil }
        return ListRequest(
            store: StoreLocation(db: read.values["--db"]), list: list, color: color,
            all: read.flags.contains("--all"), checked: read.flags.contains("--checked"),
            unchecked: read.flags.contains("--unchecked"), format: format,
            match: read.values["--match"])
    }

    private static func sync(_ words: inout Words) -> SyncRequest? {
        guard
            let read = words.read(
                options: ["--db"], flags: ["--quiet", "--watch", "--restore-server"])
        else { return nil }
        return SyncRequest(
            store: StoreLocation(db: read.values["--db"]), quiet: read.flags.contains("--quiet"),
            watch: read.flags.contains("--watch"),
            restoreServer: read.flags.contains("--restore-server"))
    }

    /// The list option's value, when it passes the option group's own validation (else
    /// ArgumentParser says what is wrong, as always).
    private static func listChoice(_ list: String?) -> ListChoice? {
        let choice = ListChoice(list: list)
        guard (try? choice.validate()) != nil else { return nil }
        return choice
    }

    // MARK: - Words

    /// The words after the command's name, as the fast path reads them.
    struct Words {
        enum Word: Equatable {
            /// A value: an ID, or anything after `--`.
            case positional(String)
            /// `--name VALUE`, `--name=VALUE` or `-l VALUE`; nil when the value is missing or
            /// looks like an option (ArgumentParser's to report).
            case option(String, String?)
            case flag(String)
            /// A word the fast path does not read.
            case unknown
        }

        private var rest: ArraySlice<String>
        private var afterSeparator = false
        /// The command's options: which take a value, the short names.
        private let command: CommandOptions

        init(_ words: ArraySlice<String>, of command: CommandOptions) {
            rest = words
            self.command = command
        }

        mutating func next() -> Word? {
            guard let word = rest.popFirst() else { return nil }
            if afterSeparator { return .positional(word) }
            if word == "--" {
                afterSeparator = true
                return next()
            }
            guard word.hasPrefix("-"), word != "-" else { return .positional(word) }
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                let name = String(word[..<equals])
                guard command.valueOptions.contains(name) else { return .unknown }
                // `--db=` is a missing value to ArgumentParser.
                let value = word[word.index(after: equals)...]
                return .option(name, value.isEmpty ? nil : String(value))
            }
            if command.valueOptions.contains(word) {
                guard let value = rest.first, !value.hasPrefix("-") else {
                    return .option(word, nil)
                }
                rest.removeFirst()
                return .option(word, value)
            }
            // Long flags and the command's short ones; not bundles (-qx), not negative numbers
            // (-1), which ArgumentParser reads its own way.
            guard word.hasPrefix("--") || command.flags.contains(word) else { return .unknown }
            return .flag(word)
        }

        /// Every word read: each option's value, the flags, and the other words. Nil (declined)
        /// for a word of another kind, a name not given, a missing value, or a name repeated.
        mutating func read(options: Set<String>, flags: Set<String>, takesValues: Bool = false)
            -> (values: [String: String], flags: Set<String>, positionals: [String])?
        {
            var values: [String: String] = [:]
            var seen: Set<String> = []
            var positionals: [String] = []
            while let word = next() {
                switch word {
                case .positional(let value):
                    guard takesValues else { return nil }
                    positionals.append(value)
                case .option(let name, let value):
                    let name = command.longNames[name] ?? name
                    guard options.contains(name), let value, values[name] == nil else { return nil }
                    values[name] = value
                case .flag(let name):
                    let name = command.longNames[name] ?? name
                    guard flags.contains(name), seen.insert(name).inserted else { return nil }
                case .unknown:
                    return nil
                }
            }
            return (values, seen, positionals)
        }
    }
}
