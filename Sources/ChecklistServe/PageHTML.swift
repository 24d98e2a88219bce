import ChecklistCore
import ChecklistModel

/// The page as HTML (complete without a script: plain forms, and the page reloads), from the
/// files in `Page/`. Every text from the lists is escaped. (Its state for the script that keeps
/// it live is `PageState`.)
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

    /// The page's URL for a list, relative to the page (`./?list=…&listid=…`): with the
    /// list's identity, which the page follows when the list is renamed elsewhere (issue 48, 8).
    static func pageURL(list: ListName, identity: String = "", editing: Bool) -> String {
        "./?list=" + FormBody.encode(list.text)
            + (identity.isEmpty ? "" : "&listid=" + FormBody.encode(identity))
            + (editing ? "&edit=1" : "")
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

    /// Where a window of a long list is ("201–400 of 1,250"), with the links to the windows
    /// before and after it and back to the start; nothing for a list that fits one window.
    static func pagerHTML(_ window: EditorPage, firstRank: Int, editing: Bool) -> String {
        guard window.hasRowsBefore || window.hasRowsAfter, !window.rows.isEmpty else { return "" }
        let base = escaped(
            pageURL(
                list: window.list, identity: window.listIdentity.map(identityText) ?? "",
                editing: false))
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
        person: String = "", renaming: ItemID? = nil, epoch: String = "",
        time: String = PageClock.now()
    ) -> String {
        let list = window.list
        let identity = window.listIdentity.map(Self.identityText) ?? ""
        let listField =
            #"<input type="hidden" name="list" value="\#(escaped(list.text))">"#
            + (identity.isEmpty
                ? "" : #"<input type="hidden" name="listid" value="\#(escaped(identity))">"#)
        let editField = editing ? #"<input type="hidden" name="edit" value="1">"# : ""
        let kind = window.mode == .single ? "radio" : "checkbox"
        let shownChecked = window.rows.filter(\.isSelected).map(\.id)
        var names = window.lists
        if !names.contains(list) { names.insert(list, at: 0) }
        let options = names.map { name in
            let selected = name == list ? " selected" : ""
            return
                #"<option value="\#(escaped(name.text))"\#(selected)>\#(escaped(name.text))</option>"#
                + "\n"
        }
        let rows = window.rows
        let rowsHTML = rows.indices.map { index in
            rowHTML(
                rows[index], kind: kind,
                tools: editing
                    ? RowTools(
                        above: index > 0 ? rows[index - 1].id : nil,
                        below: index + 1 < rows.count ? rows[index + 1].id : nil,
                        renameURL: pageURL(list: list, identity: identity, editing: true)
                            + "&rename=\(rows[index].id)",
                        isRenaming: rows[index].id == renaming)
                    : nil) + "\n"
        }
        let checkedIDs = shownChecked.map(String.init).joined(separator: ",")
        // A radio button cannot be tapped off: None clears the choice.
        let noneForm =
            window.mode != .single
            ? ""
            : #"<form id="none-form" method="post" action="none">"# + "\n" + listField + editField
                + #"<button type="submit" id="none"\#(window.counts.checked == 0 ? " disabled" : "")>"#
                + "None</button>\n</form>\n"
        // The rows' up, down and rename controls submit these (a form cannot hold another).
        let editForms =
            !editing
            ? ""
            : #"<form id="move-form" method="post" action="move">\#(listField)\#(editField)</form>"#
                + "\n"
                + #"<form id="rename-form" method="post" action="rename">\#(listField)\#(editField)"#
                + #"<input type="hidden" name="id" value="\#(renaming.map(String.init) ?? "")"></form>"#
                + "\n"
        let toolbar =
            !editing
            ? ""
            : #"<footer id="toolbar" aria-live="polite">"# + "\n"
                + #"<form id="delete-form" method="post" action="delete">"# + "\n" + listField
                + editField + #"<input type="hidden" name="ids" value="\#(checkedIDs)">"# + "\n"
                + #"<button type="submit" id="delete"\#(shownChecked.isEmpty ? " disabled" : "")>"#
                + "Delete (\(shownChecked.count))</button>\n</form>\n</footer>\n"
        return PageAssets.page.filled([
            "list": escaped(list.text), "list-id": escaped(identity),
            "mode": window.mode.rawValue, "mark": String(mark), "editing": String(editing),
            "epoch": escaped(epoch), "time": escaped(time), "person": escaped(person),
            "partial": String(startedFrom), "list-options": options.joined(),
            "edit-field": editField, "list-field": listField,
            "checked": String(window.counts.checked), "total": String(window.counts.total),
            "edit-url": escaped(pageURL(list: list, identity: identity, editing: !editing)),
            "edit-label": editing ? "Done" : "Edit",
            "undo-form": undoHTML(person: person, listField: listField, editField: editField),
            "shown": rows.map { String($0.id) }.joined(separator: ","), "was": checkedIDs,
            "rows": rowsHTML.joined(),
            "empty": rows.isEmpty ? #"<p id="empty">No items yet.</p>"# + "\n" : "",
            "none-form": noneForm, "edit-forms": editForms,
            "pager": pagerHTML(window, firstRank: firstRank, editing: editing),
            "toolbar": toolbar,
        ])
    }

    /// A person's link: whose changes the page makes, and an Undo of their newest one. The
    /// plain link's Undo undoes the newest change made as the serving user (issue 48, 11): a
    /// mistaken Delete on the phone is undone there.
    static func undoHTML(person: String, listField: String, editField: String) -> String {
        guard !person.isEmpty else {
            return """
                <form id="undo-form" method="post" action="undo">
                \(listField)\(editField)<button type="submit" id="undo">Undo last change</button>
                </form>

                """
        }
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
}
