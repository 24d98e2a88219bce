import ChecklistCore
import ChecklistModel
import ChecklistStore
import ChecklistSync
import Foundation

/// What the page's script reads, as JSON: a window of the list with its counts, the lists
/// there are, and the change mark (`/state`, a change's answer, the live updates).
struct PageState: Codable, Equatable {
    /// A row: the edit mode's row (`EditorRow`, which holds every declared field: a new one
    /// reaches the page with no field of its own here), as the page's script reads it: its ID,
    /// sort key (`key`), title and check (`checked`), and each other shown field under its
    /// JSON key where it is not at its value by default (a count as a number, as the JSON of
    /// items writes it).
    @dynamicMemberLookup
    struct Row: Codable, Equatable {
        var row: EditorRow

        init(_ row: EditorRow) { self.row = row }

        subscript<Value>(dynamicMember path: KeyPath<EditorRow, Value>) -> Value {
            row[keyPath: path]
        }

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(row.id, forKey: Key("id"))
            try container.encode(row.sortKey, forKey: Key("key"))
            try container.encode(row.title, forKey: Key("title"))
            try container.encode(row.isSelected, forKey: Key("checked"))
            // What the page shows after the title (` ×5 — borrow Ben's`), written once here.
            let shown = ItemField.shownSuffix(row.more)
            if !shown.isEmpty { try container.encode(shown, forKey: Key("shown")) }
            for (field, value) in zip(ItemField.all, row.more) where !field.shown.isDefault(value) {
                switch field.shown.kind {
                case .count: try container.encode(Int64(value) ?? 0, forKey: Key(field.name))
                case .text: try container.encode(value, forKey: Key(field.name))
                }
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            self.init(
                EditorRow(
                    id: try container.decode(ItemID.self, forKey: Key("id")),
                    title: try container.decode(String.self, forKey: Key("title")),
                    isSelected: try container.decode(Bool.self, forKey: Key("checked")),
                    sortKey: try container.decode(Int64.self, forKey: Key("key")),
                    more: try ItemField.all.map { field in
                        switch field.shown.kind {
                        case .count:
                            try container.decodeIfPresent(Int64.self, forKey: Key(field.name))
                                .map(String.init) ?? field.shown.defaultText
                        case .text:
                            try container.decodeIfPresent(String.self, forKey: Key(field.name))
                                ?? field.shown.defaultText
                        }
                    }))
        }
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
    /// This server process's own name for itself: marks count within one process (a page
    /// open across a restart takes the new process's states whatever their marks).
    var epoch: String
    /// The server's clock when the state was read (ISO 8601 UTC): a page's taps are never
    /// stamped before what it has seen (`ChecklistStore.mergeTaps`).
    var time: String
    /// What a person's Undo undid; absent otherwise.
    var undone: String?
    /// The taps of this answer's request that did not hold, each with what won over it.
    var lost: [LostTap]?

    /// A tap that lost to a later edit made elsewhere, or to a delete, in the page's words.
    struct LostTap: Codable, Equatable {
        var id: ItemID
        var title: String
        /// "check" or "uncheck".
        var tap: String
        /// When the tap was made (as merged).
        var at: String
        /// What won over it, said after the title: "ben unchecked it", "someone deleted it".
        var said: String
        /// When that was, if known.
        var when: String?

        init(_ outcome: TapOutcome, winner: SyncConflict.Edit) {
            id = outcome.tap.id
            title = outcome.title ?? ""
            tap = outcome.tap.checked ? "check" : "uncheck"
            at = outcome.time
            let who = winner.author.flatMap { $0.isEmpty ? nil : $0 } ?? "someone"
            let did: String
            switch winner.what {
            case "check": did = "checked it"
            case "uncheck": did = "unchecked it"
            case "delete": did = "deleted it"
            case let what where what.hasPrefix("check "):
                // A single-choice list's later choice: "check 'Small'".
                did = "chose " + String(what.dropFirst("check ".count))
            default: did = "changed it"
            }
            said = who + " " + did
            when = winner.time
        }
    }

    init(
        _ window: EditorPage, mark: Int64, epoch: String, undone: String? = nil,
        lost: [LostTap]? = nil
    ) {
        list = window.list.text
        listId = window.listIdentity.map(PageHTML.identityText) ?? ""
        mode = window.mode.rawValue
        checked = window.counts.checked
        total = window.counts.total
        lists = window.lists.map(\.text)
        rows = window.rows.map(Row.init)
        more = window.hasRowsAfter
        self.mark = mark
        self.epoch = epoch
        self.time = PageClock.now()
        self.undone = undone
        self.lost = lost
    }

    var json: [UInt8] { PageJSON.encoded(self) }
}

/// The serving machine's clock, as the program writes times: ISO 8601 UTC with milliseconds.
enum PageClock {
    static func now() -> String {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return format.string(from: Date())
    }

    /// Whether `text` is such a time (`2026-11-28T10:05:00.000Z`), and a real one (no month
    /// 13, no second 99).
    static func isTime(_ text: String) -> Bool {
        ISOTime.isValid(text)
    }
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
