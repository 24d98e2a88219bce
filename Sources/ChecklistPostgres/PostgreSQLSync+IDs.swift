import ChecklistModel

/// The item IDs a server sets aside for each copy, and the new IDs it gave a copy's adds that
/// could not keep theirs (`checklist.copy_ranges`, `checklist.copy_renumbered`).
extension PostgreSQLSync {
    /// The new IDs syncs gave the copy's adds that the copy may not hold yet (a sync cut as
    /// the server committed), after dropping those of syncs up to `generation`, which the copy
    /// shows and so holds.
    package func renumbered(ofCopy copyID: String, holding generation: String) throws
        -> [ItemID: ItemID]
    {
        _ = try connection.run(
            """
            DELETE FROM checklist.copy_renumbered r USING checklist.copy_generations g,
                checklist.copy_generations shown
            WHERE r.copy_id = \(text: copyID) AND g.copy_id = r.copy_id
                AND g.generation = r.generation AND shown.copy_id = r.copy_id
                AND shown.generation = \(text: generation) AND g.made <= shown.made
            """)
        var ids: [ItemID: ItemID] = [:]
        for row in try connection.query(
            """
            SELECT from_id, to_id FROM checklist.copy_renumbered WHERE copy_id = \(text: copyID)
            """)
        {
            ids[try row.int64(0)] = try row.int64(1)
        }
        return ids
    }

    package func recordRenumbered(
        _ ids: [ItemID: ItemID], ofCopy copyID: String, generation: String
    )
        throws
    {
        guard !ids.isEmpty else { return }
        let pairs = ids.sorted { $0.key < $1.key }
        _ = try connection.run(
            """
            INSERT INTO checklist.copy_renumbered (copy_id, generation, from_id, to_id)
            SELECT \(text: copyID), \(text: generation), r.f, r.t
            FROM ROWS FROM (pg_catalog.unnest(\(ids: pairs.map(\.key))),
                pg_catalog.unnest(\(ids: pairs.map(\.value)))) AS r(f, t)
            ON CONFLICT (copy_id, from_id) DO UPDATE SET to_id = excluded.to_id,
                generation = excluded.generation
            """)
    }

    /// The item IDs set aside for `copyID`; empty for a copy cloned before they were kept.
    package func ranges(ofCopy copyID: String) throws -> [ClosedRange<ItemID>] {
        try connection.query(
            """
            SELECT first_id, last_id FROM checklist.copy_ranges WHERE copy_id = \(text: copyID)
            """
        ).map { (try $0.int64(0))...(try $0.int64(1)) }
    }

    /// Remembers that `ids` are `copyID`'s.
    package func recordRange(_ ids: ClosedRange<ItemID>, ofCopy copyID: String) throws {
        _ = try connection.run(
            """
            INSERT INTO checklist.copy_ranges (copy_id, first_id, last_id)
            VALUES (\(text: copyID), \(ids.lowerBound), \(ids.upperBound)) ON CONFLICT DO NOTHING
            """)
    }

    /// Which of `ids` name an item on the server, or one deleted there.
    package func taken(_ ids: [ItemID]) throws -> Set<ItemID> {
        guard !ids.isEmpty else { return [] }
        return Set(
            try connection.query(
                """
                SELECT id FROM checklist.items WHERE id = ANY(\(ids: ids))
                UNION SELECT id FROM checklist.deleted_items WHERE id = ANY(\(ids: ids))
                UNION SELECT item_id FROM checklist.changed_items WHERE item_id = ANY(\(ids: ids))
                """
            ).map { try $0.int64(0) })
    }
}
