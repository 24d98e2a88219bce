import ChecklistCore
import ChecklistModel

/// A row of the page, with its tools in edit mode and its fields' inputs.
extension PageHTML {
    static func rowHTML(_ row: EditorRow, kind: String, tools: RowTools? = nil) -> String {
        let id = "item-\(row.id)"
        var html =
            #"<li data-id="\#(row.id)" data-key="\#(row.sortKey)"><input type="\#(kind)" "#
            + #"id="\#(id)" name="checked" value="\#(row.id)"\#(row.isSelected ? " checked" : "")>"#
        if let tools, tools.isRenaming {
            html +=
                #"<input class="title-field" name="title" form="rename-form" required autofocus "#
                + #"aria-label="New title" value="\#(escaped(row.title))">"#
                + fieldInputs(row)
                + #"<span class="tools"><button type="submit" form="rename-form">Save</button>"#
                + #"<a class="button" href="\#(escaped(tools.renameURL.replacingOccurrences(of: "&rename=\(row.id)", with: "")))">Cancel</a></span>"#
        } else {
            let shown = ItemField.shownSuffix(row.more)
            html +=
                #"<label for="\#(id)"><bdi>\#(escaped(row.title))</bdi>"#
                + (shown.isEmpty ? "" : #"<span class="fields">\#(escaped(shown))</span>"#)
                + "</label>"
        }
        if let tools, !tools.isRenaming {
            func move(_ direction: String, _ other: ItemID?, _ symbol: String, _ word: String)
                -> String
            {
                let value = other.map { "\(row.id) \(direction) \($0)" } ?? ""
                return #"<button type="submit" form="move-form" name="move" value="\#(value)" "#
                    + #"class="\#(word)" aria-label="Move \#(word)"\#(other == nil ? " disabled" : "")>"#
                    + symbol + "</button>"
            }
            html +=
                #"<span class="tools">"# + move("before", tools.above, "↑", "up")
                + move("after", tools.below, "↓", "down")
                + #"<a class="button rename" href="\#(escaped(tools.renameURL))" aria-label="Rename" "#
                + #"title="Rename">✎</a></span>"#
        }
        return html + #"<span class="note" role="alert"></span></li>"#
    }

    /// Rename's fields for the item's declared fields (`ItemField`: its quantity and note),
    /// each holding its value, submitted with the title as one change.
    static func fieldInputs(_ row: EditorRow) -> String {
        ItemField.all.enumerated().map { index, field in
            let value = index < row.more.count ? row.more[index] : field.shown.defaultText
            let rule =
                switch field.shown.kind {
                case .count(let range):
                    #"type="number" inputmode="numeric" required min="\#(range.lowerBound)" "#
                        + #"max="\#(range.upperBound)""#
                // No maxlength: a browser counts UTF-16 units, the rule counts characters (the
                // server refuses a longer note, 400).
                case .text: ""
                }
            return #"<input class="field-input \#(field.name)-field" name="\#(field.name)" "#
                + #"form="rename-form" aria-label="\#(field.shown.label)" "#
                + #"placeholder="\#(field.shown.label)" \#(rule) value="\#(escaped(value))">"#
        }.joined()
    }
}
