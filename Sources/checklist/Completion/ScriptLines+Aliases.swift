/// The edits that wire an alias into each shell's script, beside its command. The scripts
/// dispatch on the word typed, so each edit adds the alias to the words offered and to the
/// words dispatched on, and makes the alias lead to its command's completions.
extension ScriptLines {
    // MARK: - bash

    /// bash: the alias is offered with the command (`compgen -W 'add list ls …'`), dispatched
    /// on (`add|list|ls|…)` runs `_checklist_${subcommand}`), and `_checklist_ls` calls
    /// `_checklist_list`.
    mutating func addBash(_ alias: CommandAlias) throws(MissingAnchor) {
        let parent = try function(alias.parents)
        try editLine(in: parent, "`compgen -W '…'` offering '\(alias.name)'") { line in
            guard let start = line.range(of: "compgen -W '")?.upperBound,
                let end = line[start...].firstIndex(of: "'"),
                let words = Self.inserting(
                    alias.alias, after: alias.name, in: line[start..<end], separator: " ")
            else { return nil }
            return [line.replacingCharacters(in: start..<end, with: words)]
        }
        try addToCasePattern(alias)
        try addForwardingFunction(alias)
    }

    // MARK: - zsh

    /// zsh: the alias is described as its command is (`'ls:Show the items…'`), dispatched on
    /// (`add|list|ls|…)` runs `_checklist_${words[1]}`), and `_checklist_ls` calls
    /// `_checklist_list`.
    mutating func addZsh(_ alias: CommandAlias) throws(MissingAnchor) {
        let parent = try function(alias.parents)
        try editLine(in: parent, "subcommand description `'\(alias.name):…'`") { line in
            let entry = "'\(alias.name):"
            guard let start = line.range(of: entry),
                line[..<start.lowerBound].allSatisfy(\.isWhitespace)
            else { return nil }
            return [line, line.replacingCharacters(in: start, with: "'\(alias.alias):")]
        }
        try addToCasePattern(alias)
        try addForwardingFunction(alias)
    }

    // MARK: - fish

    /// fish: the alias is offered with the command (a copy of its `complete … -fa 'list'`
    /// line), and the token parser takes it as the command's name: the conditions of the
    /// command's options compare the command path read so far with `"checklist list"`.
    mutating func addFish(_ alias: CommandAlias) throws(MissingAnchor) {
        let root = alias.parents[0]
        let offer =
            "complete -c '\(root)' -n '__\(root)_should_offer_completions_for_positional "
            + "\"\(alias.parents.joined(separator: " "))\" "
        try editLine(in: lines.indices, "`\(offer)… -fa '\(alias.name)'`") { line in
            guard line.hasPrefix(offer), let name = line.range(of: " -fa '\(alias.name)'"),
                name.upperBound == line.endIndex || line[name.upperBound] == " "
            else { return nil }
            return [line, line.replacingCharacters(in: name, with: " -fa '\(alias.alias)'")]
        }
        // `switch $unparsed_tokens[1]` / `case 'list'`, nested four spaces a level: find the
        // command's case under its parents' cases.
        let parser = try block(opening: "function __\(root)_parse_tokens -S", closing: "end")
        var line = parser.lowerBound
        for (depth, name) in (alias.parents + [alias.name]).enumerated() {
            line = try fishCase(name, indent: 4 * (depth + 1), after: line, within: parser)
        }
        let indent = String(repeating: " ", count: 4 * (alias.parents.count + 1))
        lines[line] += " '\(alias.alias)'"
        // From here on the alias reads as the name, in the command path the conditions test.
        let naming = indent + "    set unparsed_tokens[1] '\(alias.name)'"
        if line + 1 == lines.count || lines[line + 1] != naming {
            lines.insert(naming, at: line + 1)
        }
    }

    /// The line `case 'NAME'` (with any aliases after it) at `indent`, after `start` and
    /// within the block that holds `start` (which ends at a line indented less).
    private func fishCase(
        _ name: String, indent: Int, after start: Int, within parser: Range<Int>
    ) throws(MissingAnchor) -> Int {
        let prefix = String(repeating: " ", count: indent)
        let header = prefix + "case '\(name)'"
        for index in (start + 1)..<parser.upperBound {
            let line = lines[index]
            if line == header || line.hasPrefix(header + " ") { return index }
            if !line.isEmpty && !line.hasPrefix(prefix) { break }
        }
        throw MissingAnchor(expected: "fish `\(header)`", found: 0)
    }

    // MARK: - bash and zsh

    /// The function that completes the command at `path`: `_checklist_lists() {` … `}`.
    private func function(_ path: [String]) throws(MissingAnchor) -> Range<Int> {
        try block(opening: Self.functionName(path) + "() {", closing: "}")
    }

    private static func functionName(_ path: [String]) -> String {
        "_" + path.joined(separator: "_")
    }

    /// `    add|list|check|…)`: the case pattern that dispatches to the subcommands' functions.
    private mutating func addToCasePattern(_ alias: CommandAlias) throws(MissingAnchor) {
        let parent = try function(alias.parents)
        try editLine(in: parent, "case pattern `…|\(alias.name)|…)`") { line in
            let pattern = line.drop(while: { $0 == " " })
            guard pattern.hasSuffix(")"), !pattern.contains(" "),
                let words = Self.inserting(
                    alias.alias, after: alias.name, in: pattern.dropLast(), separator: "|")
            else { return nil }
            return [line.prefix(line.count - pattern.count) + words + ")"]
        }
    }

    /// `_checklist_ls() { _checklist_list "${@}"; }`, after the command's function.
    private mutating func addForwardingFunction(_ alias: CommandAlias) throws(MissingAnchor) {
        let command = try function(alias.parents + [alias.name])
        lines.insert(
            contentsOf: [
                "",
                "# '\(alias.alias)' is an alias of '\(alias.name)'.",
                Self.functionName(alias.parents + [alias.alias]) + "() {",
                "    " + Self.functionName(alias.parents + [alias.name]) + " \"${@}\"",
                "}",
            ], at: command.upperBound)
    }
}
