import ArgumentParser
import ChecklistCore
import ChecklistEditor

/// What the hottest command lines ask for (`check`, `uncheck`, `toggle`, `count`, `list`), as
/// plain values, and the one code that carries it out.
///
/// ArgumentParser's commands make their request from their properties and run it. The fast
/// path (`FastPath`) makes the same request from the words without building a command: a
/// command's option groups and named options instantiate ArgumentParser's generic property
/// wrappers, and each first instantiation scans every conformance record of the statically
/// linked Foundation (0.33 M instructions each; four of them in `check 5`, callgrind).
/// `FastPathTests` checks that both ways make equal requests.
enum Request: Equatable {
    case selection(SelectionRequest)
    case count(CountRequest)
    case list(ListRequest)

    /// The checks ArgumentParser runs after parsing (`validate()`), beyond each option's own.
    func validate() throws {
        switch self {
        case .selection: break
        case .count(let request): try request.validate()
        case .list(let request): try request.validate()
        }
    }

    func run() throws {
        switch self {
        case .selection(let request): try request.run()
        case .count(let request): try request.run()
        case .list(let request): try request.run()
        }
    }
}

/// A command whose whole meaning is a `Request`: ArgumentParser validates and runs it.
protocol RequestCommand: ParsableCommand {
    var request: Request { get }
}

extension RequestCommand {
    func validate() throws { try request.validate() }
    func run() throws { try request.run() }
}

/// `check`, `uncheck` or `toggle`.
struct SelectionRequest: Equatable {
    enum Change: String, Equatable {
        case check, uncheck, toggle

        /// The command's name.
        var command: String { rawValue }

        var pickPurpose: EditorPicking.Purpose {
            switch self {
            case .check: .check
            case .uncheck: .uncheck
            case .toggle: .toggle
            }
        }
    }

    var change: Change
    var store = StoreLocation()
    var list = ListChoice()
    var quiet = false
    var ids: [String] = []
    var ignoreMissing = false
    var all = false
    /// `--pick`: the IDs are chosen on the terminal (`Picker`).
    var pick = false

    func run() throws {
        // The terminal before the database: without one, nothing is opened or created. IDs
        // from stdin are read before the database is opened: `add - | check -` opens it once
        // add has made it.
        let source: ItemSource =
            pick
            ? .picker(
                terminal: try Picker.takeTerminal(
                    for: change.command, refusing: ids, all ? "--all" : nil))
            : .given(
                try IDArguments.selection(
                    ids, orListWide: all ? .all(in: try list.name) : nil, flag: "--all",
                    list: list))
        let opened = try store.openForChanging()
        defer { StoreLifetime.closeAndKeepUntilExit(opened) }
        let selection = try source.selection(purpose: change.pickPurpose, list: list, store: opened)
        let summary =
            switch change {
            case .check: try opened.check(selection, ignoringMissing: ignoreMissing)
            case .uncheck: try opened.uncheck(selection, ignoringMissing: ignoreMissing)
            case .toggle: try opened.toggle(selection, ignoringMissing: ignoreMissing)
            }
        Output.summarize(summary.summaryLine, quiet: quiet)
    }
}

/// `count`.
struct CountRequest: Equatable {
    var store = StoreLocation()
    var list = ListChoice()
    var all = false
    var checked = false
    var unchecked = false
    var allChecked = false
    var match: String?

    func validate() throws {
        try validateScope(list: list, all: all, checked: checked, unchecked: unchecked)
    }

    func run() throws {
        let store = try store.openForReading()
        defer { StoreLifetime.closeAndKeepUntilExit(store) }
        let scope: ListScope = all ? .all : .list(try list.name)
        let counts =
            try match.map { try store.counts(in: scope, matching: TextMatch($0)) }
            ?? store.counts(in: scope)
        let line =
            checked
            ? "\(counts.checked)"
            : unchecked ? "\(counts.unchecked)" : "\(counts.checked) \(counts.total)"
        Output.standardOutput.write(line + "\n")
        if allChecked && counts.checked != counts.total { throw ExitCode(1) }
    }
}

/// `list` (and `checklist` alone).
struct ListRequest: Equatable {
    var store = StoreLocation()
    var list = ListChoice()
    var color = ColorChoice.auto
    var all = false
    var checked = false
    var unchecked = false
    var format = OutputFormat.text
    var match: String?

    func validate() throws {
        try validateScope(list: list, all: all, checked: checked, unchecked: unchecked)
    }

    func run() throws {
        let filter: ItemFilter = checked ? .checked : unchecked ? .unchecked : .any
        let scope: ListScope = all ? .all : .list(try list.name)
        let matching = match.map(TextMatch.init)
        let store = try store.openForReading()
        defer { StoreLifetime.closeAndKeepUntilExit(store) }
        let isTerminal = Output.isTerminal
        if format == .json {
            var writer = ItemJSONWriter()
            try store.forEachItemBytes(in: scope, filter: filter) {
                if let matching, !matching.matches(utf8: $0.title) { return }
                writer.write($0, to: &Output.standardOutput)
            }
            writer.finish(to: &Output.standardOutput)
            return
        }
        // The v1 bytes in a pipe, and IDs anywhere; a person's layout on a terminal or
        // with colour.
        let isColored = color.isColored
        if format == .ids || (!isTerminal && !isColored) {
            var writer = PipedHeadlineWriter(showsListNames: all, idsOnly: format == .ids)
            try store.forEachHeadlineBytes(in: scope, filter: filter) {
                if let matching, !matching.matches(utf8: $0.title) { return }
                writer.write($0, to: &Output.standardOutput)
            }
            return
        }
        var renderer = AlignedTextRenderer(
            showsListNames: all, largestID: try store.largestItemID(in: scope, filter: filter),
            isColored: isColored,
            columns: isTerminal ? Platform.terminalSize()?.columns : nil)
        var counts = ItemCounts(checked: 0, total: 0)
        try store.forEachHeadline(in: scope, filter: filter, matching: matching) {
            counts.total += 1
            if $0.isSelected { counts.checked += 1 }
            renderer.write($0, to: &Output.standardOutput)
        }
        renderer.finish(to: &Output.standardOutput)
        if isTerminal && filter == .any {
            Output.summarize("\(counts.checked) of \(counts.total) checked", quiet: false)
        }
    }
}

/// What `count` and `list` both refuse: `--all` with `--list`, `--checked` with `--unchecked`.
private func validateScope(list: ListChoice, all: Bool, checked: Bool, unchecked: Bool) throws {
    try list.requireNoList(with: all)
    if checked && unchecked {
        throw ValidationError("give --checked or --unchecked, not both")
    }
}
