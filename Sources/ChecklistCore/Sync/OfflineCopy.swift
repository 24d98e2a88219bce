import GRDB

/// An offline copy's own rows, in its SQLite file (`migrations/0006_offline_copies.sql`): where
/// its last sync left it, and its unsent changes, read from its journal.
enum OfflineCopy {
    /// How many item IDs a copy holds at least after clone and after each sync.
    static let reservedIDs: Int64 = 1000

    struct State: Equatable, Sendable {
        var uri: String
        var author: String
        var copyID: String
        var syncedThrough: Int64
        var serverRevision: Int64
        var seen: String
        var firstReservedID: Int64
        var lastReservedID: Int64
        /// The random text the server gave at the copy's last sync (`migrations/0008`): an
        /// older one there tells a copy put back or duplicated; an unknown one, a server that
        /// went back in time. '' before the first sync that set one.
        var generation: String = ""
        /// When its last sync ended (the server's clock).
        var syncedAt: String = ""
    }

    /// A copy's `undo` of a change the server holds, to be sent; or of one of its own changes
    /// it had not sent yet (`unsent`), which the server may have taken all the same.
    struct Undo: Equatable, Sendable {
        var id: Int64
        var changeID: Int64
        var afterChange: Int64
        var createdAt: String
        var author: String?
        /// The undone change as the copy's journal had it (`migrations/0007`).
        var unsent: Change?
    }

    /// The copy's state; nil on a file that is not a copy.
    static func state(_ db: Database) throws -> State? {
        // A file of a program before copies has no such table (asked of sqlite_master itself:
        // GRDB's `tableExists` reads the whole schema into a cache first, 1.7 M instructions).
        guard
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'syncState'")
                != nil
        else { return nil }
        return try Row.fetchOne(
            db,
            sql: """
                SELECT uri, author, copyId, syncedThrough, serverRevision, seen, firstReservedId,
                    lastReservedId, generation, syncedAt
                FROM syncState
                """
        ).map { row in
            State(
                uri: try row.decode(forColumn: "uri"), author: try row.decode(forColumn: "author"),
                copyID: try row.decode(forColumn: "copyId"),
                syncedThrough: try row.decode(forColumn: "syncedThrough"),
                serverRevision: try row.decode(forColumn: "serverRevision"),
                seen: try row.decode(forColumn: "seen"),
                firstReservedID: try row.decode(forColumn: "firstReservedId"),
                lastReservedID: try row.decode(forColumn: "lastReservedId"),
                generation: try row.decode(forColumn: "generation"),
                syncedAt: try row.decode(forColumn: "syncedAt"))
        }
    }

    static func write(_ state: State, syncedAt: String, into db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO syncState (singleton, uri, author, copyId, syncedThrough,
                    serverRevision, seen, firstReservedId, lastReservedId, syncedAt, generation)
                VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                state.uri, state.author, state.copyID, state.syncedThrough, state.serverRevision,
                state.seen, state.firstReservedID, state.lastReservedID, syncedAt,
                state.generation,
            ])
    }

    static func undos(_ db: Database) throws -> [Undo] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, changeId, afterChange, createdAt, author, copyChange, changeCreatedAt,
                    changeAuthor, changeCommand, changeDescription
                FROM syncUndos ORDER BY id
                """
        ).map { row in
            // A copy's change undone before it was sent carries its own entry (migration 0007).
            var unsent: Change?
            if let copyChange: Int64 = try row.decode(atIndex: 5) {
                unsent = Change(
                    id: copyChange, command: try row.decode(atIndex: 8),
                    description: try row.decode(atIndex: 9), itemCount: 0,
                    createdAt: try row.decode(atIndex: 6), author: try row.decode(atIndex: 7))
            }
            return Undo(
                id: try row.decode(atIndex: 0), changeID: try row.decode(atIndex: 1),
                afterChange: try row.decode(atIndex: 2), createdAt: try row.decode(atIndex: 3),
                author: try row.decode(atIndex: 4), unsent: unsent)
        }
    }

    /// Remembers an `undo` made on a copy (when `db` is one), for the next sync: of a change
    /// the server already holds, to be made there; of one the copy had not sent, with what
    /// names it on the server, in case a sync cut as the server committed had it taken there.
    static func noteUndo(of change: Change, author: String?, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO syncUndos (changeId, afterChange, createdAt, author, copyChange,
                    changeCreatedAt, changeAuthor, changeCommand, changeDescription)
                SELECT CASE WHEN :id <= syncedThrough THEN :id ELSE 0 END,
                       coalesce((SELECT max(id) FROM changes), 0),
                       strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), :undoer,
                       CASE WHEN :id > syncedThrough THEN :id END,
                       :createdAt, :author, :command, :description
                FROM syncState
                """,
            arguments: [
                "id": change.id, "undoer": author ?? change.author, "createdAt": change.createdAt,
                "author": change.author, "command": change.command,
                "description": change.description,
            ])
    }

    /// Every item the copy holds, with its list's name.
    static func heldItems(_ db: Database) throws -> [(item: CopyItem, list: String)] {
        try Row.fetchAll(
            db,
            sql: "SELECT l.name, " + CopyItem.columns(of: "i")
                + " FROM items i JOIN lists l ON l.id = i.listId ORDER BY i.id"
        ).map { row in (try CopyItem(row, at: 1), try row.decode(atIndex: 0)) }
    }

    /// A change that adds `items` back, as the copy holds them: what `sync --restore-server`
    /// gives a server that forgot them.
    static func givingBack(_ items: [(item: CopyItem, list: String)], stamp: Stamp)
        -> CopyChange
    {
        let noun = items.count == 1 ? "item" : "items"
        return CopyChange(
            entry: Change(
                id: 0, command: "restore",
                description: "gave back \(items.count) \(noun) the server had lost",
                itemCount: items.count, createdAt: stamp.time, author: stamp.author),
            edits: items.map {
                .create(
                    $0.item.id, list: $0.list, position: $0.item.position, values: $0.item.values)
            })
    }

    /// The journal's entries up to `through` (the server's, as the copy last brought them).
    static func entries(_ db: Database, through: Int64) throws -> [Change] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT id, command, description, itemCount, createdAt, author FROM changes
                WHERE id <= ? ORDER BY id
                """, arguments: [through]
        ).map { row in
            Change(
                id: try row.decode(forColumn: "id"), command: try row.decode(forColumn: "command"),
                description: try row.decode(forColumn: "description"),
                itemCount: try row.decode(forColumn: "itemCount"),
                createdAt: try row.decode(forColumn: "createdAt"),
                author: try row.decode(forColumn: "author"))
        }
    }

    /// The copy's changes after `syncedThrough`, oldest first, with their edits.
    static func unsent(_ db: Database, after syncedThrough: Int64) throws -> [CopyChange] {
        let (records, items) = try journal(db, after: syncedThrough, only: nil)
        guard !records.isEmpty else { return [] }
        let lists = try Row.fetchAll(db, sql: "SELECT id, name, mode FROM lists").map {
            CopyList(
                id: try $0.decode(atIndex: 0), name: try $0.decode(atIndex: 1),
                mode: try $0.decode(atIndex: 2))
        }
        return CopyEdits.derive(records, currentItems: items, currentLists: lists)
    }

    /// The item edits of the journal's entries that touched `ids`, oldest first (no list edits):
    /// what `CopyEdits.derive` reads from the records of those items alone.
    static func edits(of ids: Set<ItemID>, in db: Database) throws -> [CopyChange] {
        guard !ids.isEmpty else { return [] }
        let (records, items) = try journal(db, after: 0, only: ids)
        return CopyEdits.derive(
            records.filter { !$0.items.isEmpty || !$0.selections.isEmpty || !$0.added.isEmpty },
            currentItems: items, currentLists: [])
    }

    /// The journal's entries after `after`, oldest first, with their records, and the items
    /// they touched as they are now; only of the items `only` names when given (and then
    /// without the lists' records).
    private static func journal(_ db: Database, after: Int64, only: Set<ItemID>?) throws
        -> (records: [JournalRecords], items: [CopyItem])
    {
        let entries = try Row.fetchAll(
            db,
            sql: """
                SELECT id, command, description, itemCount, createdAt, author FROM changes
                WHERE id > ? ORDER BY id
                """, arguments: [after])
        guard !entries.isEmpty else { return ([], []) }
        var records: [Int64: JournalRecords] = [:]
        var order: [Int64] = []
        for row in entries {
            let change = Change(
                id: try row.decode(atIndex: 0), command: try row.decode(atIndex: 1),
                description: try row.decode(atIndex: 2), itemCount: try row.decode(atIndex: 3),
                createdAt: try row.decode(atIndex: 4), author: try row.decode(atIndex: 5))
            records[change.id] = JournalRecords(entry: change)
            order.append(change.id)
        }
        // The named items, one bound JSON array (an import's may name a million).
        let named = only.map { SQLiteItemsTable.jsonArray($0.sorted()) }
        for row in try Row.fetchAll(
            db,
            sql: "SELECT changeId, " + CopyItem.columns(id: "itemId")
                + """
                 FROM changedItems
                WHERE changeId > ?1
                    AND (?2 IS NULL OR itemId IN (SELECT value FROM json_each(?2)))
                """, arguments: [after, named])
        {
            records[try row.decode(Int64.self, atIndex: 0)]?.items.append(
                try CopyItem(row, at: 1))
        }
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT s.changeId, s.isSelected, j.value FROM changedSelections AS s,
                    json_each(s.itemIds) AS j
                WHERE s.changeId > ?1
                    AND (?2 IS NULL OR j.value IN (SELECT value FROM json_each(?2)))
                """, arguments: [after, named])
        {
            records[try row.decode(Int64.self, atIndex: 0)]?.selections.append(
                (try row.decode(atIndex: 2), try row.decode(atIndex: 1)))
        }
        for row in try Row.fetchAll(
            db, sql: "SELECT changeId, firstId, lastId FROM addedItems WHERE changeId > ?",
            arguments: [after])
        {
            let change: Int64 = try row.decode(atIndex: 0)
            let first: Int64 = try row.decode(atIndex: 1)
            let last: Int64 = try row.decode(atIndex: 2)
            guard first <= last else { throw DatabaseError(resultCode: .SQLITE_CORRUPT) }
            let range = first...last
            if let only {
                // Only the named items of a range (an import's may hold a million).
                records[change]?.added += only.filter(range.contains).sorted().map { $0...$0 }
            } else {
                records[change]?.added.append(range)
            }
        }
        if only == nil {
            for row in try Row.fetchAll(
                db,
                sql: "SELECT changeId, listId, name, mode FROM changedLists WHERE changeId > ?",
                arguments: [after])
            {
                // A list as it was before the change; none when the change created it.
                let id: Int64 = try row.decode(atIndex: 1)
                var before: CopyList?
                if let name: String = try row.decode(atIndex: 2) {
                    before = CopyList(id: id, name: name, mode: try row.decode(atIndex: 3))
                }
                records[try row.decode(Int64.self, atIndex: 0)]?.lists.append((id, before))
            }
        }
        // The named items, or every item a change after `after` touched.
        let items = try Row.fetchAll(
            db,
            sql: "SELECT " + CopyItem.columns() + " FROM items "
                + (named != nil
                    ? "WHERE id IN (SELECT value FROM json_each(?))"
                    : """
                    WHERE id IN (SELECT itemId FROM changedItems WHERE changeId > ?1
                        UNION SELECT j.value FROM changedSelections AS s, json_each(s.itemIds) AS j
                            WHERE s.changeId > ?1)
                        OR EXISTS (SELECT 1 FROM addedItems AS a
                            WHERE a.changeId > ?1 AND items.id BETWEEN a.firstId AND a.lastId)
                    """),
            arguments: named.map { [$0] } ?? [after]
        ).map { try CopyItem($0, at: 0) }
        return (order.compactMap { records[$0] }, items)
    }

    /// The copy's titles of items, for telling a conflict over an item gone from the server.
    static func titles(_ ids: [ItemID], in db: Database) throws -> [ItemID: String] {
        guard !ids.isEmpty else { return [:] }
        var found: [ItemID: String] = [:]
        for row in try Row.fetchAll(
            db,
            sql: """
                SELECT id, title FROM items WHERE id IN (SELECT value FROM json_each(?1))
                UNION ALL SELECT itemId, title FROM changedItems
                    WHERE itemId IN (SELECT value FROM json_each(?1))
                """, arguments: [SQLiteItemsTable.jsonArray(ids)])
        {
            let id: ItemID = try row.decode(atIndex: 0)
            if found[id] == nil { found[id] = try row.decode(atIndex: 1) }
        }
        return found
    }
}

extension CopyItem {
    /// What a copy's item is read from, in a file's items or its journal's: its ID (`id`),
    /// list and position, then each field merged by value (`MergedField.valued`), of the table
    /// `table` when given.
    static func columns(of table: String? = nil, id: String = "id") -> String {
        let prefix = table.map { $0 + "." } ?? ""
        return
            ([id, StoredTables.listID.sqlite, StoredTables.position.sqlite]
            + MergedField.valued.map(\.column.sqlite)).map { prefix + $0 }.joined(separator: ", ")
    }

    /// An item read from `row`'s `columns`, from the column at `start` on.
    init(_ row: Row, at start: Int) throws {
        var values: [MergedField: FieldValue] = [:]
        for (index, field) in zip((start + 3)..., MergedField.valued) {
            values[field] = try FieldValue.read(
                field.column.type, integer: { try row.decode(atIndex: index) },
                text: { try row.decode(atIndex: index) }, bool: { try row.decode(atIndex: index) })
        }
        self.init(
            id: try row.decode(atIndex: start), listID: try row.decode(atIndex: start + 1),
            position: try row.decode(atIndex: start + 2), values: values)
    }
}
