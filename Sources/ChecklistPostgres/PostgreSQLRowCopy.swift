import ChecklistModel
import ChecklistSync

extension PostgreSQLStore {
    /// `backup` of a server's lists: into `file`, a new SQLite checklist database that
    /// `--db PATH` opens, the same lists, items, IDs, history and authors, read from one
    /// snapshot of the server. The server's journal records selection changes as whole rows,
    /// so the copy's `undo` works as the server's would.
    func backup(into file: some CopySide) throws {
        _ = try read { connection in
            let state = try connection.query(
                "SELECT last_item_id, last_change_id FROM checklist.state"
            ).onlyRow()
            // A schema an older binary left (backup does not migrate it) may lack a shown
            // field: the copy takes its value by default.
            let missing =
                schemaIsCurrent
                ? []
                : try PostgreSQLReads(connection: connection, schemaIsCurrent: false)
                    .missingFields()
            try Self.send(
                Self.copiedTables.map { RowCopy(table: $0.table, missing: missing) },
                from: connection, to: file)
            // The counters, so no ID the server gave out is given again.
            try file.setCounters(items: try state.int64(0), changes: try state.int64(1))
        }
    }

    /// Sends rows of the server's tables to a copy's side, each `RowCopy` in turn, in
    /// `RowBatch`es: each value's text as it came, a boolean's `t` and `f` as a flag, NULL as
    /// NULL. Rows are read as the server sends them (single-row mode: the server reads while
    /// the file is written).
    ///
    /// With `screen`, items and lists the command line's rules refuse are left out and noted.
    static func send(
        _ copies: [RowCopy], from connection: PostgreSQLConnection,
        to destination: some RowDestination, screen: BroughtRows? = nil
    ) throws {
        for copy in copies {
            var batch = RowBatch(copy.table, updating: copy.updating)
            let admits = screen.map { copy.admission($0) } ?? { _ in true }
            try connection.forEachRowStreaming(copy.select) { row in
                guard try admits(row) else { return }
                for column in 0..<Int32(batch.columns) {
                    if row.isNull(column) {
                        batch.appendNull()
                    } else if batch.isBoolean[Int(column)] {
                        batch.append(flag: try row.bool(column))
                    } else {
                        batch.append(text: row.bytes(column))
                    }
                }
                if batch.isFull {
                    try destination.take(batch)
                    batch.removeAll()
                }
            }
            try destination.take(batch)
        }
    }

    /// The rows of one table a copy brings: all of them, or those `condition` selects; added
    /// to the file's table, or `updating` its rows of the same key (the table's order).
    struct RowCopy {
        let table: StoredTable
        var condition: PostgreSQLQuery?
        var updating = false
        /// Shown fields the server's tables lack (a schema an older binary left), read at
        /// their values by default.
        var missing: Set<String> = []

        /// The server's SELECT: the file's columns in order, booleans read as text `t` and `f`.
        var select: PostgreSQLQuery {
            let columns = StoredTable.names(table.columns) { column in
                guard let shown = column.shown, missing.contains(column.postgresql) else {
                    return column.postgresqlRead
                }
                return "'\(shown.defaultText)'"
            }
            let order = StoredTable.names(table.order, \.postgresql)
            guard let condition else {
                return "SELECT \(sql: columns) FROM \(sql: table.postgresql) ORDER BY \(sql: order)"
            }
            return """
                SELECT \(sql: columns) FROM \(sql: table.postgresql) WHERE \(condition)
                ORDER BY \(sql: order)
                """
        }
    }

}

extension PostgreSQLStore.RowCopy {
    /// Whether a row of this table may enter a copy, by `screen`'s rules (items and lists;
    /// every row of the other tables).
    func admission(_ screen: BroughtRows) -> (PostgreSQLRow) throws -> Bool {
        let columns = table.columns
        func index(_ column: StoredColumn) -> Int32 {
            Int32(columns.firstIndex(of: column) ?? 0)
        }
        let id = index(StoredTables.id)
        switch table.sqlite {
        case StoredTables.lists.sqlite:
            let name = index(StoredTables.listName)
            return { row in screen.admitsList(id: try row.int64(id), name: row.bytes(name)) }
        case StoredTables.items.sqlite:
            let list = index(StoredTables.listID)
            let title = index(StoredTables.title)
            let fields = StoredTables.moreShownItemFields.map(index)
            return { row in
                screen.admitsItem(
                    id: try row.int64(id), listID: try row.int64(list), title: row.bytes(title),
                    fields: fields.map { row.bytes($0) })
            }
        default:
            return { _ in true }
        }
    }
}

extension PostgreSQLStore {
    /// Every row of every table a copy of the whole database holds, in the order the foreign
    /// keys need (`StoredTables.all`).
    static let copiedTables = StoredTables.all.map { RowCopy(table: $0) }
}
