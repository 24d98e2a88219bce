import ChecklistModel

/// One connection to a PostgreSQL server, through libpq. Every failure is a `ChecklistError`
/// whose one line names the server (its URI without a password) and libpq's reason.
package final class PostgreSQLConnection {
    let uri: PostgreSQLURI
    private let library: LibPQ
    private let connection: LibPQ.Connection
    /// Text that must never reach a message: the URI's passwords.
    private let secrets: [String]
    /// The SQLSTATE of the statement that failed last (`55P03`: a lock not obtained in time).
    private(set) var lastFailure: String?
    /// How long each wait on the server's socket may last once connected, in seconds:
    /// `CHECKLIST_SERVER_TIMEOUT` (default 30; 0 or nil: no limit). A server, or a proxy, a NAT
    /// or a tunnel between, that stops answering or stops reading ends the command (74) instead
    /// of holding it forever (contract v5, "Waiting for a server").
    let timeout: Double?
    /// A wait passed `timeout`: the connection's state is unknown, so every statement fails at
    /// once (a `ROLLBACK` too: the server rolls back when the connection goes) until
    /// `reconnect`, and `isConnected` is false (the editor, the page and `sync --watch`
    /// connect again, as after a lost connection).
    private var isStalled = false
    /// Whether the statements being sent end a transaction (`COMMIT`): a wait that passes
    /// `timeout` then leaves the outcome unknown, and says so.
    private var isCommitting = false

    /// `CHECKLIST_SERVER_TIMEOUT` as seconds: nil when it is 0 (no limit); 30 when unset or
    /// not a number of seconds.
    static func serverTimeout(_ text: String? = LibPQ.environment("CHECKLIST_SERVER_TIMEOUT"))
        -> Double?
    {
        guard let text, let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
            return 30
        }
        return seconds == 0 ? nil : seconds
    }

    /// Connects, as `psql` would: libpq reads the URI and its `PG*` variables, `~/.pgpass`
    /// and service files. `library` is libpq as loaded (nil when it is not installed).
    init(_ uri: PostgreSQLURI, library: LibPQ? = LibPQ.loaded) throws(ChecklistError) {
        self.uri = uri
        // libpq never repeats PGPASSWORD or a password it read well; it may quote the pieces
        // of a URI it could not read.
        secrets = uri.passwords
        guard !uri.isAmbiguous else {
            throw .databaseUnavailable(
                path: uri.shown,
                reason: "libpq would read its user name, password or database otherwise than"
                    + " written; write each @, / or ? in them as %40, %2F or %3F")
        }
        guard let library else {
            throw .databaseUnavailable(
                path: uri.shown,
                reason: "PostgreSQL's client library is not installed (install libpq: "
                    + "`sudo apt-get install libpq5`)")
        }
        self.library = library
        // Notices (a table that already exists, a server's WARNING as it shuts down…) are not
        // this program's output: silenced before the connection reads a byte.
        guard
            let (connection, timedOut) = library.connect(
                uri: uri.text, defaults: Self.networkDefaults(), overrides: Self.sessionSettings,
                prepare: { _ = library.setNoticeProcessor($0, { _, _ in }, nil) })
        else {
            throw .databaseUnavailable(
                path: uri.shown, reason: "libpq could not start a connection")
        }
        guard !timedOut, library.status(connection) == LibPQ.connectionOK else {
            let reason =
                timedOut
                ? "timeout expired"
                : Self.oneLine(library.errorMessage(connection), hiding: secrets)
            library.finish(connection)
            throw .databaseUnavailable(path: uri.shown, reason: reason)
        }
        self.connection = connection
        timeout = Self.serverTimeout()
        if timeout != nil { _ = library.waiting?.setNonblocking(connection, 1) }
    }

    deinit {
        library.finish(connection)
    }

    /// Every session's settings, after the URI's (so they win): PostgreSQL's secure schema
    /// usage pattern (CVE-2018-1058). Only `pg_catalog` is searched, then the session's own
    /// temporary objects for tables alone (functions and operators are never looked up in
    /// `pg_temp`), so a function or operator that another role created in `public` or in a
    /// schema named after this role never wins an overload resolution in this program's
    /// statements; its tables are always named with their schema, `checklist`. Given as a
    /// startup option, it holds on a connection libpq makes again (`PQreset`) too. A URI's
    /// own `options=` (or `PGOPTIONS`) is replaced by it.
    ///
    /// Row-level security is off outside the store's transactions, which turn it on (`SET
    /// LOCAL`) once the schema is known to carry no policy the program did not create: a
    /// statement that a policy would filter then fails instead of running the policy's code
    /// (`row_security`), so the opening's read of `checklist.state` cannot run a policy its
    /// owner put there before the opening has looked at the schema.
    static let sessionSettings = [
        ("options", "-c search_path=pg_catalog,pg_temp -c row_security=off")
    ]

    /// How long to wait for a server, and how soon to notice a network gone silent (no reset:
    /// a cable pulled, a laptop's Wi-Fi gone) while a command waits for an answer: without
    /// these, TCP waits about two hours, and a write holds its lock all that time. Given
    /// before the URI, so a URI's own setting wins, and left out where the environment has
    /// its own (`PGCONNECT_TIMEOUT`). They apply to TCP connections; a Unix socket has no
    /// silent network.
    static func networkDefaults(
        hasOwnConnectTimeout: Bool = LibPQ.environmentHas("PGCONNECT_TIMEOUT")
    )
        -> [(String, String)]
    {
        var settings: [(String, String)] = [
            ("keepalives", "1"), ("keepalives_idle", "5"), ("keepalives_interval", "2"),
            ("keepalives_count", "3"), ("tcp_user_timeout", "10000"),
        ]
        if !hasOwnConnectTimeout { settings.append(("connect_timeout", "10")) }
        return settings
    }

    /// Runs one statement with text parameters (`$1`, `$2`…; nil is NULL) and returns its rows,
    /// each value as text or nil.
    package func query(_ query: PostgreSQLQuery) throws(ChecklistError) -> [[String?]] {
        try self.query(query.statement, query.parameters)
    }

    func query(_ sql: String, _ parameters: [String?]) throws(ChecklistError) -> [[String?]] {
        let result = try send(sql, parameters)
        defer { library.clear(result) }
        try check(result)
        return rows(of: result)
    }

    /// Statements whose results are not needed (a transaction's `BEGIN` and settings, a
    /// journal's last writes): they wait here and go with the next statement that waits for
    /// the server, in one round trip. A queued statement that fails makes that statement throw
    /// its error (the transaction then rolls back, as it would have at once).
    private var queued: [(sql: String, parameters: [String?])] = []

    /// Queues `sql` to go with the next statement sent (see `queued`).
    func queue(_ query: PostgreSQLQuery) {
        queue(query.statement, query.parameters)
    }

    func queue(_ sql: String, _ parameters: [String?]) {
        noteListWrite(sql)
        queued.append((sql, parameters))
    }

    // MARK: - A write whose answers are predicted

    /// A write sent whole, with `COMMIT`, in one round trip (`PostgreSQLStore.predictedChange`):
    /// what its steps would have asked the server is predicted, and each prediction is a check
    /// queued in the transaction (`queueCheck`) that fails it, rolled back, where the prediction
    /// was wrong. While it is set nothing is sent: a step that needs an answer ends it
    /// (`isAbandoned`), and the write is made the usual way.
    final class Prediction {
        /// How many items the named IDs hold (every one predicted to exist), and how many of
        /// them the selection's updates have reported changed so far (every one predicted to
        /// change).
        var named = 0
        var reported = 0
        /// The journal the change records its items in: what `checkPrediction` counts.
        var journal = Journal.selections
        enum Journal { case selections, items }
        /// Whether the single-choice question was answered (no list is single choice), its
        /// check queued.
        var singleChoiceChecked = false
        /// Whether a step needed an answer, so nothing was sent. It stays so: every statement is
        /// refused until `predictedChange` ends the prediction (a step that went on past the
        /// refusal, with `try?`, would otherwise send its statements outside the transaction).
        fileprivate(set) var isAbandoned = false

        /// What an update of the named items reports changed (`journal` records them): those
        /// not reported yet, every one predicted to change.
        func report(_ journal: Journal) -> Int {
            self.journal = journal
            defer { reported = named }
            return named - reported
        }
    }

    /// The write being predicted, while its statements are queued.
    var prediction: Prediction?

    /// The SQLSTATE of a prediction's failed check (`queueCheck`: division by zero).
    static let predictionFailed = "22012"

    /// Queues a check that fails the transaction (division by zero, `predictionFailed`) unless
    /// `condition` holds.
    func queueCheck(_ condition: PostgreSQLQuery) {
        queue("SELECT 1 / CASE WHEN \(condition) THEN 1 ELSE 0 END")
    }

    /// Drops what is queued and the failure last seen, before a predicted write is sent or
    /// after it was abandoned.
    func startAfresh() {
        queued = []
        lastFailure = nil
    }

    /// A statement that waits for an answer, while a write is predicted: the prediction is
    /// abandoned, and what it queued is dropped (nothing was sent).
    private func refuseIfPredicting() throws(ChecklistError) {
        guard let prediction else { return }
        prediction.isAbandoned = true
        queued = []
        throw .databaseUnavailable(path: uri.shown, reason: "a predicted write needs an answer")
    }

    /// Said when the connection broke after the `COMMIT` was sent.
    private static let outcomeUnknown =
        "; whether the change was made is unknown; look with checklist history"

    /// Whether libpq sends several statements before their answers (pipeline mode, 14 on).
    var pipelines: Bool { library.pipeline != nil }

    /// How many statements sent on this connection wrote `checklist.lists` (an answer about the
    /// lists read before the latest of them may be out of date).
    private(set) var listWrites = 0

    private func noteListWrite(_ sql: String) {
        for target in Self.listWriteMarks where Self.bytes(sql, contain: target) {
            listWrites += 1
            return
        }
    }

    private static let listWriteMarks = [
        "INSERT INTO checklist.lists", "UPDATE checklist.lists", "DELETE FROM checklist.lists",
    ].map { Array($0.utf8) }

    private static func bytes(_ text: String, contain needle: [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { haystack in
            guard haystack.count >= needle.count else { return false }
            for start in 0...(haystack.count - needle.count)
            where haystack[start] == needle[0]
                && needle.indices.allSatisfy({ haystack[start + $0] == needle[$0] })
            {
                return true
            }
            return false
        }
    }

    /// How many times this connection waited for the server since it was made: a round trip
    /// each (for the tests, which hold the commands to a number of round trips).
    private(set) var roundTrips = 0

    /// Sends the queued statements and then `sql`, and returns `sql`'s result (which the caller
    /// clears); throws a queued statement's failure.
    private func send(_ sql: String, _ parameters: [String?]) throws(ChecklistError)
        -> LibPQ.Result?
    {
        try refuseIfStalled()
        try refuseIfPredicting()
        try settleAhead()
        roundTrips += 1
        noteListWrite(sql)
        isCommitting = sql == "COMMIT" || queued.contains { $0.sql == "COMMIT" }
        guard !queued.isEmpty else { return try exec(sql, parameters) }
        let statements = queued + [(sql, parameters)]
        queued = []
        guard let pipeline = library.pipeline, pipeline.enter(connection) == 1 else {
            // libpq before 14: one at a time.
            roundTrips += statements.count - 1
            for statement in statements.dropLast() {
                let result = try exec(statement.sql, statement.parameters)
                defer { library.clear(result) }
                try check(result)
            }
            return try exec(sql, parameters)
        }
        defer { _ = pipeline.exit(connection) }
        let sent = statements.allSatisfy { statement in
            withParameters(statement.parameters) { values in
                pipeline.sendQueryParams(
                    connection, statement.sql, Int32(statement.parameters.count), nil, values,
                    nil, nil, 0) == 1
            }
        }
        // Nothing was sent on a failure: the connection's error is the result's.
        guard sent, pipeline.sync(connection) == 1 else { return nil }
        try flushAll()
        // Each statement's result, then nil; then the batch's end. A connection that broke
        // gives nil from then on, and the loop ends after the last statement's place.
        var failure: ChecklistError?
        var last: LibPQ.Result?
        var index = 0
        while index <= statements.count {
            let next: LibPQ.Result?
            do throws(ChecklistError) {
                next = try nextResult()
            } catch {
                library.clear(last)
                throw error
            }
            guard let result = next else {
                index += 1
                continue
            }
            if library.resultStatus(result) == LibPQ.pipelineSync {
                library.clear(result)
                break
            }
            if index == statements.count - 1, last == nil {
                last = result
                continue
            }
            if failure == nil {
                do throws(ChecklistError) { try check(result) } catch { failure = error }
            }
            library.clear(result)
        }
        if let failure {
            library.clear(last)
            throw failure
        }
        return last
    }

    // MARK: - Waiting with a deadline

    /// `PQexecParams`, waiting for the socket up to `timeout` each time: the statement is sent,
    /// flushed, and its results read; the last is returned (as `PQexec` returns it).
    private func exec(_ sql: String, _ parameters: [String?]) throws(ChecklistError)
        -> LibPQ.Result?
    {
        guard let waiting = library.waiting, timeout != nil else {
            return withParameters(parameters) { values in
                library.execParams(
                    connection, sql, Int32(parameters.count), nil, values, nil, nil, 0)
            }
        }
        let sent = withParameters(parameters) { values in
            waiting.sendQueryParams(
                connection, sql, Int32(parameters.count), nil, values, nil, nil, 0) == 1
        }
        guard sent else { return nil }  // the connection's error is the result's
        return try lastResult()
    }

    /// Every result of what was sent, flushed first; the last one (the others cleared).
    private func lastResult() throws(ChecklistError) -> LibPQ.Result? {
        try flushAll()
        var last: LibPQ.Result?
        do throws(ChecklistError) {
            while let result = try nextResult() {
                // A failure ends a script: it is the one kept.
                if library.resultStatus(last) != LibPQ.commandOK,
                    library.resultStatus(last) != LibPQ.tuplesOK, last != nil
                {
                    library.clear(result)
                    continue
                }
                library.clear(last)
                last = result
            }
        } catch {
            library.clear(last)
            throw error
        }
        return last
    }

    /// Sends what libpq holds, waiting until the socket takes more (and reading what the
    /// server sends meanwhile, which it may wait on).
    private func flushAll() throws(ChecklistError) {
        guard let waiting = library.waiting, timeout != nil else { return }
        while true {
            let left = waiting.flush(connection)
            if left == 0 { return }
            if left < 0 { throw lost() }
            try waitForSocket(writing: true)
            _ = library.consumeInput(connection)
        }
    }

    /// The next result (nil: the statement's last was read), waiting until it has come.
    private func nextResult() throws(ChecklistError) -> LibPQ.Result? {
        guard let waiting = library.waiting, timeout != nil else {
            return library.pipeline?.getResult(connection)
        }
        while waiting.isBusy(connection) == 1 {
            try waitForSocket(writing: false)
            // A connection that broke: `getResult` gives its error.
            if library.consumeInput(connection) == 0 { break }
        }
        return waiting.getResult(connection)
    }

    /// Waits until the socket can be read (or, `writing`, written), up to `timeout`.
    private func waitForSocket(writing: Bool) throws(ChecklistError) {
        guard let timeout else { return }
        guard LibPQ.wait(for: library.socket(connection), writing: writing, seconds: timeout)
        else { throw stalled() }
    }

    /// The failure of a wait that passed `timeout`; the connection is given up.
    private func stalled() -> ChecklistError {
        isStalled = true
        let seconds = timeout.map { String(Int($0.rounded(.up))) } ?? "?"
        let reason =
            isCommitting
            ? "the server stopped answering after the commit was sent (nothing for \(seconds) s):"
                + " whether the change was made is unknown; look with checklist history"
            : "the server stopped answering (nothing for \(seconds) s); nothing changed"
                + " (CHECKLIST_SERVER_TIMEOUT sets how long to wait)"
        return .databaseUnavailable(path: uri.shown, reason: reason)
    }

    /// A connection that stopped answering earlier: no statement waits on it again.
    private func refuseIfStalled() throws(ChecklistError) {
        guard isStalled else { return }
        throw .databaseUnavailable(
            path: uri.shown, reason: "the server stopped answering; nothing changed")
    }

    /// libpq's reason for a connection that broke (and, when the statements sent held the
    /// `COMMIT`, that whether the change was made is unknown).
    private func lost() -> ChecklistError {
        .databaseUnavailable(
            path: uri.shown,
            reason: Self.oneLine(library.errorMessage(connection), hiding: secrets)
                + (isCommitting ? Self.outcomeUnknown : "")
        )
    }

    /// Throws the statement's failure, as one line without a password.
    private func check(_ result: LibPQ.Result?) throws(ChecklistError) {
        let status = library.resultStatus(result)
        guard status == LibPQ.commandOK || status == LibPQ.tuplesOK else {
            let state = library.resultErrorField(result, LibPQ.sqlState).map { String(cString: $0) }
            lastFailure = state
            // lock_not_available: another write held the lock past lock_timeout.
            if state == "55P03" { throw .databaseBusy(path: uri.shown) }
            let message =
                result.flatMap(library.resultErrorMessage) ?? library.errorMessage(connection)
            var reason = Self.oneLine(message, hiding: secrets)
            // No SQLSTATE: the connection broke, not the statement. With the COMMIT sent (a
            // predicted write sends it with everything), the server may have made the change.
            if state == nil, isCommitting { reason += Self.outcomeUnknown }
            // insufficient_privilege: the role may not create or use the schema, or write a
            // change under another's name.
            if state == "42501" {
                if reason.contains("permission denied for database") {
                    // The schema does not exist yet, and creating it needs CREATE on the
                    // database: a GRANT on the schema cannot help.
                    reason +=
                        "; nothing changed (the schema checklist does not exist yet: the database's"
                        + " owner can write first, or GRANT CREATE ON DATABASE to this role)"
                } else if reason.contains("new row violates row-level security") {
                    // The journal takes a change only under the name of the role that makes it.
                    reason +=
                        "; nothing changed (a role records changes only under its own name:"
                        + " sync a copy made with clone --as NAME as the role NAME, or as the"
                        + " schema's owner)"
                } else if reason.contains("row-level security") {
                    // A table the program reads has row-level security it did not turn on.
                    reason +=
                        "; nothing changed (the schema's owner turned on row-level security"
                        + " where checklist did not: ask them to turn it off)"
                } else {
                    reason +=
                        "; nothing changed (the database's owner can GRANT this role the"
                        + " schema checklist, as the manual's page on shared lists shows)"
                }
                throw .serverRefused(path: uri.shown, reason: reason)
            }
            throw .databaseUnavailable(path: uri.shown, reason: reason)
        }
    }

    /// Takes the notifications the server sent since the last look, without waiting and
    /// without a round trip; returns how many. A connection that broke throws.
    /// (A read's `COMMIT` sent ahead is settled first: its answer has mostly come by then.)
    func takeNotifications() throws(ChecklistError) -> Int {
        try settleAhead()
        guard library.consumeInput(connection) != 0 else {
            throw .databaseUnavailable(
                path: uri.shown,
                reason: Self.oneLine(library.errorMessage(connection), hiding: secrets))
        }
        var count = 0
        while let notification = library.notifies(connection) {
            library.freemem(notification)
            count += 1
        }
        return count
    }

    /// The value libpq uses for a connection setting (`connect_timeout`, `keepalives_idle`…).
    func setting(_ keyword: String) -> String? {
        library.conninfoValue(connection, keyword)
    }

    /// Connects again, as after a dropped connection (for the tests).
    func reconnectForTesting() {
        answerAhead = false
        library.reset(connection)
    }

    /// Whether the connection is up (and answering).
    var isConnected: Bool { !isStalled && library.status(connection) == LibPQ.connectionOK }

    /// Connects again with the same parameters (after the server or the network went away).
    func reconnect() throws(ChecklistError) {
        queued = []
        answerAhead = false
        isStalled = false
        library.reset(connection)
        if timeout != nil { _ = library.waiting?.setNonblocking(connection, 1) }
        guard isConnected else {
            throw .databaseUnavailable(
                path: uri.shown,
                reason: Self.oneLine(library.errorMessage(connection), hiding: secrets))
        }
    }

    /// Runs one query and calls `body` with each row, whose values are the server's text
    /// bytes, valid during the call: a long list goes to the output without a `String` a row.
    func forEachRow(_ query: PostgreSQLQuery, _ body: (PostgreSQLRow) throws -> Void) throws {
        try forEachRow(query.statement, query.parameters, body)
    }

    func forEachRow(
        _ sql: String, _ parameters: [String?], _ body: (PostgreSQLRow) throws -> Void
    ) throws {
        let result = try send(sql, parameters)
        defer { library.clear(result) }
        try check(result)
        let count = library.ntuples(result)
        var row = PostgreSQLRow(library: library, result: result, index: 0)
        while row.index < count {
            try body(row)
            row.index += 1
        }
    }

    /// Runs a query and calls `body` with each row as `forEachRow` does, one row at a time as
    /// the server sends them (libpq's single-row mode): libpq holds a whole result until it is
    /// cleared, so a list of 300,000 items read in one result took about 35 MB more than the
    /// same list from a file. (A cursor fetched in batches kept the memory flat too, but a
    /// cursor's query runs without parallel workers: `list` took a quarter longer.) Without
    /// single-row mode in libpq, as `forEachRow`.
    func forEachRowStreaming(_ query: PostgreSQLQuery, _ body: (PostgreSQLRow) throws -> Void)
        throws
    {
        try forEachRowStreaming(query.statement, query.parameters, body)
    }

    func forEachRowStreaming(
        _ sql: String, _ parameters: [String?], _ body: (PostgreSQLRow) throws -> Void
    ) throws {
        guard let pipeline = library.pipeline else { return try forEachRow(sql, parameters, body) }
        try refuseIfStalled()
        try refuseIfPredicting()
        try settleAhead()
        // The queued statements (a read's BEGIN) go first, in the same round trip: in a
        // pipeline, whose next query is put in single-row mode once their results are read.
        var before = queued
        queued = []
        if !before.isEmpty, pipeline.enter(connection) != 1 {
            queued = before
            try sendQueued()
            before = []
        }
        let piped = !before.isEmpty
        defer { if piped { _ = pipeline.exit(connection) } }
        roundTrips += 1
        isCommitting = before.contains { $0.sql == "COMMIT" }
        let sent = (before + [(sql, parameters)]).allSatisfy { statement in
            withParameters(statement.parameters) { values in
                pipeline.sendQueryParams(
                    connection, statement.sql, Int32(statement.parameters.count), nil, values,
                    nil, nil, 0) == 1
            }
        }
        guard sent, !piped || pipeline.sync(connection) == 1 else { return try check(nil) }
        if !piped { _ = pipeline.setSingleRowMode(connection) }
        try flushAll()
        // Every result is read to the end, whatever `body` throws: the connection stays usable.
        // The first failure is the one thrown (a queued statement's, then the query's rows are
        // the pipeline's "aborted").
        var failure: (any Error)?
        for _ in before {
            while let result = try nextResult() {
                defer { library.clear(result) }
                guard failure == nil else { continue }
                do throws(ChecklistError) { try check(result) } catch { failure = error }
            }
        }
        if piped { _ = pipeline.setSingleRowMode(connection) }
        while let result = try nextResult() {
            defer { library.clear(result) }
            guard failure == nil else { continue }
            let status = library.resultStatus(result)
            if status == LibPQ.singleTuple || status == LibPQ.tuplesOK {
                if status == LibPQ.singleTuple { streamedRows += 1 }
                var row = PostgreSQLRow(library: library, result: result, index: 0)
                let count = library.ntuples(result)
                do {
                    while row.index < count {
                        try body(row)
                        row.index += 1
                    }
                } catch {
                    failure = error
                }
            } else {
                do throws(ChecklistError) { try check(result) } catch { failure = error }
            }
        }
        // The pipeline's end.
        if piped, let end = try nextResult() { library.clear(end) }
        if let failure { throw failure }
    }

    // MARK: - A statement not waited for

    /// Whether a statement was sent and its answer not read yet (`sendAhead`).
    private var answerAhead = false

    /// Sends `sql` (a read-only transaction's `COMMIT`: no rows, no parameters, nothing that
    /// can fail but the connection) and does not wait for its answer, which is read before the
    /// next statement goes (`settleAhead`), or never, when the connection closes first: a
    /// command that ends with a read does not wait a round trip for its `COMMIT`. Sent at once,
    /// so the server ends the transaction then (a listening connection gets its notifications;
    /// no snapshot is held). Without pipeline mode, or with statements queued, it is waited for.
    func sendAhead(_ sql: String) throws(ChecklistError) {
        try refuseIfStalled()
        try refuseIfPredicting()
        try settleAhead()
        guard queued.isEmpty, let pipeline = library.pipeline, pipeline.enter(connection) == 1
        else {
            _ = try query(sql, [])
            return
        }
        noteListWrite(sql)
        isCommitting = false
        guard pipeline.sendQueryParams(connection, sql, 0, nil, nil, nil, nil, 0) == 1,
            pipeline.sync(connection) == 1
        else {
            _ = pipeline.exit(connection)
            throw lost()
        }
        answerAhead = true
        try flushAll()
    }

    /// Reads the answer `sendAhead` did not wait for (by now it has mostly come), and leaves
    /// pipeline mode; throws its failure.
    private func settleAhead() throws(ChecklistError) {
        guard answerAhead, let pipeline = library.pipeline else { return }
        answerAhead = false
        var failure: ChecklistError?
        // The statement's result, then nil; then the batch's end. A broken connection gives
        // nil from then on, and the loop ends.
        var ends = 0
        while ends <= 1 {
            guard let result = try nextResult() else {
                ends += 1
                continue
            }
            defer { library.clear(result) }
            if library.resultStatus(result) == LibPQ.pipelineSync { break }
            if failure == nil {
                do throws(ChecklistError) { try check(result) } catch { failure = error }
            }
        }
        _ = pipeline.exit(connection)
        if let failure {
            queued = []
            throw failure
        }
    }

    /// How many rows came one result each (single-row mode), for the tests.
    private(set) var streamedRows = 0

    /// Runs one statement that changes rows; returns how many it changed (the command tag's
    /// count), with no rows sent back.
    func run(_ query: PostgreSQLQuery) throws(ChecklistError) -> Int {
        try run(query.statement, query.parameters)
    }

    func run(_ sql: String, _ parameters: [String?]) throws(ChecklistError) -> Int {
        let result = try send(sql, parameters)
        defer { library.clear(result) }
        try check(result)
        return library.cmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0
    }

    /// Sends the queued statements, if any, in a round trip of their own (before a statement
    /// that cannot go in a pipeline with them).
    private func sendQueued() throws(ChecklistError) {
        guard !queued.isEmpty else { return }
        let (sql, parameters) = queued.removeLast()
        let result = try send(sql, parameters)
        defer { library.clear(result) }
        try check(result)
    }

    /// Runs a script of several statements (a migration); no parameters. Queued statements
    /// go first, in a round trip of their own.
    func execute(_ script: String) throws(ChecklistError) {
        try sendQueued()
        try refuseIfStalled()
        try refuseIfPredicting()
        try settleAhead()
        roundTrips += 1
        isCommitting = false
        noteListWrite(script)
        let result: LibPQ.Result?
        if let waiting = library.waiting, timeout != nil {
            result = waiting.sendQuery(connection, script) == 1 ? try lastResult() : nil
        } else {
            result = library.exec(connection, script)
        }
        defer { library.clear(result) }
        try check(result)
    }

    private func rows(of result: LibPQ.Result?) -> [[String?]] {
        let (rows, columns) = (library.ntuples(result), library.nfields(result))
        return (0..<rows).map { row in
            (0..<columns).map { column in
                if library.getisnull(result, row, column) != 0 { return nil }
                guard let value = library.getvalue(result, row, column) else { return nil }
                let length = Int(library.getlength(result, row, column))
                return value.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                }
            }
        }
    }

    /// The server's own words as one line: libpq's messages end in a line break and may add an
    /// indented hint on the next line. libpq never shows a password, but it quotes the values
    /// it cannot read (`invalid percent-encoded token: "%zz"`): a quoted value that holds a
    /// secret is shown as `"***"`. (Replacing the secret everywhere would turn a short password
    /// into a pattern of asterisks over the rest of the message.)
    static func oneLine(_ message: UnsafePointer<CChar>?, hiding secrets: [String]) -> String {
        let quoted = (message.map { String(cString: $0) } ?? "").split(
            separator: "\"", omittingEmptySubsequences: false)
        let text = quoted.enumerated().map { index, part in
            index % 2 == 1 && secrets.contains(where: { Self.reveals(part, $0) }) ? "***" : part
        }.joined(separator: "\"")
        let lines = text.split(whereSeparator: \.isNewline).map {
            $0.drop { $0 == " " || $0 == "\t" }
        }
        // libpq pads some of its lines with two spaces: one line reads with one.
        var joined = lines.joined(separator: "; ")
        while joined.contains("  ") { joined.replace("  ", with: " ") }
        return joined.isEmpty ? "the server gave no reason" : joined
    }

    /// Whether a quoted value shows a secret: holds it, or, for a secret of under four
    /// characters (which many a path or name holds by chance), is it.
    private static func reveals(_ quoted: Substring, _ secret: String) -> Bool {
        secret.count < 4 ? quoted == secret : quoted.contains(secret)
    }

    /// Calls `body` with the parameters as C strings that live for the call.
    private func withParameters<R>(
        _ parameters: [String?], _ body: (UnsafePointer<LibPQ.Text?>?) -> R
    ) -> R {
        let storage: [[CChar]?] = parameters.map { $0.map { Array($0.utf8CString) } }
        func step(_ index: Int, _ pointers: inout [LibPQ.Text?]) -> R {
            if index == storage.count {
                return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
            }
            guard let value = storage[index] else {
                pointers.append(nil)
                return step(index + 1, &pointers)
            }
            return value.withUnsafeBufferPointer { buffer in
                pointers.append(buffer.baseAddress)
                return step(index + 1, &pointers)
            }
        }
        var pointers: [LibPQ.Text?] = []
        return step(0, &pointers)
    }
}
