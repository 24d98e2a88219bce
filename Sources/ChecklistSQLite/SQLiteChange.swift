import ChecklistModel
import ChecklistStore
import ChecklistSync
import GRDB

/// One recorded write: the database inside the write's IMMEDIATE transaction, the undo
/// journal's entry for it, and the transaction's clock. Only `ChecklistStore.recordingChange`
/// makes one, and it lives no longer than that call's closure.
///
/// Every step that changes rows records them first, in the same transaction (see
/// `migrations/0002_undo_journal.sql`), so a crash can never keep a change and lose its record.
/// The entry's `changes` row is written at the end, and only when something was recorded: a
/// command that changes nothing writes nothing at all (no page of the file, no history number).
struct SQLiteChange {
    let db: Database
    /// The entry's ID, reserved from AUTOINCREMENT's counter.
    let changeID: Int64
    /// One timestamp for the whole change, ISO 8601 UTC with milliseconds, from SQLite's clock
    /// (or the time a page's queued tap was made: `init(_:author:at:)`).
    let now: String
    /// Who makes the change.
    private(set) var author: String
    /// The connection's count of rows written when the change began: every step records the
    /// rows it is about to change first, so a change that recorded nothing wrote no row.
    private let writtenBefore: Int
    /// The highest list ID the journal remembers, once read (see `createList`).
    let journalListIDs = SQLiteJournalListIDs()

    /// An entry made now, or `at` a given time (a tap the page queued while the server could
    /// not be reached, recorded at the time it was made).
    init(_ db: Database, author: String, at time: String? = nil) throws {
        self.db = db
        self.author = author
        writtenBefore = db.totalChangesCount
        // The records written before the entry's row name its ID: foreign keys are checked at
        // commit for this transaction.
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        let row = try Row.fetchOne(
            db,
            sql: """
                SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'changes'), 0),
                           coalesce((SELECT max(id) FROM changes), 0)) + 1 AS changeId,
                       strftime('%Y-%m-%dT%H:%M:%fZ', 'now') AS now,
                       (SELECT rowid FROM syncState) AS isCopy
                """)
        guard let row else { throw ChecklistError.invalidInput("SQLite returned no clock") }
        changeID = try row.decode(forColumn: "changeId")
        now = try time ?? row.decode(forColumn: "now")
        // An offline copy (a row in syncState; a plain file pays this one small subquery):
        // the changes of the file's user are the copy's author's (the role it was cloned as,
        // or `clone --as`); a name chosen otherwise (a page's person) stays.
        if row["isCopy"] as Int64? != nil {
            let copy = try Row.fetchOne(
                db, sql: "SELECT author, syncedThrough, lastReservedId FROM syncState")
            if let copy {
                if author == FileSystem.loginName { self.author = try copy.decode(atIndex: 0) }
                self.copy = (
                    syncedThrough: try copy.decode(atIndex: 1),
                    lastReservedID: try copy.decode(atIndex: 2)
                )
            }
        }
    }

    /// On an offline copy: the journal's newest entry the server holds, and the last item ID
    /// the server reserved for the copy.
    private var copy: (syncedThrough: Int64, lastReservedID: Int64)?

    /// Completes the entry when the change recorded something; keeps the newest entries.
    func finish(_ command: String, _ change: some ChangeDescribing) throws {
        // Nothing written since the change began: nothing recorded (a record is written before
        // each row it records is changed). No query: at start-up each statement costs its
        // parse, and the journal's four tables cost four.
        guard db.totalChangesCount != writtenBefore else { return }
        // On an offline copy: no item ID beyond those the server reserved for it.
        if let copy,
            let given = try Int64.fetchOne(
                db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'items'"),
            given > copy.lastReservedID
        {
            let needed =
                try Int64.fetchOne(
                    db,
                    sql: """
                        SELECT coalesce(sum(lastId - firstId + 1), 0) FROM addedItems
                        WHERE changeId = ?
                        """, arguments: [changeID]) ?? 0
            throw ChecklistError.copyOutOfIDs(
                reserved: OfflineCopy.reservedIDs, needed: needed,
                left: max(0, copy.lastReservedID - (given - needed)))
        }
        try db.execute(
            literal: """
                INSERT INTO changes (id, command, description, itemCount, createdAt, author)
                VALUES (\(changeID), \(command), \(change.historyLine), \(change.itemCount), \(now),
                        \(author))
                """)
        // The newest entries by rank, not by ID: undone IDs leave gaps. The cascade drops the
        // old entries' rows (foreign keys are on for every connection). An offline copy keeps
        // the entries it has not sent yet (`syncState.syncedThrough`): they are what sync sends.
        let unsent: SQL = copy.map { "AND id <= \($0.syncedThrough)" } ?? ""
        try db.execute(
            literal: """
                DELETE FROM changes WHERE id <= (
                    SELECT id FROM changes ORDER BY id DESC LIMIT 1 OFFSET \(UndoJournal.depth))
                    \(unsent)
                """)
    }

    // MARK: - Journal records

    /// Records the items `condition` selects, as they are now, before the change touches them.
    /// An item already recorded by this change keeps its first record: its state before it.
    func recordItems(where condition: SQL) throws {
        try items.record(where: condition, inChange: changeID)
    }

    /// The items table, inside this change's transaction.
    var items: SQLiteItemsTable { SQLiteItemsTable(db) }

    /// Records the selection (isSelected and updatedAt) of the items `condition` selects,
    /// before the change sets it; items that share both share one row. For changes that touch
    /// nothing else of an item.
    func recordSelections(where condition: SQL) throws {
        try db.execute(
            literal: """
                INSERT INTO changedSelections (changeId, isSelected, updatedAt, itemIds)
                SELECT \(changeID), isSelected, updatedAt, json_group_array(id) FROM items
                WHERE \(condition) GROUP BY isSelected, updatedAt
                """)
    }

    /// Where the selection journal ends now: `selectionsRecorded(after:)` reads what is
    /// recorded after it.
    func selectionMark() throws -> Int64 {
        try SQLRequest<Int64>(literal: "SELECT coalesce(max(rowid), 0) FROM changedSelections")
            .fetchOne(db) ?? 0
    }

    /// The items whose selection this change recorded after `mark`.
    func selectionsRecorded(after mark: Int64) throws -> IDSet {
        let request = SQLRequest<ItemID>(
            literal: "SELECT value FROM changedSelections, json_each(itemIds)"
                + " WHERE changeId = \(changeID) AND changedSelections.rowid > \(mark)"
                + " ORDER BY value")
        return IDSet(ids: try request.fetchAll(db))
    }

    /// The items this change recorded whole (deleted or changed).
    func itemsRecorded() throws -> IDSet {
        let request = SQLRequest<ItemID>(
            literal: "SELECT itemId FROM changedItems WHERE changeId = \(changeID) ORDER BY itemId")
        return IDSet(ids: try request.fetchAll(db))
    }

    /// Records items the change created, as one range of consecutive IDs.
    func recordAdded(_ ids: ClosedRange<ItemID>) throws {
        try db.cachedStatement(
            literal: """
                INSERT INTO addedItems (changeId, firstId, lastId)
                VALUES (\(changeID), \(ids.lowerBound), \(ids.upperBound))
                """
        ).execute()
    }

    /// What `ListRow` decodes, by the declared names.
    static let listRow = SQL(
        sql: StoredTable.names(
            [StoredTables.id, StoredTables.listName, StoredTables.listMode], \.sqlite))

    /// A list's stored fields, as the journal keeps them (`StoredTables.listFields`).
    static let listFields = SQL(sql: StoredTable.names(StoredTables.listFields, \.sqlite))

    /// Records a list as it is now, before the change renames, re-modes or deletes it.
    func recordList(_ listID: Int64) throws {
        try db.cachedStatement(
            literal: """
                INSERT INTO changedLists (changeId, listId, \(Self.listFields))
                SELECT \(changeID), id, \(Self.listFields) FROM lists
                WHERE id = \(listID)
                """
        ).execute()
        journalListIDs.note(listID)
    }

    // MARK: - Lists

    /// The lists table, inside this change's transaction.
    var lists: SQLiteListsTable { SQLiteListsTable(db) }

    func listRow(_ listID: Int64) throws -> ListRow {
        guard
            let row = try SQLRequest<ListRow>(
                literal: "SELECT \(Self.listRow) FROM lists WHERE id = \(listID)", cached: true
            ).fetchOne(db)
        else { throw ChecklistError.listNotFound("#\(listID)") }
        return row
    }

    /// Creates a list and records it (undo deletes it).
    ///
    /// Its ID is not one the undo journal still remembers: `lists.id` has no AUTOINCREMENT,
    /// and a list created with the ID of a deleted one would be taken for it by an undo of
    /// that deletion (and by the checks of `SQLiteUndoConflicts`). An ID older than the journal is
    /// forgotten by every undo, and may come back.
    ///
    /// `changedLists` has no index on `listId`, so its highest is read once a change and then
    /// kept up as this change records lists: read for each list, it made an import of 100,000
    /// lists quadratic (a scan of the journal per list).
    func createList(named name: ListName, mode: ListMode = .multiple) throws -> Int64 {
        let remembered = try journalListIDs.highest ?? highestJournalListID()
        let values: [(column: StoredColumn, value: SQL)] = [
            (StoredTables.id, "max(coalesce((SELECT max(id) FROM lists), 0), \(remembered)) + 1"),
            (StoredTables.listName, "\(name.text)"), (StoredTables.listMode, "\(mode)"),
            (StoredTables.createdAt, "\(now)"), (StoredTables.updatedAt, "\(now)"),
        ]
        let insert = StoredTables.lists.insert(setting: values, \.sqlite)
        try db.cachedStatement(
            literal: """
                INSERT INTO lists (\(SQL(sql: insert.columns)))
                VALUES (\(insert.values.joined(separator: ", ")))
                """
        ).execute()
        let listID = db.lastInsertedRowID
        try db.cachedStatement(
            literal: "INSERT INTO changedLists (changeId, listId) VALUES (\(changeID), \(listID))"
        ).execute()
        journalListIDs.highest = max(remembered, listID)
        return listID
    }

    func highestJournalListID() throws -> Int64 {
        try SQLRequest<Int64>(literal: "SELECT coalesce(max(listId), 0) FROM changedLists")
            .fetchOne(db) ?? 0
    }

    /// The list `add` and `import` append to: created when missing, else recorded (its
    /// `updatedAt` changes).
    func listForAdding(named name: ListName, mode: ListMode = .multiple) throws -> Int64 {
        guard let listID = try lists.id(named: name) else {
            return try createList(named: name, mode: mode)
        }
        try recordList(listID)
        try db.cachedStatement(literal: "UPDATE lists SET updatedAt = \(now) WHERE id = \(listID)")
            .execute()
        return listID
    }

    // MARK: - Items

    /// Appends items at the end of a list in one statement and records them; returns their
    /// IDs. `selection` is one state a title, or nil for `checked` on all.
    func append(
        _ titles: [String], checked: Bool, selection: [Bool]? = nil, to listID: Int64
    ) throws -> [ItemID] {
        guard
            let ids = try items.append(
                titles, checked: checked, selection: selection, to: listID, now: now)
        else { return [] }
        try recordAdded(ids)
        return Array(ids)
    }

    /// Unchecks every checked item of a list but `keeping` and `sparing` (items the change
    /// itself sets); returns how many.
    func uncheckOthers(
        in listID: Int64, keeping: ItemID?, sparing: [ItemID] = []
    ) throws -> Int {
        let condition: SQL = """
            listId = \(listID) AND isSelected = 1 AND id IS NOT \(keeping)
            AND id NOT IN (SELECT value FROM json_each(\(SQLiteItemsTable.jsonArray(sparing))))
            """
        try recordSelections(where: condition)
        try db.execute(
            literal: "UPDATE items SET isSelected = 0, updatedAt = \(now) WHERE \(condition)")
        return db.changesCount
    }
}
