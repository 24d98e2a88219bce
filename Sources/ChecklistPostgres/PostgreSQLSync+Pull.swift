import ChecklistModel
import ChecklistSync

/// The server's rows for a copy (`SyncServer`): what `SyncConductor.pull` brings.
extension PostgreSQLSync: SyncServer {
    /// The revision a copy must have synced at, or after, to bring only what changed since
    /// (`migrations/postgresql/0005`): before it, the server lacks the revisions or deletions
    /// the copy would need.
    package func pullFrom() throws -> Int64 {
        try connection.query("SELECT pull_from FROM checklist.state").onlyRow().int64(0)
    }

    package func deletedItems(after revision: Int64) throws -> [ItemID] {
        try connection.query(
            "SELECT id FROM checklist.deleted_items WHERE revision > \(revision)"
        ).map { try $0.int64(0) }
    }

    package func listIDs() throws -> [Int64] {
        try connection.query("SELECT id FROM checklist.lists").map { try $0.int64(0) }
    }

    package func journalIDs() throws -> Set<Int64> {
        Set(try connection.query("SELECT id FROM checklist.changes").map { try $0.int64(0) })
    }

    package func sendAll(to copy: some RowDestination, screen: BroughtRows?) throws {
        try PostgreSQLStore.send(
            PostgreSQLStore.copiedTables, from: connection, to: copy, screen: screen)
    }

    package func sendChanged(
        after revision: Int64, touched: [ItemID], to copy: some RowDestination,
        screen: BroughtRows
    ) throws {
        try PostgreSQLStore.send(
            [
                .init(table: StoredTables.lists, updating: true),
                .init(
                    table: StoredTables.items,
                    condition: "revision > \(revision) OR id = ANY(\(ids: touched))",
                    updating: true),
            ], from: connection, to: copy, screen: screen)
    }

    package func sendJournal(_ ids: [Int64], to copy: some RowDestination) throws {
        try PostgreSQLStore.send(
            [
                StoredTables.changes, StoredTables.changedItems, StoredTables.changedSelections,
                StoredTables.addedItems, StoredTables.changedLists,
            ].map { table in
                let key = table.order[0].postgresql == "id" ? "id" : "change_id"
                return .init(table: table, condition: "\(sql: key) = ANY(\(ids: ids))")
            }, from: connection, to: copy)
    }

    package func announceChanges() {
        connection.queue("NOTIFY checklist_changes")
    }

    /// Records that the copy holds the server as of `revision`, and drops the deletions every
    /// copy has seen (a copy whose record is gone brings everything: `pullFrom`).
    package func recordPulled(ofCopy copyID: String, at revision: Int64) throws {
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
}
