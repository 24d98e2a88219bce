import ChecklistModel
import ChecklistStore

/// The PostgreSQL engine behind `ChecklistStore`: the same lists, in the schema `checklist` of
/// a server's database, written in PostgreSQL's own SQL. Every public operation is one
/// transaction. A write holds one lock, as `BEGIN IMMEDIATE` does on a file: it waits up to
/// 5 s for another write's (then `databaseBusy`, exit 74), while reads never wait. The schema
/// is created and migrated by the first write, inside that write's transaction.
package final class PostgreSQLStore {
    package let connection: PostgreSQLConnection
    /// The role the server knows this connection as: the author of its changes.
    package lazy var role: String =
        (try? connection.query("SELECT current_user"))?
        .first?.first??.description ?? "?"

    /// The lock the first writers of an empty database take while they create the schema
    /// (a transaction-scoped advisory lock, released at commit or rollback): "CHKL" in ASCII.
    /// Once the schema is there, writes lock its row of `checklist.state` instead, which only
    /// a role that may change the lists can do.
    static let schemaLock = 0x4348_4B4C

    /// Whether a transaction is open: a read inside another read joins it.
    private var isInTransaction = false
    /// Whether this connection listens for other connections' writes; the revision it saw last,
    /// and how often it connected again.
    private var isListening = false
    private var revision: Int64 = 0
    private var reconnections: Int64 = 0

    init(_ connection: PostgreSQLConnection) {
        self.connection = connection
    }

    var shown: String { connection.uri.shown }

    /// A number that moves when a write commits on the server: the schema's revision, which
    /// every write bumps, with the number of reconnections above it. The first call starts
    /// listening; later calls look at what the server sent without a query, and read the
    /// revision again only after a notification. A notification is only a hint to look:
    /// any role that may connect can send `NOTIFY checklist_changes`, and one that cannot write
    /// moves nothing, so an editor reads nothing again for it. A connection that broke is
    /// made again here, and the number moves (everything is read again); until then this
    /// throws, and writes fail with nothing changed.
    func changeCount() throws -> Int64 {
        if !connection.isConnected {
            try connection.reconnect()
            isListening = false
            reconnections += 1
        }
        var mustLook = false
        if !isListening {
            try connection.execute("LISTEN checklist_changes")
            isListening = true
            mustLook = true
        }
        if try connection.takeNotifications() > 0 { mustLook = true }
        if mustLook { revision = try readRevision() }
        return reconnections << 48 &+ revision
    }

    /// The schema's revision; 0 while there is no schema.
    private func readRevision() throws -> Int64 {
        let exists = try connection.query(
            "SELECT pg_catalog.to_regclass('checklist.state') IS NOT NULL")
        guard exists.first?.first == "t" else { return 0 }
        let rows = try connection.query("SELECT revision FROM checklist.state")
        guard let text = rows.first?.first ?? nil, let value = Int64(text) else { return 0 }
        return value
    }

    // MARK: - Transactions

    /// Whether the schema is known to be there and of a version this program reads (the
    /// opener looked; a write made it).
    var hasSchema = false
    /// Whether the schema is known to be at this program's version (the opener looked; a
    /// write made it): a write then need not look.
    var schemaIsCurrent = false
    /// The revision when the connection was opened (read with the schema's state): a sync with
    /// nothing to send and nothing new there needs no transaction.
    package var revisionAtOpening: Int64?
    /// The generation the server held for the syncing copy when the connection was opened.
    package var copyGenerationAtOpening: String?
    /// Whether a list was single choice at the opening: a `check` or `toggle` then asks, as
    /// its rule does, rather than predict that none is (and roll back each time).
    var singleChoiceAtOpening = false
    /// Whether a write's prediction failed on this connection (`predictedChange`): its later
    /// writes are made the usual way (a list that is single choice, say, would fail each one).
    private var predictionFailed = false

    /// Runs `body` in one read-only transaction over one snapshot; nil when the database has no
    /// `checklist` schema yet (it reads as empty, and nothing is created). A schema recorded at
    /// a newer version than this program knows is refused.
    package func read<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T? {
        try transaction([Self.readBegin]) {
            if !hasSchema {
                switch try PostgreSQLSchema.state(connection) {
                case .missing: return nil
                case .tooNew: throw ChecklistError.schemaTooNew(path: shown)
                case .current, .pending: hasSchema = true
                }
            }
            return try body(connection)
        }
    }

    /// Runs `body` in one write transaction holding the write lock, after creating or migrating
    /// the schema as needed. (A change that changed something bumps the revision and tells
    /// the editors: `changed()`.)
    ///
    /// The write lock is a row lock on `checklist.state` (`FOR UPDATE`, which needs the UPDATE
    /// privilege there): a role that may only connect cannot take it and hold every writer
    /// back. It waits `lock_timeout` (5 s), then `databaseBusy`. A write's transaction that
    /// the network leaves silent is ended by the server after 10 s
    /// (`idle_in_transaction_session_timeout`), so its lock is freed for the other writers.
    package func write<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        do {
            return try writeOnce(body)
        } catch {
            // Another first writer created the schema while this one waited for the schema
            // lock: this session's catalog cache still said it was missing (PostgreSQL reads
            // other sessions' catalog changes at the start of a transaction and when it locks
            // a table, not after an advisory lock), so its CREATE collided. Nothing was
            // changed; a new transaction sees the schema and writes.
            guard isSchemaRace, !isInTransaction else { throw error }
            return try writeOnce(body)
        }
    }

    /// Set when a write failed because another first writer created the schema meanwhile.
    private var isSchemaRace = false

    /// A read's transaction begins so: one snapshot, read only.
    private static let readBegin = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"

    /// A write's transaction begins so; then it takes the write lock (`lock`).
    private static let begin = [
        "BEGIN", "SET LOCAL lock_timeout = '5s'",
        "SET LOCAL idle_in_transaction_session_timeout = '10s'",
    ]
    private static let lock = "SELECT revision FROM checklist.state FOR UPDATE"

    private func writeOnce<T>(_ body: (PostgreSQLConnection) throws -> T) throws -> T {
        isSchemaRace = false
        let (begin, lock) = (Self.begin, Self.lock)
        // A current schema: the transaction, its settings and the lock go with the write's
        // first statement.
        let result = try transaction(schemaIsCurrent ? begin + [lock] : begin) {
            if !schemaIsCurrent {
                do {
                    try PostgreSQLSchema.migrate(connection, at: shown)
                } catch let error as ChecklistError {
                    // A schema that was missing when this write began, found carrying code the
                    // program did not create: the same stale catalog cache can show another
                    // first writer's own triggers before their functions (a new transaction
                    // looks again, and refuses if it was so).
                    var foreignOnNewSchema = false
                    if case .untrustedServerSchema = error { foreignOnNewSchema = !hasSchema }
                    isSchemaRace =
                        foreignOnNewSchema
                        || PostgreSQLSchema.raceStates.contains(connection.lastFailure ?? "")
                    throw error
                }
                _ = try connection.query(lock, [])
            }
            return try body(connection)
        }
        // Committed: the schema is there now, at this program's version.
        hasSchema = true
        schemaIsCurrent = true
        return result
    }

    /// A change recorded in one round trip: the transaction, the lock, the journal's entry, the
    /// change's statements, the journal's end and `COMMIT` sent at once, what the steps would
    /// have asked the server predicted (`PostgreSQLConnection.Prediction`: every named item
    /// there and changed, no list single choice), each prediction a check in the transaction.
    /// Nil, and the change is made the usual way, when a step needed an answer (nothing was
    /// sent) or a check failed (the transaction rolled back).
    func predictedChange<Change: ChangeDescribing>(
        _ command: String, author: String, _ body: (any ChangeSteps) throws -> Change
    ) throws -> Change? {
        guard schemaIsCurrent, !predictionFailed, !isInTransaction, connection.pipelines else {
            return nil
        }
        let prediction = PostgreSQLConnection.Prediction()
        connection.startAfresh()
        connection.prediction = prediction
        for statement in Self.begin + [Self.lock, "SET LOCAL row_security = on"] {
            connection.queue(statement, [])
        }
        let change = PostgreSQLChange(
            predicting: connection, author: author, singleChoiceLikely: singleChoiceAtOpening)
        let result: Change
        do {
            result = try body(change)
        } catch {
            // Nothing was sent: the usual way finds what this found, or the answer it needed.
            connection.prediction = nil
            connection.startAfresh()
            return nil
        }
        guard !prediction.isAbandoned else {
            connection.prediction = nil
            connection.startAfresh()
            return nil
        }
        change.checkPrediction()
        change.finish(command, result)
        connection.prediction = nil
        isInTransaction = true
        defer { isInTransaction = false }
        do {
            _ = try connection.query("COMMIT")
        } catch {
            let failure = connection.lastFailure
            guard failure == PostgreSQLConnection.predictionFailed else {
                _ = try? connection.query("ROLLBACK")
                throw error
            }
            // The failed transaction ends with the usual way's first statements.
            connection.queue("ROLLBACK", [])
            predictionFailed = true
            return nil
        }
        hasSchema = true
        return result
    }

    /// Inside a write that changed something: bumps the revision, and tells the editors that
    /// listen (NOTIFY is sent at commit, and not at all on a rollback).
    static func changed(_ connection: PostgreSQLConnection) {
        connection.queue("UPDATE checklist.state SET revision = revision + 1")
        connection.queue("NOTIFY checklist_changes")
    }

    /// Runs `body` between `begin` (`BEGIN` and what goes with it, queued to go with the first
    /// statement of `body`, or with `COMMIT`) and `COMMIT`; anything that fails rolls back,
    /// `begin` included.
    private func transaction<T>(_ begin: [String], _ body: () throws -> T) throws -> T {
        if isInTransaction { return try body() }
        // The schema's own policies (a role records changes under its own name only) apply
        // inside the transaction; outside it, row-level security stays off (the session's
        // settings).
        for statement in begin + ["SET LOCAL row_security = on"] {
            connection.queue(statement, [])
        }
        isInTransaction = true
        defer { isInTransaction = false }
        do {
            let result = try body()
            // A read's end is not waited for (nothing of it can fail but the connection): a
            // command that ends with a read saves the round trip.
            if begin == [Self.readBegin] {
                try connection.sendAhead("COMMIT")
            } else {
                _ = try connection.query("COMMIT")
            }
            return result
        } catch {
            // A lost connection rolls back by itself; the first error is the one to report.
            _ = try? connection.query("ROLLBACK")
            throw error
        }
    }
}
