/// What a key does in the editor, outside a prompt.
public enum EditorAction: Hashable, Sendable {
    case down, up, pageDown, pageUp, first, last
    case toggle, checkAll, uncheckAll, invert, delete, undo
    case filter, add, rename, moveDown, moveUp
    case nextList, previousList
    case help, quit
    /// Esc: clears the filter, else quits.
    case back

    /// Whether the action changes the database (refused on a read-only one).
    public var changesData: Bool {
        switch self {
        case .toggle, .checkAll, .uncheckAll, .invert, .delete, .undo, .add, .rename,
            .moveDown, .moveUp:
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

    public static let entries: [Entry] = [
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

    /// The action of a key, if it has one.
    public static func action(for key: EditorKey) -> EditorAction? {
        actions[key]
    }

    private static let actions: [EditorKey: EditorAction] = {
        var actions: [EditorKey: EditorAction] = [:]
        for entry in entries {
            for binding in entry.bindings { actions[binding.key] = binding.action }
        }
        return actions
    }()

    /// The `?` screen's lines.
    public static var helpLines: [String] {
        let width = (entries.map(\.label.count).max() ?? 0) + 4
        return ["Keys"]
            + entries.map { entry in
                "  " + entry.label + String(repeating: " ", count: width - entry.label.count - 2)
                    + entry.description
            } + ["Any other key goes back."]
    }

    /// The help at a width: a description too long for its line goes on under itself (a hanging
    /// indent at the descriptions' column), cut only where even one word does not fit.
    public static func helpLines(columns: Int) -> [String] {
        let width = (entries.map(\.label.count).max() ?? 0) + 4
        let room = columns - width
        guard room >= 12 else { return helpLines }
        var lines = ["Keys"]
        for entry in entries {
            var first = "  " + entry.label + String(repeating: " ", count: width - entry.label.count - 2)
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

    /// The hints the footer keeps at every width: the way to help and out.
    public static let essentialHints = ["? keys", "q quit"]
}
