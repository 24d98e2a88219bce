import ChecklistTestSupport
import Foundation
import GRDB
import Testing

/// The tests' seedable generator (a failing random test can be replayed).
typealias SeededGenerator = SplitMix

/// One item as stored, read straight from the file.
struct StoredItem: Equatable, CustomStringConvertible {
    var id: Int64
    var list: String
    var title: String
    var isSelected: Bool
    var position: Int64

    var description: String { "#\(id) \(list)/\(position) \(isSelected ? "[x]" : "[ ]") \(title)" }
}

enum StoredState {
    /// Every item in the file, by ID (empty when the file does not exist).
    static func items(at path: String) throws -> [StoredItem] {
        if CLI.usesServer {
            return try serverRows(
                path,
                "json_build_array(i.id, l.name, i.title, i.is_selected, i.position) ORDER BY i.id",
                from: "checklist.items i JOIN checklist.lists l ON l.id = i.list_id"
            ).map {
                StoredItem(
                    id: ($0[0] as? NSNumber)?.int64Value ?? 0, list: $0[1] as? String ?? "",
                    title: $0[2] as? String ?? "", isSelected: $0[3] as? Bool ?? false,
                    position: ($0[4] as? NSNumber)?.int64Value ?? 0)
            }
        }
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT items.id, lists.name, items.title, items.isSelected, items.position
                    FROM items JOIN lists ON lists.id = items.listId ORDER BY items.id
                    """
            ).map {
                StoredItem(
                    id: $0[0], list: $0[1], title: $0[2], isSelected: $0[3], position: $0[4])
            }
        }
    }

    /// The names of the lists in the file, sorted.
    static func listNames(at path: String) throws -> [String] {
        if CLI.usesServer {
            return try serverRows(
                path, "json_build_array(name) ORDER BY name", from: "checklist.lists"
            )
            .compactMap { $0[0] as? String }
        }
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        return try queue.read {
            try String.fetchAll($0, sql: "SELECT name FROM lists ORDER BY name")
        }
    }

    /// `PRAGMA integrity_check` of the file, after SQLite has recovered any WAL.
    static func integrity(at path: String) throws -> String {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } ?? ""
    }

    /// Runs SQL on the file directly (setting up large databases quickly).
    static func execute(_ sql: String, at path: String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { try $0.execute(sql: sql) }
    }

    /// Creates a checklist database (through the binary, so the schema is the real one) and
    /// fills list `name` with items 1...count titled `item N`, positions 1...count.
    static func makeDatabase(_ cli: CLI, items count: Int, list name: String = "big") throws {
        try #require(try cli.run("add", "-q", "-l", name, "item 1").status == 0)
        guard count > 1 else { return }
        try execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
            INSERT INTO items (listId, title, isSelected, position, createdAt, updatedAt)
            SELECT 1, 'item ' || i, 0, i, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
            FROM n
            """, at: cli.databasePath)
    }

    /// On a server: the rows `select` builds, as JSON arrays (none without the schema).
    private static func serverRows(_ uri: String, _ select: String, from source: String) throws
        -> [[Any]]
    {
        let exists = try TestServer.psql(uri, "SELECT to_regclass('checklist.items') IS NOT NULL")
        guard exists == "t\n" else { return [] }
        let json = try TestServer.psql(
            uri, "SELECT coalesce(json_agg(\(select)), '[]') FROM \(source)")
        return try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]] ?? []
    }
}
