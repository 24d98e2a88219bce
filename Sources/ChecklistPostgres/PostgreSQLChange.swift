import ChecklistModel
import ChecklistStore

/// One recorded write on a server, as `SQLiteChange` is on a file: the connection inside
/// the write's transaction (holding the write lock), the journal entry's ID, its clock and its
/// author. Every step records the rows it touches before it touches them.
struct PostgreSQLChange {
    let connection: PostgreSQLConnection
    let changeID: Int64
    /// The transaction's time, as ISO 8601 UTC text with milliseconds (what a file stores).
    let now: String
    let author: String
    /// Whether a list was single choice when the change began, and how many writes to the
    /// lists the connection had made then: read with the entry, it answers the single-choice
    /// question without a round trip until the change writes a list.
    private let singleChoiceAtStart: Bool
    private let listWritesAtStart: Int
    /// The IDs `recordSelections` recorded, as the server's array texts, in order.
    private let recordedSelections = RecordedSelections()

    /// What a change recorded of the items' selections, kept as it goes (a change is a value that
    /// its steps share).
    final class RecordedSelections {
        var arrays: [String] = []
        /// Whether the change is known to have recorded a row of the journal (then its entry
        /// stays, and `finish` need not ask the server).
        var keepsEntry = false
    }

    /// Opens the entry: its ID comes from the counter in `checklist.state`, taken under the
    /// write lock, and its row is written first (the journal's rows refer to it) and filled
    /// in, or removed, by `finish`.
    init(_ connection: PostgreSQLConnection, author: String) throws {
        try self.init(connection, author: author, at: nil, stamp: nil)
    }

    /// An entry made `at` a given time with its edits stamped `stamp` (a copy's change, sent
    /// by `sync`), or now, stamped with now and the author (`PostgreSQLStamp`): the stamp is
    /// the transaction's setting `checklist.stamp`, which the items' trigger writes.
    init(_ connection: PostgreSQLConnection, author: String, at time: String?, stamp: String?)
        throws
    {
        self.connection = connection
        self.author = author
        // The entry, numbered from the counter, and the change's time, in one round trip.
        let row = try connection.query(Self.entry, [author, time, stamp]).first
        guard let row else {
            throw ChecklistError.databaseUnavailable(
                path: connection.uri.shown, reason: "the schema's state row is missing")
        }
        singleChoiceAtStart = try row.bool(2)
        listWritesAtStart = connection.listWrites
        changeID = try row.int64(0)
        now = try row.text(1)
        isPredicted = false
    }

    /// A change whose answers are predicted (`PostgreSQLConnection.Prediction`): its entry is
    /// queued; its ID and time are the server's, which the statements that write them read
    /// where the entry left them (`changeRef`, `time`); no list is predicted single choice
    /// (`hasSingleChoiceLists` checks it when asked). (`changeID` and `now` are not known here:
    /// the steps that would use them ask the server first, which ends the prediction.)
    init(predicting connection: PostgreSQLConnection, author: String, singleChoiceLikely: Bool) {
        self.connection = connection
        self.author = author
        connection.queue(Self.entry, [author, nil, nil])
        singleChoiceAtStart = false
        self.singleChoiceLikely = singleChoiceLikely
        listWritesAtStart = connection.listWrites
        changeID = 0
        now = ""
        isPredicted = true
    }

    /// The journal's entry, numbered from the counter: the author ($1), the time ($2, or the
    /// server's now), the stamp of its edits ($3, or the time and the author). Returns the ID,
    /// the time, and whether a list is single choice.
    private static let entry = """
        INSERT INTO checklist.changes (id, command, description, item_count, created_at, author)
        SELECT last_change_id + 1, '', '', 0,
               coalesce($2, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
               $1
        FROM checklist.state
        RETURNING id, created_at,
            EXISTS (SELECT 1 FROM checklist.lists WHERE mode = 'single'),
            pg_catalog.set_config('checklist.stamp'::pg_catalog.text,
                coalesce($3, created_at || ' ' || $1), true),
            pg_catalog.set_config('checklist.change'::pg_catalog.text, id::pg_catalog.text, true),
            pg_catalog.set_config('checklist.time'::pg_catalog.text, created_at, true)
        """

    /// Whether the change's answers are predicted (`init(predicting:)`).
    private let isPredicted: Bool
    /// Whether a list was single choice when the connection opened: the single-choice question
    /// is then asked (which ends a prediction) rather than predicted.
    private var singleChoiceLikely = false

    /// The entry's ID, as a value in a statement: `changeID`, or, predicted, the server's (the
    /// transaction's setting the entry made).
    private var changeRef: PostgreSQLQuery {
        isPredicted
            ? "pg_catalog.current_setting('checklist.change')::pg_catalog.int8"
            : "\(changeID)::pg_catalog.int8"
    }

    /// The change's time, as a value in a statement: `now`, or, predicted, the server's.
    private var time: PostgreSQLQuery {
        isPredicted ? "pg_catalog.current_setting('checklist.time')" : "\(text: now)"
    }

    /// Queues the last check of a predicted change: its updates changed every item named (as
    /// many as the journal recorded), as `setSelection` reported.
    func checkPrediction() {
        guard let prediction = connection.prediction else { return }
        let recorded: PostgreSQLQuery =
            switch prediction.journal {
            case .selections:
                """
                SELECT coalesce(sum(pg_catalog.cardinality(item_ids)), 0)
                FROM checklist.changed_selections WHERE change_id = \(changeRef)
                """
            case .items:
                "SELECT count(*) FROM checklist.changed_items WHERE change_id = \(changeRef)"
            }
        connection.queueCheck("(\(recorded)) = \(prediction.named)")
    }

    /// Completes the entry when the change recorded something, else removes it (a change that
    /// changed nothing has no history number); keeps the newest entries. Queued, to go with
    /// `COMMIT` in one round trip. When the change knows it recorded something (selections
    /// that changed, items it added, a list it added to), the entry stays; otherwise the
    /// server decides, from the journal's rows (asking cost a one-item check about 0.5 ms of
    /// the server's time on a new connection: the other journal tables' first reads).
    func finish(_ command: String, _ change: some ChangeDescribing) {
        let id = changeRef
        let kept: PostgreSQLQuery
        if !recordedSelections.keepsEntry, recordedSelections.arrays.isEmpty {
            let recorded: PostgreSQLQuery = """
                (EXISTS (SELECT 1 FROM checklist.changed_items WHERE change_id = \(id))
                    OR EXISTS (SELECT 1 FROM checklist.changed_selections WHERE change_id = \(id))
                    OR EXISTS (SELECT 1 FROM checklist.added_items WHERE change_id = \(id))
                    OR EXISTS (SELECT 1 FROM checklist.changed_lists WHERE change_id = \(id)))
                """
            connection.queue("DELETE FROM checklist.changes WHERE id = \(id) AND NOT \(recorded)")
            kept = " WHERE EXISTS (SELECT 1 FROM checklist.changes WHERE id = \(id))"
        } else {
            kept = " WHERE \(id) IS NOT NULL"
        }
        connection.queue(
            """
            UPDATE checklist.changes SET command = \(text: command),
                description = \(text: change.historyLine), item_count = \(change.itemCount)
            WHERE id = \(id)
            """)
        // The counter, the revision and the editors' notification, when the entry stayed; the
        // journal's oldest entries go.
        connection.queue(
            "UPDATE checklist.state SET last_change_id = \(id), revision = revision + 1\(kept)")
        connection.queue(
            """
            SELECT pg_catalog.pg_notify('checklist_changes'::pg_catalog.text, ''::pg_catalog.text)
            \(kept)
            """)
        connection.queue(
            """
            DELETE FROM checklist.changes WHERE id <= (
                SELECT id FROM checklist.changes ORDER BY id DESC LIMIT 1
                OFFSET \(UndoJournal.depth))
            """)
    }

    private static let anySingleChoice: PostgreSQLQuery =
        "SELECT EXISTS (SELECT 1 FROM checklist.lists WHERE mode = 'single')"

    /// Whether any list is a single-choice one: known from the entry's row until the change
    /// writes a list (a `ChangeSteps` step).
    func hasSingleChoiceLists() throws -> Bool {
        if connection.listWrites == listWritesAtStart {
            if connection.prediction != nil, singleChoiceLikely {
                return try connection.query(Self.anySingleChoice).onlyRow().bool(0)
            }
            if let prediction = connection.prediction, !prediction.singleChoiceChecked {
                prediction.singleChoiceChecked = true
                connection.queueCheck(
                    "NOT EXISTS (SELECT 1 FROM checklist.lists WHERE mode = 'single')")
            }
            return singleChoiceAtStart
        }
        return try connection.query(Self.anySingleChoice).onlyRow().bool(0)
    }

    // MARK: - Journal records

    /// An item's stored fields, as the journal keeps them (`StoredTables.itemFields`).
    private static let itemFields = StoredTable.names(StoredTables.itemFields, \.postgresql)

    /// Records the items `condition` selects as they are now; an item this change recorded
    /// already keeps its first record.
    func recordItems(where condition: PostgreSQLQuery) throws {
        let statement: PostgreSQLQuery = """
            INSERT INTO checklist.changed_items (change_id, item_id, \(sql: Self.itemFields))
            SELECT \(changeRef), id, \(sql: Self.itemFields) FROM checklist.items
            WHERE \(condition)
            ON CONFLICT (change_id, item_id) DO NOTHING
            """
        // Predicted, nothing waits for it (`checkPrediction` counts what it recorded).
        if connection.prediction != nil { return connection.queue(statement) }
        _ = try connection.run(statement)
    }

    /// Records the selection (is_selected and updated_at) of the items `condition` selects,
    /// before the change sets it; items that share both share one row. For changes that touch
    /// nothing else of an item.
    /// Returns the IDs it recorded, as the server's array texts (`{1,2,3}`), one a group.
    func recordSelections(where condition: PostgreSQLQuery) throws {
        recordedSelections.arrays += try connection.query(
            """
            INSERT INTO checklist.changed_selections (change_id, is_selected, updated_at, item_ids)
            SELECT \(changeID), is_selected, updated_at, array_agg(id ORDER BY id)
            FROM checklist.items WHERE \(condition) GROUP BY is_selected, updated_at
            RETURNING item_ids
            """
        ).map { try $0.text(0) }
    }

    /// Where the selection journal ends now: how many groups this change recorded.
    func selectionMark() -> Int64 {
        Int64(recordedSelections.arrays.count)
    }

    /// The items whose selection this change recorded after `mark`.
    func selectionsRecorded(after mark: Int64) -> IDSet {
        Self.ids(inArrays: Array(recordedSelections.arrays.dropFirst(Int(mark))))
    }

    /// The items this change recorded whole (deleted or changed).
    func itemsRecorded() throws -> IDSet {
        IDSet(
            ids: try connection.query(
                "SELECT item_id FROM checklist.changed_items WHERE change_id = $1 ORDER BY item_id",
                [String(changeID)]
            ).map { try $0.int64(0) })
    }

    /// The IDs in the server's array texts.
    static func ids(inArrays arrays: [String]) -> IDSet {
        IDSet(
            ids: arrays.flatMap { $0.dropFirst().dropLast().split(separator: ",") }
                .compactMap { Int64($0) }.sorted())
    }

    func recordList(_ listID: Int64) throws {
        _ = try connection.query(Self.recordingList, [String(changeID), String(listID)])
    }

    /// Records a list ($2) as it is in the change's ($1) journal, once.
    private static let recordingList = """
        INSERT INTO checklist.changed_lists (change_id, list_id, \(listFields))
        SELECT $1, id, \(listFields) FROM checklist.lists WHERE id = $2
        ON CONFLICT (change_id, list_id) DO NOTHING
        """

    /// A list's stored fields, as the journal keeps them (`StoredTables.listFields`).
    static let listFields = StoredTable.names(StoredTables.listFields, \.postgresql)

    // MARK: - Lists

    func listRow(_ listID: Int64) throws -> ListRow {
        guard
            let row = try connection.query(
                "SELECT \(StoredTables.listName.postgresql), \(StoredTables.listMode.postgresql)"
                    + " FROM checklist.lists WHERE id = $1", [String(listID)]
            ).first
        else { throw ChecklistError.listNotFound("#\(listID)") }
        return ListRow(
            id: listID, name: ListName(stored: try row.text(0)), mode: try row.mode(1))
    }

    /// The list found is recorded and its time set by statements that wait for nothing (they go
    /// with the next one).
    func listForAdding(named name: ListName, mode: ListMode) throws -> Int64 {
        if let listID = try reads.listID(named: name) {
            connection.queue(Self.recordingList, [String(changeID), String(listID)])
            connection.queue(
                "UPDATE checklist.lists SET updated_at = $2 WHERE id = $1", [String(listID), now])
            recordedSelections.keepsEntry = true
            return listID
        }
        return try createList(named: name, mode: mode)
    }

    /// What `createList` inserts: the ID ($1), the name ($2), the time ($3), the mode ($4).
    private static let createdList = StoredTables.lists.insert(
        setting: [
            (StoredTables.id, "$1"), (StoredTables.listName, "$2"), (StoredTables.listMode, "$4"),
            (StoredTables.createdAt, "$3"), (StoredTables.updatedAt, "$3"),
        ], \.postgresql)

    /// Creates a list, with an ID from the counter, and records it (undo deletes it).
    func createList(named name: ListName, mode: ListMode) throws -> Int64 {
        let listID = try connection.query(
            "UPDATE checklist.state SET last_list_id = last_list_id + 1 RETURNING last_list_id"
        ).onlyRow().int64(0)
        _ = try connection.query(
            """
            INSERT INTO checklist.lists (\(Self.createdList.columns))
            VALUES (\(Self.createdList.values.joined(separator: ", ")))
            """, [String(listID), name.text, now, mode.rawValue])
        _ = try connection.query(
            "INSERT INTO checklist.changed_lists (change_id, list_id) VALUES ($1, $2)"
                + " ON CONFLICT (change_id, list_id) DO NOTHING",
            [String(changeID), String(listID)])
        return listID
    }

    // MARK: - Items

    /// Appends the titles at the end of the list, with IDs from the counter; records them as
    /// one range. `selection` is one state a title, or nil for `checked` on all.
    func append(
        _ titles: [String], checked: Bool, selection: [Bool]? = nil, to listID: Int64
    ) throws -> [ItemID] {
        guard !titles.isEmpty else { return [] }
        let row = try connection.query(
            """
            SELECT s.last_item_id,
                   (SELECT coalesce(max(position), 0) FROM checklist.items WHERE list_id = $1)
            FROM checklist.state s
            """, [String(listID)]
        ).onlyRow()
        let lastID = try row.int64(0)
        let lastPosition = try row.int64(1)
        // Nothing waits for the insert: it goes with the next statement.
        connection.queue(
            """
            INSERT INTO checklist.items (\(Self.appended.columns))
            SELECT \(Self.appended.values.joined(separator: ", "))
            FROM unnest($6::text[]) WITH ORDINALITY AS t(title, n)
            """,
            [
                String(listID), String(lastID), String(lastPosition), checked ? "t" : "f", now,
                Self.textArray(titles),
                selection.map { "{" + $0.map { $0 ? "t" : "f" }.joined(separator: ",") + "}" },
            ])
        let first = lastID + 1
        let last = lastID + Int64(titles.count)
        try recordAdded(first...last)
        return Array(first...last)
    }

    /// What `append` inserts: its parameters are the list ($1), the last ID ($2) and position
    /// ($3), the state of all ($4) or of each ($7), the time ($5), the titles ($6).
    private static let appended = StoredTables.items.insert(
        setting: [
            (StoredTables.id, "$2::bigint + n"), (StoredTables.listID, "$1"),
            (StoredTables.title, "title"),
            (StoredTables.isSelected, "coalesce(($7::boolean[])[n], $4)"),
            (StoredTables.position, "$3::bigint + n"), (StoredTables.createdAt, "$5"),
            (StoredTables.updatedAt, "$5"),
        ], \.postgresql)

    /// Records items the change created, as one range, and moves the ID counter past them.
    /// Queued, to go with the next statement: nothing waits for them.
    func recordAdded(_ ids: ClosedRange<ItemID>) throws {
        recordedSelections.keepsEntry = true
        connection.queue(
            "UPDATE checklist.state SET last_item_id = $1", [String(ids.upperBound)])
        connection.queue(
            "INSERT INTO checklist.added_items (change_id, first_id, last_id) VALUES ($1, $2, $3)",
            [String(changeID), String(ids.lowerBound), String(ids.upperBound)])
    }

    func uncheckOthers(in listID: Int64, keeping: ItemID?, sparing: [ItemID] = []) throws -> Int {
        let spared = [keeping].compactMap { $0 } + sparing
        var condition: PostgreSQLQuery = "list_id = \(listID) AND is_selected"
        if !spared.isEmpty { condition = "\(condition) AND NOT id = ANY(\(ids: spared))" }
        return try setSelection("is_selected = false", recordingWhere: condition)
    }

    /// Sets the items `condition` selects (`assignment`, and `updated_at` to now) after
    /// recording their selection (`recordSelections`), in one statement: its two parts read
    /// one snapshot, so the record holds the rows as they were. Returns how many it changed.
    func setSelection(_ assignment: String, recordingWhere condition: PostgreSQLQuery) throws
        -> Int
    {
        let statement: PostgreSQLQuery = """
            WITH recorded AS (
                INSERT INTO checklist.changed_selections
                    (change_id, is_selected, updated_at, item_ids)
                SELECT \(changeRef), is_selected, updated_at, array_agg(id ORDER BY id)
                FROM checklist.items WHERE \(condition) GROUP BY is_selected, updated_at
                RETURNING item_ids),
            changed AS (
                UPDATE checklist.items SET \(sql: assignment), updated_at = \(time)
                WHERE \(condition) RETURNING 1)
            SELECT (SELECT count(*) FROM changed),
                (SELECT pg_catalog.string_agg(item_ids::pg_catalog.text, ';') FROM recorded)
            """
        if let prediction = connection.prediction {
            // Every named item changes (`checkPrediction` checks it): the first update reports
            // them all.
            connection.queue(statement)
            recordedSelections.keepsEntry = true
            return prediction.report(.selections)
        }
        let row = try connection.query(statement).onlyRow()
        if let recorded = row[1] {
            recordedSelections.arrays += recorded.split(separator: ";").map(String.init)
        }
        return try row.int(0)
    }

    /// A PostgreSQL array literal of text values, each quoted and escaped.
    static func textArray(_ values: [String]) -> String {
        var text = "{"
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            text += "\""
            for character in value.unicodeScalars {
                if character == "\"" || character == "\\" { text += "\\" }
                text.unicodeScalars.append(character)
            }
            text += "\""
        }
        return text + "}"
    }
}
