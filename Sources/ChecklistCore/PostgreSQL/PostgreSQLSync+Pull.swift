import GRDB

extension PostgreSQLSync {
    /// The revision a copy must have synced at, or after, to bring only what changed since
    /// (`migrations/postgresql/0005`): before it, the server lacks the revisions or deletions
    /// the copy would need.
    func pullFrom() throws -> Int64 {
        try connection.query("SELECT pull_from FROM checklist.state").onlyRow().int64(0)
    }

    /// Brings into the copy `db` what changed on the server after `revision`, the revision its
    /// last sync ended at, so that it holds what the server holds: the items deleted there and
    /// those its own changes `touched` go, to come back as the server has them; the lists are
    /// brought whole (there are few); the items written after `revision`; the journal's entries
    /// the copy lacks (its own, after `syncedThrough`, are replaced by the server's records of
    /// them), and none the server dropped.
    func pull(
        into db: Database, since revision: Int64, syncedThrough: Int64, screen: BroughtRows,
        touched: Set<ItemID>
    ) throws {
        var gone = touched
        for row in try connection.query(
            "SELECT id FROM checklist.deleted_items WHERE revision > \(revision)")
        {
            gone.insert(try row.int64(0))
        }
        try db.execute(
            sql: "DELETE FROM items WHERE id IN (SELECT value FROM json_each(?))",
            arguments: [Self.jsonArray(gone)])

        // Lists by ID; the copy's names set aside first, so that names swapped or moved there
        // never meet here.
        let lists = try connection.query("SELECT id FROM checklist.lists").map { try $0.int64(0) }
        try db.execute(
            sql: "DELETE FROM lists WHERE id NOT IN (SELECT value FROM json_each(?))",
            arguments: [Self.jsonArray(lists)])
        try db.execute(sql: "UPDATE lists SET name = char(1) || id")
        let touchedIDs = touched.sorted()
        try PostgreSQLStore.copyRows(
            from: connection, into: db,
            [
                .init(table: StoredTables.lists, updating: true),
                .init(
                    table: StoredTables.items,
                    condition: "revision > \(revision) OR id = ANY(\(ids: touchedIDs))",
                    updating: true),
            ], screen: screen)
        // A list the rules left out keeps the name set aside above: it goes, with its items.
        try db.execute(
            sql: """
                DELETE FROM items WHERE listId IN (SELECT id FROM lists WHERE name = char(1) || id);
                DELETE FROM lists WHERE name = char(1) || id
                """)

        // The journal: entries are never changed once written, only dropped (undo, and the
        // journal's depth), so the copy's are those it lacks.
        let server = Set(
            try connection.query("SELECT id FROM checklist.changes").map { try $0.int64(0) })
        try db.execute(
            sql: "DELETE FROM changes WHERE id > ? OR id NOT IN (SELECT value FROM json_each(?))",
            arguments: [syncedThrough, Self.jsonArray(server)])
        let held = Set(try Int64.fetchAll(db, sql: "SELECT id FROM changes"))
        let missing = server.subtracting(held).sorted()
        guard !missing.isEmpty else { return }
        try PostgreSQLStore.copyRows(
            from: connection, into: db,
            [
                StoredTables.changes, StoredTables.changedItems, StoredTables.changedSelections,
                StoredTables.addedItems, StoredTables.changedLists,
            ].map { table in
                let key = table.order[0].postgresql == "id" ? "id" : "change_id"
                return .init(table: table, condition: "\(sql: key) = ANY(\(ids: missing))")
            })
    }

    /// Records that the copy holds the server as of `revision`, and drops the deletions every
    /// copy has seen (a copy whose record is gone brings everything: `pullFrom`).
    func recordPulled(ofCopy copyID: String, at revision: Int64) throws {
        _ = try connection.run(
            """
            UPDATE checklist.copies SET synced_revision = \(revision)
            WHERE copy_id = \(text: copyID)
            """)
        try dropDeletionsSeen()
    }

    /// Drops the deletions every copy still syncing has seen.
    func dropDeletionsSeen() throws {
        _ = try connection.run(
            """
            WITH seen AS (SELECT min(synced_revision) AS revision FROM checklist.copies
                WHERE NOT retired)
            DELETE FROM checklist.deleted_items d USING seen WHERE d.revision <= seen.revision
            """)
        _ = try connection.run(
            """
            UPDATE checklist.state SET pull_from = greatest(pull_from,
                (SELECT coalesce(min(synced_revision), 0) FROM checklist.copies WHERE NOT retired))
            """)
    }

    private static func jsonArray(_ ids: some Collection<Int64>) -> String {
        "[" + ids.map(String.init).joined(separator: ",") + "]"
    }
}
