import ArgumentParser
import ChecklistCore
import ChecklistModel

/// The command line as typed, put into the shape ArgumentParser reads, before it reads it:
/// - `--db PATH` and `-l/--list NAME` before the subcommand's name move to just after it, so
///   an option given after the name (read later) still wins;
/// - no subcommand is `list`;
/// - a first word that names no subcommand is an unknown command, with a suggestion;
/// - a negative number after a numeric option is that option's value (`--to -1`), so the
///   command can say the value is invalid rather than missing;
/// - a title that starts with a dash, given to `add` or `rename` without `--`, gets an error
///   that shows the fix.
struct Invocation {
    /// The subcommand's words: `["check"]`, `["lists", "add"]`; empty for the root itself.
    var commandPath: [String]
    /// What ArgumentParser parses.
    var arguments: [String]
    /// The subcommand's type; nil for the root (help, --version, completion scripts).
    var commandType: (any ParsableCommand.Type)?

    /// Options the root takes in front of a subcommand's name (`--db`, `-l`/`--list`).
    static var leadingOptions: Set<String> { CommandOptions.root.valueOptions }
    /// The root's own flags, which ArgumentParser handles: those it declares, and those it
    /// adds without declaring them.
    static let rootFlags = CommandOptions.root.flags.union([
        "--generate-completion-script", "--experimental-dump-help",
        // What a completion script calls to ask for custom completions (the list names).
        "---completion",
    ])
    /// Options whose value is a number or an ID, so `-1` after them is their value.
    static var numericOptions: Set<String> { CommandOptions.anyNumericOption }

    /// The program's arguments, refused when one is not valid UTF-8: Swift would read its bad
    /// bytes as U+FFFD, and a title would be stored changed (bytes on stdin are refused too).
    static func commandLineArguments() throws(UsageError) -> [String] {
        var arguments: [String] = []
        for position in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[position] else { break }
            // Validated in place; the bytes are copied only for the error.
            guard let argument = String(validatingCString: pointer) else {
                let bytes = Array(
                    UnsafeBufferPointer(
                        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                        count: Platform.length(ofCString: pointer)))
                // A path may be any bytes, as the system's are (contract v4).
                if bytes.first != UInt8(ascii: "-"), isPath(after: arguments) {
                    arguments.append(RawPath.decode(bytes))
                    continue
                }
                if bytes.starts(with: Array("--db=".utf8)) {
                    arguments.append("--db=" + RawPath.decode(bytes.dropFirst(5)))
                    continue
                }
                throw .notUTF8(
                    position: position, shown: showingInvalidBytes(bytes),
                    command: commandPath(of: arguments))
            }
            arguments.append(argument)
            hidePasswords(of: argument, at: pointer)
        }
        return arguments
    }

    /// Whether the argument after `words` is a path, which need not be UTF-8: the value of
    /// `--db`, or the file of `import` or the path of `backup` (a word that is not an option
    /// or an option's value).
    private static func isPath(after words: [String]) -> Bool {
        guard let previous = words.last else { return false }
        if previous == "--db" { return true }
        let valueOptions = CommandOptions.root.valueOptions
            .union(CommandOptions.import.valueOptions).union(CommandOptions.backup.valueOptions)
        // The command: the first word that is neither an option nor an option's value.
        var command: String?
        for (index, word) in words.enumerated() where !word.hasPrefix("-") {
            if index > 0, valueOptions.contains(words[index - 1]) { continue }
            command = word
            break
        }
        guard command == "import" || command == "backup" else { return false }
        return !valueOptions.contains(previous)
    }

    /// Overwrites, in the process's own argument memory, the password of a PostgreSQL URI
    /// given on the command line (`--db postgresql://ana:secret@…`), once read: every local
    /// user can read a running process's arguments (`ps`), for as long as `edit` or `serve`
    /// runs. The program works from its copy; `ps` shows `ana:xxxxxx@`.
    private static func hidePasswords(of argument: String, at pointer: UnsafeMutablePointer<CChar>)
    {
        guard argument.contains("://") else { return }
        let uriText = argument.hasPrefix("--db=") ? String(argument.dropFirst(5)) : argument
        guard let uri = PostgreSQLURI(uriText) else { return }
        let bytes = UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
        let count = Platform.length(ofCString: pointer)
        for password in uri.writtenPasswords {
            let needle = Array(password.utf8)
            guard !needle.isEmpty, needle.count <= count else { continue }
            var start = 0
            while start + needle.count <= count {
                if (0..<needle.count).allSatisfy({ bytes[start + $0] == needle[$0] }) {
                    for offset in 0..<needle.count { bytes[start + offset] = UInt8(ascii: "x") }
                    start += needle.count
                } else {
                    start += 1
                }
            }
        }
    }

    /// The subcommand the first words name (`["lists", "add"]`), if any: for the help a
    /// usage error points to.
    private static func commandPath(of words: [String]) -> [String] {
        guard let first = words.first,
            let command = subcommand(named: first)
        else { return [] }
        let nested = words.dropFirst().first.flatMap { word in
            command.type.configuration.subcommands.first { $0.configuration.commandName == word }
        }
        return [first] + (nested.flatMap { $0.configuration.commandName }.map { [$0] } ?? [])
    }

    /// The valid parts as text, each byte of an invalid sequence as `\xFF`.
    private static func showingInvalidBytes(_ bytes: [UInt8]) -> String {
        RawPath.shown(RawPath.decode(bytes))
    }

    init(_ raw: [String]) throws(UsageError) {
        var leading: [String] = []
        var rest = raw[...]
        while let first = rest.first {
            let name = String(first.prefix { $0 != "=" })
            guard Self.leadingOptions.contains(name) else { break }
            leading.append(rest.removeFirst())
            if name == first, let value = rest.first {
                leading.append(value)
                rest.removeFirst()
            }
        }
        guard let word = rest.first else {
            self.init(path: ["list"], leading: leading, rest: [])
            commandType = ChecklistCommand.List.self
            return
        }
        if word.hasPrefix("-") {
            if leading.isEmpty && Self.rootFlags.contains(String(word.prefix { $0 != "=" })) {
                self.init(path: [], leading: [], rest: raw[...])
                return
            }
            if let error = Self.optionBeforeCommand(rest) { throw error }
            if let error = Self.unknownRootOption(word) { throw error }
            // Parsed as `list` itself: the root's own -l and --db (declared for help and
            // completion) must not take the options meant for it.
            self.init(path: ["list"], leading: leading, rest: rest)
            commandType = ChecklistCommand.List.self
            return
        }
        rest.removeFirst()
        guard let command = Self.subcommand(named: word) else {
            if word == "help" {
                if let error = Self.helpOfNoCommand(rest) { throw error }
                self.init(path: [], leading: [], rest: raw[...])
                return
            }
            throw .unknownCommand(word, suggestion: Self.suggestion(for: word))
        }
        var path = [word]
        var type = command.type
        if let nested = rest.first,
            let nestedType = type.configuration.subcommands.first(where: {
                $0.configuration.commandName == nested
            })
        {
            path.append(nested)
            type = nestedType
            rest.removeFirst()
        }
        if path.count == 1, let error = Self.unknownNestedCommand(rest.first, of: word, type) {
            throw error
        }
        self.init(path: path, leading: leading, rest: rest)
        // Root-level flags after a subcommand (--generate-completion-script) are the root's.
        if !rest.contains(where: { Self.rootFlags.contains(String($0.prefix { $0 != "=" })) })
            || rest.contains(where: { $0 == "-h" || $0 == "--help" })
        {
            commandType = type
        }
        try requireDashTitlesAfterSeparator()
        if ["check", "uncheck", "toggle", "delete"].contains(path.first) {
            arguments = Self.negativeIDsAsIDs(arguments, after: path.count)
        }
    }

    /// `delete abc 0 -1`: a word like a negative ID (`-1`, `-3-5`) is no option of the ID
    /// commands, so it goes after `--`, where the ID grammar refuses it in its place among the
    /// others (`invalid ID 'abc'` first), rather than ArgumentParser's "unknown option '-1'".
    static func negativeIDsAsIDs(_ arguments: [String], after path: Int) -> [String] {
        func looksLikeID(_ word: String) -> Bool {
            word.count > 1 && word.hasPrefix("-")
                && word.dropFirst().allSatisfy {
                    $0.isASCII && ($0.isNumber || $0 == "," || $0 == "-")
                }
                && word.dropFirst().first?.isNumber == true
        }
        let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var kept: [String] = []
        var moved: [String] = []
        for index in arguments.indices where index < end {
            let word = arguments[index]
            // A value option's value stays where it is (`-l -1` names a list).
            let isValue = index > path && ["-l", "--list", "--db"].contains(arguments[index - 1])
            if index >= path, !isValue, looksLikeID(word) {
                moved.append(word)
            } else {
                kept.append(word)
            }
        }
        guard !moved.isEmpty else { return arguments }
        return kept + ["--"] + moved + arguments[min(end + 1, arguments.endIndex)...]
    }

    private init(path: [String], leading: [String], rest: ArraySlice<String>) {
        commandPath = path
        arguments = path + leading + Self.joiningNegativeValues(rest)
        commandType = nil
    }

    /// `-lcamping` is `-l camping`, as POSIX reads a short option's attached value; nothing
    /// after `--` changes. (`-l` is the only short option that takes a value.)
    static func separatingAttachedValues(_ arguments: [String]) -> [String] {
        guard arguments.contains(where: { $0.count > 2 && $0.hasPrefix("-l") }) else {
            return arguments
        }
        var separated: [String] = []
        var afterSeparator = false
        for argument in arguments {
            if argument == "--" { afterSeparator = true }
            if !afterSeparator && argument.count > 2 && argument.hasPrefix("-l")
                && !argument.hasPrefix("--")
            {
                separated += ["-l", String(argument.dropFirst(2))]
            } else {
                separated.append(argument)
            }
        }
        return separated
    }

    /// `help NAME` of no command is a usage error, not the root's help.
    static func helpOfNoCommand(_ rest: ArraySlice<String>) -> UsageError? {
        guard let name = rest.first, !name.hasPrefix("-"), subcommand(named: name) == nil
        else { return nil }
        return .unknownCommand(name, suggestion: suggestion(for: name))
    }

    /// An option before any subcommand that neither the root nor `list` has (`-v`,
    /// `--help-me`): the root's error, pointing to the root's help.
    static func unknownRootOption(_ word: String) -> UsageError? {
        let name = String(word.prefix { $0 != "=" })
        guard !accepts(ChecklistCommand.List.self, option: name),
            !accepts(ChecklistCommand.self, option: name)
        else { return nil }
        return .optionBeforeCommand(name, fix: nil, command: [])
    }

    /// `lists remove`: a word where a group's subcommand goes, near one (or a synonym).
    static func unknownNestedCommand(
        _ nested: String?, of word: String, _ type: any ParsableCommand.Type
    ) -> UsageError? {
        guard let nested, !nested.hasPrefix("-"), !type.configuration.subcommands.isEmpty
        else { return nil }
        // (A closure: a key path through the metatype crashed the compiler, Swift 6.3.1.)
        let names = type.configuration.subcommands.compactMap { $0.configuration.commandName }
        guard let near = nestedSuggestion(for: nested, among: names) else { return nil }
        return .unknownCommand(word + " " + nested, suggestion: word + " " + near)
    }

    /// The root option nearest to `option`: `-v` is `--version`; else one within two edits.
    static func rootSuggestion(for option: String) -> String? {
        if option == "-v" || option == "-V" { return "--version" }
        let options = ["--help", "--version", "--db", "--list"]
        return options.min { editDistance(option, $0) < editDistance(option, $1) }
            .flatMap { editDistance(option, $0) <= 2 || option.hasPrefix($0) ? $0 : nil }
    }

    /// The subcommand of a command group `word` most likely means: within two edits, or a
    /// usual synonym (`remove`, `rm`: delete; `new`, `create`: add; `mv`: rename).
    static func nestedSuggestion(for word: String, among names: [String]) -> String? {
        let synonyms = [
            "remove": "delete", "rm": "delete", "del": "delete", "new": "add", "create": "add",
            "mv": "rename", "set": "mode",
        ]
        if let synonym = synonyms[word], names.contains(synonym) { return synonym }
        return names.filter { editDistance(word, $0) <= 2 }
            .min { editDistance(word, $0) < editDistance(word, $1) }
    }

    /// `--to -1` becomes `--to=-1`; nothing after `--` changes.
    static func joiningNegativeValues(_ arguments: ArraySlice<String>) -> [String] {
        var joined: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" {
                joined += arguments[index...]
                break
            }
            let next = arguments.index(after: index)
            if numericOptions.contains(argument), next < arguments.endIndex,
                arguments[next].count > 1, arguments[next].hasPrefix("-"),
                arguments[next].dropFirst().first?.isNumber == true
            {
                joined.append(argument + "=" + arguments[next])
                index = arguments.index(after: next)
            } else {
                joined.append(argument)
                index = next
            }
        }
        return joined
    }

    /// `add -5` and `rename 4 -5`: a word that starts with a dash and is none of the command's
    /// options is most likely a title; the error says how to give it.
    private func requireDashTitlesAfterSeparator() throws(UsageError) {
        guard let (command, noun) = Self.dashWordCommands.first(where: { $0.0.path == commandPath })
        else { return }
        // Not the flags ArgumentParser adds to every command by itself (`--version`, `-help`):
        // `add --version` is a title that starts with dashes, not a request for the version.
        let known = command.valueOptions.union(command.flags)
            .subtracting(["--version", "-help"])
        var previous = ""
        for argument in arguments.dropFirst(commandPath.count) {
            if argument == "--" { return }
            defer { previous = argument }
            guard argument.count > 1, argument.hasPrefix("-") else { continue }
            // `lists add --colour x`: a long option's typo, more likely than such a name.
            if noun == "a list name" && argument.hasPrefix("--") { continue }
            // `add -l -x`: the word is what -l was given (ArgumentParser says the value is
            // missing), not a title.
            if command.valueOptions.contains(previous) { continue }
            let name = String(argument.prefix { $0 != "=" })
            if known.contains(name) { continue }
            // Bundled short flags (-qc) are ArgumentParser's to read.
            if !argument.hasPrefix("--"),
                argument.dropFirst().allSatisfy({ known.contains("-" + String($0)) })
            {
                continue
            }
            // The item's ID: the first word that is neither an option nor an option's value.
            var positional: [String] = []
            var afterValueOption = false
            for word in arguments.dropFirst(commandPath.count) {
                defer { afterValueOption = command.valueOptions.contains(word) }
                if !afterValueOption && !word.hasPrefix("-") { positional.append(word) }
            }
            let prefix = commandPath == ["rename"] ? [positional.first ?? "ID"] : []
            let fix = (["checklist"] + commandPath + prefix + ["--", Self.shellQuoted(argument)])
                .joined(separator: " ")
            throw .titleLooksLikeOption(argument, noun: noun, fix: fix, command: commandPath)
        }
    }

    /// The commands that take a title or a list name that may start with a dash, and what
    /// that word is. (An array, not a dictionary keyed by the path: the first
    /// `[String]: Hashable` check scans every conformance record of the binary, at every start.)
    static let dashWordCommands: [(CommandOptions, noun: String)] = [
        (.add, "a title"), (.rename, "a title"), (.listsAdd, "a list name"),
    ]

    /// `checklist -q check 1`: an option other than --db and --list before the subcommand's
    /// name. When the subcommand takes it, the error shows where it goes.
    static func optionBeforeCommand(_ rest: ArraySlice<String>) -> UsageError? {
        guard let option = rest.first, rest.count > 1,
            let command = subcommand(named: rest[rest.startIndex + 1])
        else { return nil }
        let name = String(option.prefix { $0 != "=" })
        let commandName = rest[rest.startIndex + 1]
        guard accepts(command.type, option: name) else {
            return .optionBeforeCommand(option, fix: nil, command: [commandName])
        }
        // Straight after the name: after `--` it would be a title.
        let fix = (["checklist", commandName, option] + shown(rest.dropFirst(2)).map(shellWord))
            .joined(separator: " ")
        return .optionBeforeCommand(option, fix: fix, command: [commandName])
    }

    /// Whether the command has this option (from its help, which ArgumentParser writes from
    /// the same definitions it parses with).
    static func accepts(_ type: any ParsableCommand.Type, option: String) -> Bool {
        let help = type.helpMessage(columns: 1000)
        return help.split(whereSeparator: { " ,\n[]".contains($0) }).contains { $0 == option }
    }

    /// The words as a message may repeat them: a `--db` value that names a server is shown as
    /// messages show it, without its password.
    static func shown(_ words: some Sequence<String>) -> [String] {
        var previous = ""
        return words.map { word in
            defer { previous = word }
            func hidden(_ value: String) -> String {
                (try? DatabaseLocation.resolve(explicitPath: value, environment: [:]))?.path
                    ?? value
            }
            if previous == "--db" { return hidden(word) }
            if word.hasPrefix("--db=") { return "--db=" + hidden(String(word.dropFirst(5))) }
            return word
        }
    }

    /// The word as typed at a shell: quoted only when it must be.
    static func shellWord(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || ",._/:=@%+-".unicodeScalars.contains($0)
            }
        return plain ? text : shellQuoted(text)
    }

    static func shellQuoted(_ text: String) -> String {
        "'"
            + text.split(separator: "'", omittingEmptySubsequences: false)
            .joined(separator: #"'\''"#) + "'"
    }

    // MARK: - Subcommand names

    /// Each subcommand's names (its name and aliases) and its type.
    static var subcommands: [(names: [String], type: any ParsableCommand.Type)] {
        ChecklistCommand.configuration.subcommands.map { (names(of: $0), $0) }
    }

    /// The subcommand `word` names (or an alias of it). The commands' configurations are made
    /// one by one until it is found (for `list`, two of seventeen), not all of them first.
    static func subcommand(named word: String) -> (names: [String], type: any ParsableCommand.Type)?
    {
        ChecklistCommand.configuration.subcommands.lazy.map { (names(of: $0), $0) }
            .first { $0.names.contains(word) }
    }

    /// A subcommand's name and aliases.
    private static func names(of command: any ParsableCommand.Type) -> [String] {
        let configuration = command.configuration
        return [configuration.commandName ?? ""] + configuration.aliases
    }

    /// The subcommand or alias nearest to `word`, if it is within two edits.
    static func suggestion(for word: String) -> String? {
        // Words people bring from other checklist apps, for what this one calls otherwise.
        let synonyms = ["reset": "uncheck --all", "clear": "uncheck --all", "remove": "delete"]
        if let synonym = synonyms[word.lowercased()] { return synonym }
        // Nearest first; among equals, one that starts as the word does (`mv`: move, not ls).
        let candidates = subcommands.flatMap(\.names).map { name in
            (name, editDistance(word, name), name.first == word.first ? 0 : 1)
        }.filter { $0.1 <= 2 }
        return candidates.min { ($0.1, $0.2) < ($1.1, $1.2) }?.0
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
