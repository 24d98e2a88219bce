import ChecklistCore
import Foundation

/// What the page's script reads, as JSON: a window of the list with its counts, the lists
/// there are, and the change mark (`/state`, a change's answer, the live updates).
struct PageState: Codable, Equatable {
    struct Row: Codable, Equatable {
        var id: ItemID
        var key: Int64
        var title: String
        var checked: Bool
    }

    var list: String
    /// The list's identity ("ID.CREATED"), "" while it does not exist.
    var listId: String
    var mode: String
    var checked: Int
    var total: Int
    var lists: [String]
    var rows: [Row]
    /// Whether rows follow the window.
    var more: Bool
    var mark: Int64
    /// What a person's Undo undid; absent otherwise.
    var undone: String?

    init(_ window: EditorPage, mark: Int64, undone: String? = nil) {
        list = window.list.text
        listId = window.listIdentity.map(PageHTML.identityText) ?? ""
        mode = window.mode.rawValue
        checked = window.counts.checked
        total = window.counts.total
        lists = window.lists.map(\.text)
        rows = window.rows.map {
            Row(id: $0.id, key: $0.sortKey, title: $0.title, checked: $0.isSelected)
        }
        more = window.hasRowsAfter
        self.mark = mark
        self.undone = undone
    }

    var json: [UInt8] { PageJSON.encoded(self) }
}

/// A read or change the page's script asked for and did not get: why, and for a list deleted
/// elsewhere, that it is gone and which lists there are now (for the page's menu).
struct PageFailure: Codable, Equatable {
    var error: String
    var gone: Bool?
    var lists: [String]?

    var json: [UInt8] { PageJSON.encoded(self) }
}

/// The page's JSON, written by `JSONEncoder`, its keys in order (the same state is the same
/// bytes). A `/` in a text is written `\/`, so no text closes a script element, were JSON ever
/// put in one.
enum PageJSON {
    static func encoded(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        do {
            return Array(try encoder.encode(value))
        } catch {
            // Text, whole numbers and truth values only: nothing here can fail to encode.
            preconditionFailure("the page's JSON could not be written: \(error)")
        }
    }
}
