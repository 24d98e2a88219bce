import ChecklistCore

/// The page as HTML (complete without a script: plain forms, and the page reloads), and its
/// state as JSON for the script that keeps it live. Every text from the lists is escaped.
enum PageHTML {
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A JSON string literal.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // `<` too, so no text can close a script element, were JSON ever put in one.
            case "<": result += "\\u003c"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The page's URL for a list, relative to the page (`./?list=…`).
    static func pageURL(list: ListName, editing: Bool) -> String {
        "./?list=" + FormBody.encode(list.text) + (editing ? "&edit=1" : "")
    }

    /// A list's identity as the page carries it: "ID.CREATED" (the creation time is
    /// ISO 8601 text without a dot before its milliseconds' own).
    static func identityText(_ identity: ListIdentity) -> String {
        "\(identity.id).\(identity.createdAt)"
    }

    static func listIdentity(parsing text: String) -> ListIdentity? {
        guard let dot = text.firstIndex(of: "."), let id = Int64(text[..<dot]) else { return nil }
        let created = String(text[text.index(after: dot)...])
        guard !created.isEmpty, created.count <= 64 else { return nil }
        return ListIdentity(id: id, createdAt: created)
    }

    static func state(_ window: EditorPage, mark: Int64) -> String {
        let rows = window.rows.map { row in
            #"{"id":\#(row.id),"key":\#(row.sortKey),"title":\#(jsonString(row.title)),"checked":\#(row.isSelected)}"#
        }
        let identity = window.listIdentity.map(identityText) ?? ""
        return #"{"list":\#(jsonString(window.list.text)),"listId":\#(jsonString(identity)),"#
            + #""mode":"\#(window.mode.rawValue)","#
            + #""checked":\#(window.counts.checked),"total":\#(window.counts.total),"#
            + #""lists":[\#(window.lists.map { jsonString($0.text) }.joined(separator: ","))],"#
            + #""rows":[\#(rows.joined(separator: ","))],"more":\#(window.hasRowsAfter),"#
            + #""mark":\#(mark)}"#
    }

    /// Where a window of a long list is ("201–400 of 1,250"), with the links to the windows
    /// before and after it and back to the start; nothing for a list that fits one window.
    static func pagerHTML(_ window: EditorPage, firstRank: Int, editing: Bool) -> String {
        guard window.hasRowsBefore || window.hasRowsAfter, !window.rows.isEmpty else { return "" }
        let base = "./?list=" + escaped(FormBody.encode(window.list.text))
        let edit = editing ? "&amp;edit=1" : ""
        var links: [String] = []
        if window.hasRowsBefore, let first = window.rows.first {
            links.append(#"<a id="first" href="\#(base)\#(edit)">First items</a>"#)
            links.append(
                #"<a id="previous" href="\#(base)&amp;from=\#(first.id)&amp;key=\#(first.sortKey)"#
                    + #"&amp;before=1\#(edit)">Previous items</a>"#)
        }
        if window.hasRowsAfter, let last = window.rows.last {
            links.append(
                #"<a id="more" href="\#(base)&amp;from=\#(last.id)&amp;key=\#(last.sortKey)"#
                    + #"&amp;after=1\#(edit)">Next items</a>"#)
        }
        let range =
            "\(grouped(firstRank + 1))–\(grouped(firstRank + window.rows.count))"
            + " of \(grouped(window.counts.total))"
        return #"<nav id="pager" aria-label="Parts of the list"><p id="range">Items \#(range)</p>"#
            + "<p>" + links.joined(separator: " · ") + "</p></nav>\n"
    }

    /// 1250 as "1,250": a count for people.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    /// `firstRank`: how many items of the list come before the window's first row; `person`:
    /// whose link opened the page ("" the plain link), who gets an Undo of their own change.
    static func page(
        _ window: EditorPage, mark: Int64, editing: Bool, startedFrom: Bool, firstRank: Int = 0,
        person: String = "", renaming: ItemID? = nil
    ) -> String {
        let list = window.list
        let identity = window.listIdentity.map(Self.identityText) ?? ""
        let listField = #"<input type="hidden" name="list" value="\#(escaped(list.text))">"#
            + (identity.isEmpty
                ? "" : #"<input type="hidden" name="listid" value="\#(escaped(identity))">"#)
        let editField = editing ? #"<input type="hidden" name="edit" value="1">"# : ""
        let kind = window.mode == .single ? "radio" : "checkbox"
        let shownChecked = window.rows.filter(\.isSelected).map(\.id)
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escaped(list.text)) · checklist</title>
            <link rel="stylesheet" href="page.css">
            <link rel="icon" href="/icon.svg" type="image/svg+xml">
            <link rel="apple-touch-icon" href="/icon-192.png">
            <link rel="manifest" href="/manifest.webmanifest">
            <meta name="theme-color" content="#0a7d45">
            <script src="page.js" defer></script>
            </head>
            <body data-list="\(escaped(list.text))" data-list-id="\(escaped(identity))" \
            data-mode="\(window.mode.rawValue)" \
            data-mark="\(mark)" data-editing="\(editing)" data-partial="\(startedFrom)">
            <header>
            <form method="get" action="./" class="lists">
            <label for="list-menu">List</label>
            <select id="list-menu" name="list">

            """
        var names = window.lists
        if !names.contains(list) { names.insert(list, at: 0) }
        for name in names {
            let selected = name == list ? " selected" : ""
            html += #"<option value="\#(escaped(name.text))"\#(selected)>\#(escaped(name.text))</option>"#
                + "\n"
        }
        html += """
            </select>
            \(editField)<button type="submit" id="open-list">Open</button>
            </form>
            <p id="counts" aria-live="polite"><span id="checked-count">\(window.counts.checked)</span> \
            of <span id="total-count">\(window.counts.total)</span> checked</p>
            <a id="edit" class="button" href="\(escaped(pageURL(list: list, editing: !editing)))">\
            \(editing ? "Done" : "Edit")</a>
            \(undoHTML(person: person, listField: listField, editField: editField))</header>
            <main>
            <p id="gone" role="alert" hidden></p>
            <p id="status" role="status" aria-live="polite"></p>
            <form id="rows-form" method="post" action="save">
            \(listField)\(editField)<input type="hidden" name="shown" \
            value="\(window.rows.map { String($0.id) }.joined(separator: ","))">
            <input type="hidden" name="was" \
            value="\(shownChecked.map(String.init).joined(separator: ","))">
            <ul id="rows" aria-label="Items of \(escaped(list.text))">

            """
        let rows = window.rows
        for (index, row) in rows.enumerated() {
            html += rowHTML(
                row, kind: kind,
                tools: editing
                    ? RowTools(
                        above: index > 0 ? rows[index - 1].id : nil,
                        below: index + 1 < rows.count ? rows[index + 1].id : nil,
                        renameURL: pageURL(list: list, editing: true) + "&rename=\(row.id)",
                        isRenaming: row.id == renaming)
                    : nil) + "\n"
        }
        html += "</ul>\n"
        if window.rows.isEmpty {
            html += #"<p id="empty">No items yet.</p>"# + "\n"
        }
        html += """
            <button type="submit" id="save">Save</button>
            </form>

            """
        if window.mode == .single {
            // A radio button cannot be tapped off: None clears the choice.
            html += """
                <form id="none-form" method="post" action="none">
                \(listField)\(editField)<button type="submit" id="none"\(window.counts.checked == 0 ? " disabled" : "")>\
                None</button>
                </form>

                """
        }
        if editing {
            // The rows' up, down and rename controls submit these (a form cannot hold another).
            html += """
                <form id="move-form" method="post" action="move">\(listField)\(editField)</form>
                <form id="rename-form" method="post" action="rename">\(listField)\(editField)\
                <input type="hidden" name="id" value="\(renaming.map(String.init) ?? "")"></form>

                """
        }
        html += pagerHTML(window, firstRank: firstRank, editing: editing)
        html += """
            <form id="add-form" method="post" action="add">
            \(listField)\(editField)<label for="new-title">New item</label>
            <input id="new-title" name="title" required autocomplete="off">
            <button type="submit">Add</button>
            <span id="add-note" class="note" role="alert"></span>
            </form>
            </main>

            """
        if editing {
            html += """
                <footer id="toolbar" aria-live="polite">
                <form id="delete-form" method="post" action="delete">
                \(listField)\(editField)<input type="hidden" name="ids" \
                value="\(shownChecked.map(String.init).joined(separator: ","))">
                <button type="submit" id="delete"\(shownChecked.isEmpty ? " disabled" : "")>\
                Delete (\(shownChecked.count))</button>
                </form>
                </footer>

                """
        }
        html += """
            </body>
            </html>

            """
        return html
    }

    /// A person's link: whose changes the page makes, and an Undo of their newest one.
    static func undoHTML(person: String, listField: String, editField: String) -> String {
        guard !person.isEmpty else { return "" }
        return """
            <form id="undo-form" method="post" action="undo">
            \(listField)\(editField)<button type="submit" id="undo">Undo my last change</button>
            </form>
            <p id="person">Your changes are recorded as <bdi>\(escaped(person))</bdi></p>

            """
    }

    /// Edit mode's controls on a row: up and down (before the row above, after the one below,
    /// as the page shows them), and Rename, which opens the title as a field.
    struct RowTools {
        var above: ItemID?
        var below: ItemID?
        var renameURL: String
        var isRenaming: Bool
    }

    static func rowHTML(_ row: EditorRow, kind: String, tools: RowTools? = nil) -> String {
        let id = "item-\(row.id)"
        var html = #"<li data-id="\#(row.id)" data-key="\#(row.sortKey)"><input type="\#(kind)" "#
            + #"id="\#(id)" name="checked" value="\#(row.id)"\#(row.isSelected ? " checked" : "")>"#
        if let tools, tools.isRenaming {
            html += #"<input class="title-field" name="title" form="rename-form" required autofocus "#
                + #"aria-label="New title" value="\#(escaped(row.title))">"#
                + #"<span class="tools"><button type="submit" form="rename-form">Save</button>"#
                + #"<a class="button" href="\#(escaped(tools.renameURL.replacingOccurrences(of: "&rename=\(row.id)", with: "")))">Cancel</a></span>"#
        } else {
            html += #"<label for="\#(id)"><bdi>\#(escaped(row.title))</bdi></label>"#
        }
        if let tools, !tools.isRenaming {
            func move(_ direction: String, _ other: ItemID?, _ symbol: String, _ word: String) -> String {
                let value = other.map { "\(row.id) \(direction) \($0)" } ?? ""
                return #"<button type="submit" form="move-form" name="move" value="\#(value)" "#
                    + #"class="\#(word)" aria-label="Move \#(word)"\#(other == nil ? " disabled" : "")>"#
                    + symbol + "</button>"
            }
            html += #"<span class="tools">"# + move("before", tools.above, "↑", "up")
                + move("after", tools.below, "↓", "down")
                + #"<a class="button rename" href="\#(escaped(tools.renameURL))" aria-label="Rename" "#
                + #"title="Rename">✎</a></span>"#
        }
        return html + #"<span class="note" role="alert"></span></li>"#
    }

    /// Deleting without a script asks once, on a page of its own.
    static func confirmDeletion(list: ListName, ids: [ItemID], editing: Bool) -> String {
        let count = ids.count
        let noun = count == 1 ? "item" : "items"
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Delete \(count) \(noun)? · checklist</title>
            <link rel="stylesheet" href="page.css">
            <link rel="icon" href="/icon.svg" type="image/svg+xml">
            </head>
            <body>
            <main>
            <h1>Delete \(count) checked \(noun) of <bdi>\(escaped(list.text))</bdi>?</h1>
            <p>Those still checked are deleted; <code>checklist undo</code> brings them back.</p>
            <form method="post" action="delete">
            <input type="hidden" name="list" value="\(escaped(list.text))">
            <input type="hidden" name="ids" value="\(ids.map(String.init).joined(separator: ","))">
            <input type="hidden" name="confirm" value="yes">
            \(editing ? #"<input type="hidden" name="edit" value="1">"# : "")\
            <button type="submit" id="confirm-delete">Delete \(count) \(noun)</button>
            <a class="button" href="\(escaped(pageURL(list: list, editing: editing)))">Cancel</a>
            </form>
            </main>
            </body>
            </html>

            """
    }
}
