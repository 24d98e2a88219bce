import ChecklistCore
import ChecklistModel

/// The pages that are not a list: a deletion to confirm, a list gone, a refusal.
extension PageHTML {
    /// Deleting without a script asks once, on a page of its own.
    static func confirmDeletion(list: ListName, identity: String, ids: [ItemID], editing: Bool)
        -> String
    {
        PageAssets.confirmDeletion.filled([
            "count": String(ids.count), "noun": ids.count == 1 ? "item" : "items",
            "list": escaped(list.text), "ids": ids.map(String.init).joined(separator: ","),
            "edit-field": editing ? #"<input type="hidden" name="edit" value="1">"# : "",
            "cancel-url": escaped(pageURL(list: list, identity: identity, editing: editing)),
        ])
    }

    /// The page for a list that is not there (deleted elsewhere, or a name no list has), in
    /// the page's words, with the list menu: the way to another list (issue 48, 8). Nothing on
    /// it adds an item, so nothing recreates the list.
    static func missingList(_ message: String, lists: [String], editing: Bool) -> String {
        let options = lists.map { name in
            #"<option value="\#(escaped(name))">\#(escaped(name))</option>"# + "\n"
        }
        let editField = editing ? #"<input type="hidden" name="edit" value="1">"# : ""
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>checklist</title>
            <link rel="stylesheet" href="/page.css">
            <link rel="icon" href="/icon.svg" type="image/svg+xml">
            </head>
            <body>
            <header>
            <form method="get" action="./" class="lists">
            <label for="list-menu">List</label>
            <select id="list-menu" name="list">
            \(options.joined())</select>
            \(editField)<button type="submit" id="open-list"\(lists.isEmpty ? " disabled" : "")>Open</button>
            </form>
            </header>
            <main>
            <p id="gone" role="alert">\(escaped(message))</p>
            </main>
            </body>
            </html>

            """
    }

    /// A change refused, for a page without its script: the reason, and a link back to the
    /// list (`back`, relative to the page's address).
    static func refusal(_ message: String, back: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Not saved · checklist</title>
        <link rel="stylesheet" href="/page.css">
        <link rel="icon" href="/icon.svg" type="image/svg+xml">
        </head>
        <body>
        <main>
        <p id="gone" role="alert">\(escaped(message))</p>
        <p><a id="back" class="button" href="\(escaped(back))">Back to the list</a></p>
        </main>
        </body>
        </html>

        """
    }
}
