/// The item writes on a server: the same rules as on a file (all or nothing, missing IDs,
/// single-choice lists, what the history names), in PostgreSQL's SQL. IDs are 64-bit integers
/// and go into the SQL as numbers; titles and names go as parameters.
extension PostgreSQLStore {
    /// The items a selection covers: conditions over `checklist.items`, and the counts.
    struct Target {
        var conditions: [String]
        var matched: Int
        var missing: IDSet
    }

    func change(
        _ kind: SelectionKind, of selection: ItemSelection, ignoringMissing: Bool, author: String
    ) throws -> SelectionChange {
        try recordingChange(kind.rawValue, author: author) { change in
            let target = try self.target(for: selection, ignoringMissing, change.connection)
            let uncheckedOthers =
                try change.keepSingleChoice(target.conditions, for: kind)
            var recorded: [String] = []
            var changed = 0
            for condition in target.conditions {
                let predicate = "(\(condition)) AND \(kind.changedRows)"
                recorded += try change.recordSelections(where: predicate)
                changed += try change.connection.run(
                    "UPDATE checklist.items SET \(kind.assignment), updated_at = $1"
                        + " WHERE \(predicate)", [change.now])
            }
            // The history names the items that changed: when some named ones were already so
            // or missing, those the update journaled (after what single-choice unchecked).
            var named: IDSet?
            if case .ids = selection, changed > 0,
                changed < target.matched || !target.missing.isEmpty
            {
                named = PostgreSQLChange.ids(inArrays: recorded)
            }
            return SelectionChange(
                verb: kind.verb, scope: selection,
                counts: ChangeSummary(
                    changed: changed, matched: target.matched, missing: target.missing,
                    uncheckedOthers: uncheckedOthers),
                changedIDs: named)
        }
    }

    func deletionCount(_ selection: ItemSelection, ignoringMissing: Bool) throws -> Int {
        try read { connection in
            try target(for: selection, ignoringMissing, connection).matched
        } ?? (try emptyTarget(for: selection, ignoringMissing))
    }

    func delete(
        _ selection: ItemSelection, ignoringMissing: Bool, expecting: Int?, author: String
    ) throws -> SelectionChange {
        try recordingChange("delete", author: author) { change in
            let target = try self.target(for: selection, ignoringMissing, change.connection)
            if let expecting, expecting != target.matched {
                throw ChecklistError.unexpectedCount(expected: expecting, actual: target.matched)
            }
            var deleted: [ItemID] = []
            for condition in target.conditions {
                try change.recordItems(where: condition)
                deleted += try change.connection.query(
                    "DELETE FROM checklist.items WHERE \(condition) RETURNING id"
                ).compactMap { $0[0].flatMap(Int64.init) }
            }
            var named: IDSet?
            if case .ids = selection, !deleted.isEmpty, !target.missing.isEmpty {
                named = IDSet(ids: deleted.sorted())
            }
            return SelectionChange(
                verb: .deleted, scope: selection,
                counts: ChangeSummary(
                    changed: deleted.count, matched: target.matched, missing: target.missing),
                changedIDs: named)
        }
    }

    func rename(_ id: ItemID, to title: Title, namedList: ListName?, author: String) throws
        -> RenameSummary
    {
        try recordingChange("rename", author: author) { change in
            if let namedList { _ = try requiredExisting(namedList, change.connection) }
            guard
                let row = try change.connection.query(
                    "SELECT title FROM checklist.items WHERE id = \(id)"
                ).first, let current = row[0]
            else { throw ChecklistError.itemNotFound(id) }
            guard !current.utf8.elementsEqual(title.text.utf8) else {
                return RenameSummary(id: id, title: title.text, changed: false)
            }
            try change.recordItems(where: "id = \(id)")
            _ = try change.connection.query(
                "UPDATE checklist.items SET title = $1, updated_at = $2 WHERE id = \(id)",
                [title.text, change.now])
            return RenameSummary(id: id, title: title.text, changed: true)
        }
    }

    // MARK: - Targets

    /// A list named alongside IDs must exist, the default list too.
    private func requiredExisting(_ name: ListName, _ connection: PostgreSQLConnection) throws
        -> Int64?
    {
        try requiredList(name, connection)
    }

    /// What a selection covers on a database without the schema: nothing, or the errors a
    /// file without items gives.
    private func emptyTarget(for selection: ItemSelection, _ ignoringMissing: Bool) throws -> Int {
        switch selection {
        case .ids(let ids, let namedList):
            _ = try namedList?.requiredID(nil)
            if !ignoringMissing { throw ChecklistError.itemsNotFound(ids) }
            return 0
        case .checkedAmong(_, let list), .all(let list), .checked(let list):
            _ = try list.requiredID(nil)
            return 0
        }
    }

    func target(
        for selection: ItemSelection, _ ignoringMissing: Bool, _ connection: PostgreSQLConnection
    ) throws -> Target {
        switch selection {
        case .ids(let ids, let namedList):
            if let namedList { _ = try requiredList(namedList, connection) }
            let missing = try self.missing(ids, connection)
            if !missing.isEmpty && !ignoringMissing { throw ChecklistError.itemsNotFound(missing) }
            return Target(
                conditions: Self.conditions(for: ids), matched: ids.count - missing.count,
                missing: missing)
        case .checkedAmong(let ids, let list):
            guard let listID = try requiredList(list, connection) else {
                return Target(conditions: [], matched: 0, missing: IDSet())
            }
            let conditions = Self.conditions(for: ids).map {
                "(\($0)) AND list_id = \(listID) AND is_selected"
            }
            var matched = 0
            for condition in conditions {
                matched += try count(where: condition, connection)
            }
            return Target(conditions: conditions, matched: matched, missing: IDSet())
        case .all(let list), .checked(let list):
            guard let listID = try requiredList(list, connection) else {
                return Target(conditions: [], matched: 0, missing: IDSet())
            }
            var condition = "list_id = \(listID)"
            if case .checked = selection { condition += " AND is_selected" }
            return Target(
                conditions: [condition], matched: try count(where: condition, connection),
                missing: IDSet())
        }
    }

    private func count(where condition: String, _ connection: PostgreSQLConnection) throws -> Int {
        try connection.query("SELECT count(*) FROM checklist.items WHERE \(condition)")
            .onlyRow().int(0)
    }

    /// Lone IDs in one array, runs range by range.
    static func conditions(for ids: IDSet) -> [String] {
        let (lone, runs) = ids.split()
        var conditions: [String] = []
        if !lone.isEmpty {
            conditions.append("id = ANY('{\(lone.map(String.init).joined(separator: ","))}')")
        }
        for run in runs {
            conditions.append("id BETWEEN \(run.lowerBound) AND \(run.upperBound)")
        }
        return conditions
    }

    private func missing(_ ids: IDSet, _ connection: PostgreSQLConnection) throws -> IDSet {
        let (lone, runs) = ids.split()
        var missing: [ItemID] = []
        // One count first: most commands name IDs that all exist.
        let array = "'{\(lone.map(String.init).joined(separator: ","))}'"
        if !lone.isEmpty, try count(where: "id = ANY(\(array))", connection) != lone.count {
            missing += try connection.query(
                """
                SELECT x FROM unnest(\(array)::bigint[]) x
                WHERE NOT EXISTS (SELECT 1 FROM checklist.items WHERE id = x) ORDER BY x
                """
            ).compactMap { $0[0].flatMap(Int64.init) }
        }
        var gaps: [ClosedRange<ItemID>] = missing.sorted().map { $0...$0 }
        for run in runs {
            let found = try count(
                where: "id BETWEEN \(run.lowerBound) AND \(run.upperBound)", connection)
            if found == Int(run.upperBound - run.lowerBound) + 1 { continue }
            // The gaps between the IDs that exist: a range of any length costs what it holds.
            var next = run.lowerBound
            try connection.forEachRow(
                "SELECT id FROM checklist.items WHERE id BETWEEN \(run.lowerBound)"
                    + " AND \(run.upperBound) ORDER BY id"
            ) { row in
                let id = try row.int64(0)
                if id > next { gaps.append(next...(id - 1)) }
                next = id &+ 1
            }
            if next <= run.upperBound && next > 0 { gaps.append(next...run.upperBound) }
        }
        return IDSet(gaps)
    }
}

/// check, uncheck and toggle on a server: what each sets, and which rows it changes.
extension SelectionKind {
    fileprivate var assignment: String {
        switch self {
        case .check: "is_selected = true"
        case .uncheck: "is_selected = false"
        case .toggle: "is_selected = NOT is_selected"
        }
    }

    fileprivate var changedRows: String {
        switch self {
        case .check: "NOT is_selected"
        case .uncheck: "is_selected"
        case .toggle: "true"
        }
    }
}
