import ChecklistModel

/// What a key does in the editor, outside a prompt.
public enum EditorAction: Hashable, Sendable {
    case down, up, pageDown, pageUp, first, last
    case toggle, checkAll, uncheckAll, invert, delete, undo
    case filter, add, rename, moveDown, moveUp
    /// Set a declared field of the item (`ItemField.all[index]`: its quantity, its note).
    case setField(Int)
    case nextList, previousList
    case help, quit
    /// Esc: clears the filter, else quits.
    case back
    /// The picker's: mark or unmark the item, mark every item shown, clear the marks, choose
    /// (Enter), leave without choosing.
    case mark, markAll, clearMarks, choose, cancel

    /// Whether the action changes the database (refused on a read-only one).
    public var changesData: Bool {
        switch self {
        case .toggle, .checkAll, .uncheckAll, .invert, .delete, .undo, .add, .rename,
            .moveDown, .moveUp, .setField:
            true
        default: false
        }
    }
}

/// The editor's keys, in one table: the key handling looks keys up here, the `?` screen lists
/// these lines, and the footer shows their hints. A key cannot work without being shown, or be
/// shown without working.
public enum EditorKeymap {
    /// One line of the `?` screen: its keys, each with its action, as the line names them.
    public struct Entry: Sendable {
        /// The keys as the help shows them: "j, Down / k, Up".
        public let label: String
        public let description: String
        public let bindings: [(key: EditorKey, action: EditorAction)]
        /// The footer's words for it, when it has a place there ("space toggle").
        public let hint: String?
    }

    public static let entries: [Entry] =
        [
            Entry(
                label: "j, Down / k, Up", description: "next / previous item",
                bindings: [
                    (.character("j"), .down), (.down, .down), (.character("k"), .up), (.up, .up),
                ], hint: nil),
            Entry(
                label: "g, Home / G, End", description: "first / last item",
                bindings: [
                    (.character("g"), .first), (.home, .first), (.character("G"), .last),
                    (.end, .last),
                ], hint: nil),
            Entry(
                label: "PgDn / PgUp", description: "a screen down / up",
                bindings: [(.pageDown, .pageDown), (.pageUp, .pageUp)], hint: nil),
            Entry(
                label: "space", description: "check or uncheck the item (single choice: choose it)",
                bindings: [(.character(" "), .toggle)], hint: "space toggle"),
            Entry(
                label: "a / n / i", description: "check / uncheck / invert every item shown",
                bindings: [
                    (.character("a"), .checkAll), (.character("n"), .uncheckAll),
                    (.character("i"), .invert),
                ], hint: "a/n/i all"),
            Entry(
                label: "d, then y",
                description: "delete the checked items shown (any other key keeps them)",
                bindings: [(.character("d"), .delete)], hint: nil),
            Entry(
                label: "u", description: "undo the most recent change (as checklist undo)",
                bindings: [(.character("u"), .undo)], hint: "u undo"),
            Entry(
                label: "/", description: "filter: Enter keeps it, Esc clears it",
                bindings: [(.character("/"), .filter)], hint: "/ filter"),
            Entry(
                label: "o", description: "add an item at the end (a paste adds a line each)",
                bindings: [(.character("o"), .add)], hint: "o add"),
            Entry(
                label: "r", description: "rename the item",
                bindings: [(.character("r"), .rename)], hint: nil),
        ] + fieldEntries + [
            Entry(
                label: "J / K", description: "move the item down / up one place",
                bindings: [(.character("J"), .moveDown), (.character("K"), .moveUp)], hint: nil),
            Entry(
                label: "Tab / Shift-Tab", description: "next / previous list",
                bindings: [(.tab, .nextList), (.backTab, .previousList)], hint: nil),
            Entry(
                label: "?", description: "these keys",
                bindings: [(.character("?"), .help)], hint: "? keys"),
            Entry(
                label: "q, Esc", description: "quit (Esc first clears a filter)",
                bindings: [(.character("q"), .quit), (.escape, .back)], hint: "q quit"),
        ]

    /// A key for each declared field of items (`ShownField.editKey`), shown in the footer.
    public static let fieldEntries: [Entry] = ItemField.all.enumerated().map { index, field in
        let key = field.shown.editKey
        return Entry(
            label: String(key), description: "set the \(field.name) of the item",
            bindings: [(.character(key), .setField(index))], hint: "\(key) \(field.name)")
    }

    /// The picker's keys, for a purpose: the same table's shape, so the picker's help and
    /// hints come from its keys too.
    public static func pickEntries(_ purpose: EditorPicking.Purpose) -> [Entry] {
        let enter =
            switch purpose {
            case .print: "print the marked items (the item under the cursor when none is)"
            case .delete:
                "delete the marked items (the item under the cursor when none is), once y says so"
            case .move: "move the marked item (the item under the cursor when none is)"
            default:
                "\(purpose.rawValue) the marked items (the item under the cursor when none is)"
            }
        return [
            entries[0], entries[1], entries[2],
            Entry(
                label: "space, Tab",
                description: purpose == .move
                    ? "mark the item (one item: marking another moves the mark)"
                    : "mark or unmark the item",
                bindings: [(.character(" "), .mark), (.tab, .mark)], hint: "space mark"),
            Entry(
                label: "a / n", description: "mark every item shown / clear the marks",
                bindings: [(.character("a"), .markAll), (.character("n"), .clearMarks)],
                hint: "a/n all"),
            Entry(
                label: "/", description: "filter: Enter keeps it, Esc clears it",
                bindings: [(.character("/"), .filter)], hint: "/ filter"),
            Entry(label: "Enter", description: enter, bindings: [(.enter, .choose)], hint: nil),
        ] + fieldEntries + [
            Entry(
                label: "?", description: "these keys",
                bindings: [(.character("?"), .help)], hint: "? keys"),
            Entry(
                label: "q, Esc", description: "leave without choosing anything (exit 1)",
                bindings: [(.character("q"), .cancel), (.escape, .cancel)], hint: "q quit"),
        ]
    }

    /// The action of a key, if it has one: in the edit mode, or in a picker for `purpose`.
    public static func action(for key: EditorKey, picking purpose: EditorPicking.Purpose? = nil)
        -> EditorAction?
    {
        guard purpose != nil else { return actions[key] }
        return pickActions[key]
    }

    private static let pickActions: [EditorKey: EditorAction] = {
        var actions: [EditorKey: EditorAction] = [:]
        for entry in pickEntries(.print) {
            for binding in entry.bindings { actions[binding.key] = binding.action }
        }
        return actions
    }()

    private static let actions: [EditorKey: EditorAction] = {
        var actions: [EditorKey: EditorAction] = [:]
        for entry in entries {
            for binding in entry.bindings { actions[binding.key] = binding.action }
        }
        return actions
    }()

    /// The `?` screen's lines.
    public static var helpLines: [String] { helpLines(of: entries) }

    static func helpLines(of entries: [Entry]) -> [String] {
        let width = (entries.map(\.label.count).max() ?? 0) + 4
        return ["Keys"]
            + entries.map { entry in
                "  " + entry.label + String(repeating: " ", count: width - entry.label.count - 2)
                    + entry.description
            } + ["Any other key goes back."]
    }

    /// The help at a width: a description too long for its line goes on under itself (a hanging
    /// indent at the descriptions' column), cut only where even one word does not fit.
    public static func helpLines(columns: Int, picking purpose: EditorPicking.Purpose? = nil)
        -> [String]
    {
        let entries = purpose.map(pickEntries) ?? entries
        let width = (entries.map(\.label.count).max() ?? 0) + 4
        let room = columns - width
        guard room >= 12 else { return helpLines(of: entries) }
        var lines = ["Keys"]
        for entry in entries {
            var first =
                "  " + entry.label + String(repeating: " ", count: width - entry.label.count - 2)
            var line = ""
            for word in entry.description.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if EditorText.width(of: candidate) <= room || line.isEmpty {
                    line = candidate
                } else {
                    lines.append(first + line)
                    first = String(repeating: " ", count: width)
                    line = String(word)
                }
            }
            lines.append(first + line)
        }
        return lines + ["Any other key goes back."]
    }

    /// The footer's hints that may be left out for room, most useful first.
    public static var optionalHints: [String] {
        entries.compactMap(\.hint).filter { !essentialHints.contains($0) }
    }

    /// The picker's footer hints that may be left out for room, most useful first.
    public static let optionalPickHints: [String] = pickEntries(.print).compactMap(\.hint)
        .filter { !essentialHints.contains($0) }

    /// The hints the footer keeps at every width: the way to help and out.
    public static let essentialHints = ["? keys", "q quit"]
}
