import ChecklistModel

/// How a piece of a screen line is drawn.
public enum TextStyle: Hashable, Sendable {
    case plain
    /// The header.
    case title
    /// The cursor row: reverse video, which needs no colour.
    case cursor
    /// A checked item's row.
    case checked
    /// Something that cannot be used now (`Delete (0)`).
    case unavailable
    /// A failed write or a note.
    case message
    /// A row the picker marked.
    case marked
}

/// One screen line: pieces of text with their styles, at most the screen's width.
public struct ScreenLine: Hashable, Sendable {
    public var spans: [(text: String, style: TextStyle)]

    public init(_ spans: [(text: String, style: TextStyle)]) {
        self.spans = spans
    }

    public init(_ text: String, _ style: TextStyle = .plain) {
        spans = [(text, style)]
    }

    /// The text without styles.
    public var text: String { spans.map(\.text).joined() }

    public static func == (lhs: ScreenLine, rhs: ScreenLine) -> Bool {
        lhs.spans.count == rhs.spans.count
            && zip(lhs.spans, rhs.spans).allSatisfy { $0.text == $1.text && $0.style == $1.style }
    }

    public func hash(into hasher: inout Hasher) {
        for span in spans {
            hasher.combine(span.text)
            hasher.combine(span.style)
        }
    }
}

/// Draws the editor: state and terminal size in, screen lines out. A header (list, mode,
/// `N of M checked`), the rows around the cursor, and a footer with the key hints and
/// `Delete (N)`, or the prompt, the delete question or a message.
public enum EditorScreen {
    public static func lines(for state: EditorState, rows: Int, columns: Int) -> [ScreenLine] {
        guard rows > 0, columns > 0 else { return [] }
        let footer = footerLine(state, columns: columns)
        // A tiny terminal keeps what matters most: a prompt or message, else the cursor row.
        if rows == 1 {
            if state.prompt != nil || state.message ?? state.connectionLost != nil {
                return [footer]
            }
            return [bodyLines(state, height: 1, columns: columns).first ?? footer]
        }
        if rows == 2 { return bodyLines(state, height: 1, columns: columns) + [footer] }
        return [header(state, columns: columns)]
            + bodyLines(state, height: rows - 2, columns: columns) + [footer]
    }

    static func header(_ state: EditorState, columns: Int) -> ScreenLine {
        let page = state.page
        var text = "\(EditorText.escapingControls(state.list.text)) · \(page.mode.rawValue) · "
        text += "\(page.counts.checked) of \(page.counts.total) checked"
        if let filter = state.filter {
            switch filter.state {
            case .any: break
            case .checked: text += " · checked only"
            case .unchecked: text += " · unchecked only"
            }
            if !filter.text.isEmpty {
                text += " · filter: \(EditorText.escapingControls(filter.text))"
            }
            text += page.shown.map { " (\($0.total) shown)" } ?? " (counting…)"
        }
        if let picking = state.picking {
            text += " · \(picking.marks.count) marked"
        }
        // Where the cursor is, once the list is longer than the window.
        if page.hasRowsBefore || page.hasRowsAfter, let place = state.cursorPlace {
            text += " · row \(place) of \(page.counts.total)"
        }
        return ScreenLine(EditorText.padding(text, to: columns), .title)
    }

    static func bodyLines(_ state: EditorState, height: Int, columns: Int) -> [ScreenLine] {
        if state.showsHelp {
            return helpBody(
                from: state.helpOffset, height: height, columns: columns,
                picking: state.picking?.purpose)
        }
        let rows = state.page.rows
        var lines: [ScreenLine] = []
        if let cursor = state.cursor {
            let line = min(state.cursorLine, height - 1)
            let top = max(cursor - line, 0)
            let visible = rows[top..<min(top + height, rows.count)]
            let idWidth = visible.map { String($0.id).count }.max() ?? 1
            for (index, row) in zip(visible.indices, visible) {
                lines.append(
                    rowLine(
                        row, isCursor: index == cursor, single: state.page.mode == .single,
                        idWidth: idWidth, columns: columns,
                        mark: state.picking.map { $0.marks.contains(row.id) }))
            }
        } else {
            let empty =
                if state.picking != nil {
                    state.filter != nil
                        ? "No item matches. / changes the filter; q leaves."
                        : "No items in this list. q leaves."
                } else if state.filter != nil {
                    "No item matches the filter. Esc clears it."
                } else {
                    "No items yet. Press o to add one."
                }
            lines.append(ScreenLine(EditorText.fitting(empty, into: columns)))
        }
        while lines.count < height { lines.append(ScreenLine("")) }
        return lines
    }

    /// A row: its state, ID and title. In a picker (`mark` not nil) a marked row starts with
    /// `*` and is drawn as marked, an unmarked one with a space.
    static func rowLine(
        _ row: EditorRow, isCursor: Bool, single: Bool, idWidth: Int, columns: Int,
        mark picked: Bool? = nil
    ) -> ScreenLine {
        let mark =
            single ? (row.isSelected ? "(•)" : "( )") : (row.isSelected ? "[x]" : "[ ]")
        let id = String(row.id)
        let paddedID = String(repeating: " ", count: max(0, idWidth - id.count)) + id
        let lead = picked.map { $0 ? "* " : "  " } ?? ""
        let text =
            "\(lead)\(mark) \(paddedID) \(EditorText.escapingControls(row.title))"
            + EditorText.escapingControls(ItemField.shownSuffix(row.more))
        if isCursor { return ScreenLine(EditorText.padding(text, to: columns), .cursor) }
        let style: TextStyle = picked == true ? .marked : row.isSelected ? .checked : .plain
        return ScreenLine(EditorText.fitting(text, into: columns), style)
    }

    static func footerLine(_ state: EditorState, columns: Int) -> ScreenLine {
        if let prompt = state.prompt {
            let text =
                switch prompt {
                case .filter(let text): "/" + EditorText.escapingControls(text)
                case .add(let text): "Add: " + EditorText.escapingControls(text)
                case .rename(let id, let text):
                    "Rename \(id): " + EditorText.escapingControls(text)
                case .field(let id, let index, let text):
                    "\(ItemField.all[index].shown.label) of \(id): "
                        + EditorText.escapingControls(text)
                case .confirmDelete(let ids), .confirmPick(let ids):
                    "Delete \(ids.count == 1 ? "1 item" : "\(ids.count) items")? [y/N]"
                }
            // The end of a long text stays visible while it is typed.
            let shown =
                EditorText.width(of: text) < columns
                ? text : "…" + String(text.suffix(max(columns - 2, 0)))
            return ScreenLine([(shown, .plain), ("_", .cursor)])
        }
        if let message = state.message ?? state.connectionLost {
            // Cut between words, never in the middle of an ID; the way to help and out stays.
            let keys = "  " + essentialKeys
            let text = EditorText.fittingAtWord(
                EditorText.escapingControls(message),
                into: max(columns - EditorText.width(of: keys), 1))
            return fitting([(text, .message), (keys, .plain)], into: columns)
        }
        if let picking = state.picking { return pickFooter(state, picking, columns: columns) }
        // Unknown while a long filtered list is being counted: `d` counts what it would delete.
        let count = state.deletableCount
        let shownCount = count.map(String.init) ?? "…"
        let style: TextStyle = count != 0 ? .plain : .unavailable
        // The way to help and out stays at every width; the other hints as room allows,
        // most useful first; then shorter forms.
        let delete = count != 0 ? "d Delete (\(shownCount))" : "Delete (0) n/a"
        let essential = EditorKeymap.essentialHints.joined(separator: "  ")
        var forms = (0...optionalHints.count).reversed().map { shown in
            (delete, (optionalHints.prefix(shown) + [essential]).joined(separator: "  "))
        }
        forms += [(delete, essentialKeys), ("Del (\(shownCount))", essentialKeys)]
        for (delete, hints) in forms
        where EditorText.width(of: delete) + 2 + EditorText.width(of: hints) <= columns {
            return ScreenLine([(delete, style), ("  " + hints, .plain)])
        }
        return fitting(
            [("Del (\(shownCount))", style), ("  " + essentialKeys, .plain)], into: columns)
    }

    /// The picker's footer: what Enter does and to how many items ("Enter Delete (3)"), then
    /// the hints as room allows.
    static func pickFooter(_ state: EditorState, _ picking: EditorPicking, columns: Int)
        -> ScreenLine
    {
        let count = state.pickedOnEnter.count
        let enter = "Enter \(picking.purpose.enterWord) (\(count))"
        let style: TextStyle = count != 0 ? .plain : .unavailable
        let hints = EditorKeymap.optionalPickHints
        let essential = EditorKeymap.essentialHints.joined(separator: "  ")
        var forms = (0...hints.count).reversed().map { shown in
            (enter, (hints.prefix(shown) + [essential]).joined(separator: "  "))
        }
        forms += [
            (enter, essentialKeys), ("\(picking.purpose.enterWord) (\(count))", essentialKeys),
        ]
        for (first, rest) in forms
        where EditorText.width(of: first) + 2 + EditorText.width(of: rest) <= columns {
            return ScreenLine([(first, style), ("  " + rest, .plain)])
        }
        return fitting([("(\(count))", style), ("  " + essentialKeys, .plain)], into: columns)
    }

    /// "? q": the essential hints' keys alone.
    static let essentialKeys = EditorKeymap.essentialHints.map { String($0.prefix { $0 != " " }) }
        .joined(separator: " ")

    /// The hints shown when there is room, most useful first; the essential ones always follow.
    static let optionalHints = EditorKeymap.optionalHints

    /// The help from `offset`; when it does not fit, its last line says how to scroll.
    static func helpBody(
        from offset: Int, height: Int, columns: Int, picking: EditorPicking.Purpose? = nil
    ) -> [ScreenLine] {
        let helpLines = helpLines(columns: columns, picking: picking)
        let size = helpPageSize(height: height, lineCount: helpLines.count)
        var lines = (0..<size).map { index in
            let line = offset + index
            return ScreenLine(
                EditorText.fitting(line < helpLines.count ? helpLines[line] : "", into: columns))
        }
        if size < height {
            let more = offset + size < helpLines.count ? "j/k, PgDn/PgUp scroll" : "end"
            lines.append(
                ScreenLine(
                    EditorText.fitting("-- \(more); other keys go back --", into: columns), .title))
        }
        return lines
    }

    /// Help lines shown at once: all of them, or one line less than the height, for the line
    /// that says how to scroll.
    public static func helpPageSize(height: Int, lineCount: Int = helpLines.count) -> Int {
        lineCount <= height ? height : max(height - 1, 1)
    }

    public static let helpLines = EditorKeymap.helpLines

    /// The help's lines at a width (long descriptions wrapped under themselves).
    public static func helpLines(columns: Int, picking: EditorPicking.Purpose? = nil)
        -> [String]
    {
        EditorKeymap.helpLines(columns: columns, picking: picking)
    }

    /// Cuts spans to `columns` display columns.
    private static func fitting(_ spans: [(text: String, style: TextStyle)], into columns: Int)
        -> ScreenLine
    {
        var result: [(text: String, style: TextStyle)] = []
        var left = columns
        for span in spans where left > 0 {
            let text = EditorText.fitting(span.text, into: left)
            result.append((text, span.style))
            left -= EditorText.width(of: text)
        }
        return ScreenLine(result)
    }
}
