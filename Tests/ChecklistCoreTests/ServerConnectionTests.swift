import Foundation
import Testing

@testable import ChecklistCore
@testable import ChecklistModel
@testable import ChecklistPostgres
@testable import ChecklistStore

/// Which `--db` values name a PostgreSQL server, and how messages show them.
@Suite struct ServerURITests {
    @Test(arguments: [
        "postgresql://ana@db.example/trips", "postgres://ana@db.example/trips",
        "postgresql:///trips?host=/run/postgresql", "postgresql://",
    ])
    func aPostgreSQLURINamesAServer(_ text: String) throws {
        let location = try DatabaseLocation.resolve(explicitPath: text, environment: [:])
        #expect(location.server != nil)
        #expect(location.path == text, "no password to hide, so shown as given")
    }

    @Test(arguments: ["./postgres:x", "postgres:x", "trips.db", "/var/lib/postgresql://x"])
    func anythingElseIsASQLitePath(_ text: String) throws {
        let location = try DatabaseLocation.resolve(explicitPath: text, environment: [:])
        #expect(location.server == nil)
        #expect(location.path == text)
    }

    /// A misspelt scheme or libpq's keyword form was surely meant for a server: refused (64),
    /// never taken for a file named with the password.
    @Test(arguments: [
        "postgresql:/trips", "PostgreSQL://ana@db/trips", "postgresq://ana@db/trips",
        "host=db password=x",
    ])
    func aMisspeltServerIsRefused(_ text: String) throws {
        #expect(throws: ChecklistError.self) {
            try DatabaseLocation.resolve(explicitPath: text, environment: [:])
        }
    }

    @Test func theEnvironmentVariableMayNameAServer() throws {
        let location = try DatabaseLocation.resolve(
            explicitPath: nil, environment: ["CHECKLIST_DB": "postgres://db/trips", "HOME": "/h"])
        #expect(location.server?.description == "postgres://db/trips")
    }

    @Test(arguments: [
        ("postgresql://ana:s3cret@db.example/trips", "postgresql://ana@db.example/trips"),
        ("postgresql://ana:s3cret@db.example:5433", "postgresql://ana@db.example:5433"),
        (
            "postgresql:///trips?host=/run/pg&password=s3cret&sslmode=require",
            "postgresql:///trips?host=/run/pg&sslmode=require"
        ),
        ("postgresql://db/trips?password=s3cret", "postgresql://db/trips"),
        ("postgresql://:s3cret@db/trips", "postgresql://@db/trips"),
        (
            "postgresql://ana:se?cret@/postgres?host=/run/pg",
            "postgresql://ana@/postgres?host=/run/pg"
        ),
        ("postgresql:///trips?pass%77ord=s3cret&host=/run/pg", "postgresql:///trips?host=/run/pg"),
        ("postgresql:///trips?%70assword=s%33cret", "postgresql:///trips"),
        (
            "postgresql:///trips?host=/run/pg&sslpassword=TopSecret1",
            "postgresql:///trips?host=/run/pg"
        ),
    ])
    func messagesShowTheURIWithoutItsPassword(_ given: String, _ shown: String) throws {
        let uri = try #require(PostgreSQLURI(given))
        #expect(uri.description == shown)
        #expect(DatabaseLocation(server: uri).path == shown)
        #expect(!uri.passwords.isEmpty)
        // Every whole password (a piece of one, like "p" of "p@ss", may be any letter).
        for password in uri.passwords where password.count > 2 {
            #expect(!shown.contains(password))
        }
    }

    @Test func libpqsReasonIsOneLineWithoutThePassword() {
        let message = "invalid percent-encoded token: \"s3cret%zz\"\n\tIs the server up?\n"
        let line = message.withCString { PostgreSQLConnection.oneLine($0, hiding: ["s3cret"]) }
        #expect(line == "invalid percent-encoded token: \"***\"; Is the server up?")
    }

    /// Issue 48, 19: libpq's double spaces (`FATAL:  role …`) read as one.
    @Test func libpqsDoubleSpacesAreOne() {
        let message = "connection to server failed: FATAL:  password authentication failed\n"
        let line = message.withCString { PostgreSQLConnection.oneLine($0, hiding: []) }
        #expect(line == "connection to server failed: FATAL: password authentication failed")
    }

    @Test func aShortPasswordDoesNotMaskTheRestOfTheMessage() {
        let message =
            "connection to server on socket \"/tmp/x\" failed: FATAL: role \"ana\" does not exist\n"
        let line = message.withCString { PostgreSQLConnection.oneLine($0, hiding: ["e", "tmp"]) }
        #expect(
            line
                == "connection to server on socket \"/tmp/x\" failed: FATAL: role \"ana\" does not exist"
        )
    }

    @Test(arguments: [
        "postgres://ana:p@ss@db/trips", "postgresql://ana:pa/ss@db/trips",
        "postgresql://ben:Xy7@kq/L?m9@127.0.0.1:55432/trips",
    ])
    func aURIThatLibpqWouldReadOtherwiseIsRefusedWithoutShowingIt(_ text: String) throws {
        let uri = try #require(PostgreSQLURI(text))
        #expect(uri.isAmbiguous)
        #expect(uri.description.hasSuffix("://…"))
        #expect(
            throws: ChecklistError.databaseUnavailable(
                path: uri.description,
                reason:
                    "libpq would read its user name, password or database otherwise than written;"
                    + " write each @, / or ? in them as %40, %2F or %3F"
            )
        ) { try PostgreSQLConnection(uri) }
    }

    @Test(arguments: [
        "postgresql://ana:se?cret@db/trips", "postgresql://ana:p%40ss@db/trips",
        "postgresql:///trips?host=/run/pg&user=a@b", "postgresql://db",
    ])
    func aURIThatLibpqReadsAsWrittenIsNotAmbiguous(_ text: String) throws {
        #expect(try #require(PostgreSQLURI(text)).isAmbiguous == false)
    }

    @Test func aMissingClientLibrarySaysToInstallIt() throws {
        let library = LibPQ(named: "libpq-that-is-not-installed.so.5")
        #expect(library == nil)
        let uri = try #require(PostgreSQLURI("postgresql://ana:s3cret@db/trips"))
        #expect(
            throws: ChecklistError.databaseUnavailable(
                path: "postgresql://ana@db/trips",
                reason:
                    "PostgreSQL's client library is not installed (install libpq: `sudo apt-get install libpq5`)"
            )
        ) { try PostgreSQLConnection(uri, library: library) }
    }
}

/// The libpq binding against a real server: `.ci/postgres.sh start` gives its URI, which
/// CHECKLIST_TEST_POSTGRES passes here (`.ci/run` always sets it).
@Suite(
    .enabled(if: TestServer.runs, "\(TestServer.missing)"))
struct ServerConnectionTests {
    @Test func aQueryTakesTextParametersAndGivesTextValues() throws {
        let connection = try PostgreSQLConnection(try #require(TestServer.uri))
        let rows = try connection.query(
            "SELECT $1::int + 1, $2::text, $3::text IS NULL, 'caf\u{E9} \u{1F600}'",
            ["2", "a'b", nil])
        #expect(rows == [["3", "a'b", "t", "caf\u{E9} \u{1F600}"]])
        #expect(try connection.query("SELECT 1 WHERE false") == [])
    }

    @Test func everySessionSearchesOnlyTheSystemCatalogEvenAfterAReconnect() throws {
        let connection = try PostgreSQLConnection(try #require(TestServer.uri))
        #expect(try connection.query("SHOW search_path") == [["pg_catalog,pg_temp"]])
        connection.reconnectForTesting()
        #expect(try connection.query("SHOW search_path") == [["pg_catalog,pg_temp"]])
        // Row-level security is off outside the store's transactions (they turn it on).
        #expect(try connection.query("SHOW row_security") == [["off"]])
    }

    @Test func aSilentNetworkIsNoticedWithinSecondsUnlessTheUserSaidOtherwise() throws {
        let defaults = Dictionary(
            uniqueKeysWithValues: PostgreSQLConnection.networkDefaults(hasOwnConnectTimeout: false))
        #expect(defaults["keepalives"] == "1")
        #expect(defaults["tcp_user_timeout"] == "10000")
        #expect(defaults["connect_timeout"] == "10")
        #expect(
            PostgreSQLConnection.networkDefaults(hasOwnConnectTimeout: true)
                .contains { $0.0 == "connect_timeout" } == false)
        // A URI's own setting wins over the defaults (they come before it).
        let base = try #require(TestServer.uri).description
        let own = try #require(PostgreSQLURI(base + "&connect_timeout=3&keepalives_idle=7"))
        let connection = try PostgreSQLConnection(own)
        #expect(connection.setting("connect_timeout") == "3")
        #expect(connection.setting("keepalives_idle") == "7")
        #expect(connection.setting("keepalives_count") == "3")
    }

    @Test func aWriteEndsItsTransactionIfTheClientFallsSilent() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent"), to: ListName.defaultList)
        guard case .server(let server) = store.kind else { throw CancellationError() }
        let inside = try server.write { connection in
            try connection.query("SHOW idle_in_transaction_session_timeout")
        }
        #expect(inside == [["10s"]])
    }

    @Test func aNotificationFromARoleThatCannotWriteMovesNothing() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent"), to: ListName.defaultList)
        let before = try store.dataVersion()
        guard case .server(let server) = store.kind else { throw CancellationError() }
        let eve = "eve_" + UUID().uuidString.prefix(8).lowercased()
        _ = try server.connection.query("CREATE ROLE \(sql: eve) LOGIN")
        let eveURI = try #require(
            PostgreSQLURI(
                server.connection.uri.description.replacingOccurrences(
                    of: "user=postgres", with: "user=\(eve)")))
        let eveConnection = try PostgreSQLConnection(eveURI)
        try eveConnection.execute("NOTIFY checklist_changes")
        usleep(100_000)
        #expect(try store.dataVersion() == before)
        _ = try store.add(titles("Stove"), to: ListName.defaultList)
        usleep(100_000)
        #expect(try store.dataVersion() != before)
    }

    /// Rows one at a time (single-row mode) are the rows of one result, and the connection
    /// is usable after `body` stops early or the query fails.
    @Test func streamedRowsAreTheRowsAndTheConnectionLivesOn() throws {
        let connection = try PostgreSQLConnection(try #require(TestServer.uri))
        let sql = "SELECT n, 'row ' || n FROM generate_series(1, $1::int) AS n"
        var whole: [String] = []
        try connection.forEachRow(sql, ["2500"]) {
            whole.append("\(try $0.int64(0)) \($0.string(1))")
        }
        var streamed: [String] = []
        // A queued statement (a read's BEGIN) goes in the same round trip, and the rows still
        // come one result each.
        connection.queue("SELECT 1")
        let (trips, rowsAlone) = (connection.roundTrips, connection.streamedRows)
        try connection.forEachRowStreaming(sql, ["2500"]) {
            streamed.append("\(try $0.int64(0)) \($0.string(1))")
        }
        #expect(whole.count == 2500)
        #expect(streamed == whole)
        #expect(connection.roundTrips == trips + 1)
        #expect(connection.streamedRows == rowsAlone + 2500)
        // A queued statement that fails is the failure, and no row reaches `body`.
        connection.queue("SELECT 1/0")
        var after = 0
        #expect {
            try connection.forEachRowStreaming(sql, ["2500"]) { _ in after += 1 }
        } throws: { "\($0)".contains("division by zero") }
        #expect(after == 0)
        struct Enough: Error {}
        var seen = 0
        #expect(throws: Enough.self) {
            try connection.forEachRowStreaming(sql, ["2500"]) { _ in
                seen += 1
                if seen == 10 { throw Enough() }
            }
        }
        #expect(seen == 10)
        #expect(throws: ChecklistError.self) {
            try connection.forEachRowStreaming("SELECT * FROM no_such_table") { _ in }
        }
        #expect(try connection.query("SELECT 2") == [["2"]])
    }

    @Test func aFailingStatementIsOneLineNamingTheServer() throws {
        let uri = try #require(TestServer.uri)
        let connection = try PostgreSQLConnection(uri)
        #expect {
            try connection.query("SELECT * FROM no_such_table")
        } throws: { error in
            guard case ChecklistError.databaseUnavailable(let path, let reason) = error else {
                return false
            }
            return path == uri.description && reason.contains("no_such_table")
                && !reason.contains("\n")
        }
    }

    @Test func aRefusedLoginNamesTheServerAndNeverThePassword() throws {
        let base = try #require(TestServer.uri).description
        let wrong = try #require(
            PostgreSQLURI(
                base.replacingOccurrences(of: "user=postgres", with: "user=checklist_password")
                    + "&password=wrong-s3cret"))
        #expect {
            try PostgreSQLConnection(wrong)
        } throws: { error in
            let line = (error as? ChecklistError)?.description ?? ""
            return line.contains("password authentication failed") && !line.contains("wrong-s3cret")
                && line.hasPrefix("cannot use postgresql:///postgres?host=")
        }
        let right = try #require(
            PostgreSQLURI(
                base.replacingOccurrences(of: "user=postgres", with: "user=checklist_password")
                    + "&password=right-password"))
        #expect(
            try PostgreSQLConnection(right).query("SELECT current_user") == [["checklist_password"]]
        )
    }

    @Test func aMissingDatabaseIsNamed() throws {
        let base = try #require(TestServer.uri).description
        let missing = try #require(
            PostgreSQLURI(base.replacingOccurrences(of: ":///postgres?", with: ":///no_such_db?")))
        #expect {
            try PostgreSQLConnection(missing)
        } throws: { error in
            (error as? ChecklistError)?.description.contains(
                "database \"no_such_db\" does not exist") == true
        }
    }
}

enum TestServer {
    static let uri: PostgreSQLURI? = ProcessInfo.processInfo.environment["CHECKLIST_TEST_POSTGRES"]
        .flatMap(PostgreSQLURI.init)

    /// Whether the server's tests run: with a server named, and always under CI (`CI=true`),
    /// where a missing server then fails them instead of skipping them.
    static let runs = uri != nil || ProcessInfo.processInfo.environment["CI"] == "true"

    static let missing =
        "missing tool: no PostgreSQL server: CHECKLIST_TEST_POSTGRES is not set (apt-get install"
        + " postgresql; then export CHECKLIST_TEST_POSTGRES=$(bash .ci/postgres.sh start))"
}

/// Issue 29, 26: a command on a server waits for it as few times as its rules allow. What
/// needs no answer (the transaction's start and settings, the lock, the journal's last
/// writes and the notification) goes with a statement that does, in libpq's pipeline mode.
@Suite(
    .enabled(if: TestServer.runs, "\(TestServer.missing)"))
struct ServerRoundTripTests {
    /// A store over `store`'s database on a new connection, as the next command opens it.
    private func reopened(_ store: ChecklistStore) throws -> (ChecklistStore, PostgreSQLConnection)
    {
        guard case .server(let server) = store.kind else { throw CancellationError() }
        _ = try DatabaseOpener.openForWriting(
            DatabaseLocation.resolve(
                explicitPath: server.connection.uri.description, environment: [:]))
        let again = try DatabaseOpener.openForWriting(
            DatabaseLocation.resolve(
                explicitPath: server.connection.uri.description, environment: [:]))
        guard case .server(let opened) = again.kind else { throw CancellationError() }
        return (again, opened.connection)
    }

    @Test func openingLooksAtTheSchemaItsGuardsAndTheRoleInOneRoundTrip() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent", "Stove", "Map"), to: ListName.defaultList)
        let (again, connection) = try reopened(store)
        #expect(connection.roundTrips == 1)
        #expect(again.author == "postgres")
        #expect(connection.roundTrips == 1)
    }

    @Test func aOneItemCheckIsOneRoundTripAfterTheOpening() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent", "Stove", "Map"), to: ListName.defaultList)
        let (again, connection) = try reopened(store)
        let checked = try again.check(.ids(IDSet(ids: [2])))
        #expect(checked.counts.changed == 1)
        // Open 1; then the transaction, the lock, the journal's entry, the IDs' check, the
        // update with its record, the journal's end and COMMIT, sent at once.
        #expect(connection.roundTrips == 1 + 1)
        // Another connection writes meanwhile: the entry's number is the server's, read there.
        _ = try store.add(titles("Rope"), to: ListName.defaultList)
        let toggled = try again.toggle(.ids(IDSet(ids: [1, 3])))
        #expect(toggled.counts.changed == 2)
        #expect(connection.roundTrips == 1 + 1 + 1)
        #expect(
            try again.history().map(\.description) == [
                "toggled 2 items (IDs 1, 3)", "added 1 item to 'default' (ID 4)",
                "checked 1 item (ID 2)", "added 3 items to 'default' (IDs 1-3)",
            ])
    }

    @Test func aReadDoesNotWaitForItsCommit() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent", "Stove"), to: ListName.defaultList)
        let (again, connection) = try reopened(store)
        let items = try again.items(in: .list(ListName.defaultList))
        #expect(items.map(\.title) == ["Tent", "Stove"])
        // Open 1; the transaction's start with the list's ID, then the items; the COMMIT is
        // sent and not waited for.
        #expect(connection.roundTrips == 1 + 2)
        // The next statement reads its answer first: the connection goes on as before.
        _ = try again.check(.ids(IDSet(ids: [1])))
        #expect(try again.items(in: .all, filter: .checked).map(\.id) == [1])
        #expect(connection.roundTrips == 1 + 2 + 1 + 1)
    }

    /// A read's COMMIT is sent at once, though not waited for: the reader's transaction ends
    /// on the server then, so a listening connection that read last is told of a write.
    @Test func aWatcherThatReadLastIsToldOfAPredictedWrite() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent"), to: ListName.defaultList)
        let (watcher, _) = try reopened(store)
        let version = try watcher.dataVersion()
        _ = try watcher.items(in: .all)
        let (writer, connection) = try reopened(store)
        _ = try writer.check(.ids(IDSet(ids: [1])))
        #expect(connection.roundTrips == 1 + 1)
        usleep(200_000)
        #expect(try watcher.dataVersion() != version)
    }

    /// Where a list is single choice at the opening, a `check` asks as its rule does (the
    /// usual way, no batch rolled back); an `uncheck`, which never asks, is still predicted.
    @Test func aSingleChoiceListMakesACheckAskAndAnUncheckStillPredicted() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent", "Stove"), to: ListName.defaultList)
        try store.setMode(.single, ofList: ListName.defaultList)
        let (again, connection) = try reopened(store)
        _ = try again.check(.ids(IDSet(ids: [1])))
        #expect(connection.roundTrips == 1 + 6, "the usual way, with the single-choice look")
        _ = try again.uncheck(.ids(IDSet(ids: [1])))
        #expect(connection.roundTrips == 1 + 6 + 1)
        #expect(try again.items(in: .all, filter: .checked).isEmpty)
    }

    @Test func aDeleteOfNamedItemsIsOneRoundTripAfterTheOpening() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent", "Stove", "Map", "Rope"), to: ListName.defaultList)
        let (again, connection) = try reopened(store)
        let deleted = try again.delete(.ids(IDSet(ids: [2, 3])))
        #expect(deleted.counts.changed == 2)
        #expect(connection.roundTrips == 1 + 1)
        #expect(try again.items(in: .all).map(\.id) == [1, 4])
        // Its journal holds the items: undo brings them back.
        _ = try again.undo()
        #expect(try again.items(in: .all).map(\.id) == [1, 2, 3, 4])
        // An ID that is gone: the prediction fails, and the usual way refuses it.
        _ = try again.delete(.ids(IDSet(ids: [2])))
        #expect(throws: ChecklistError.itemsNotFound(IDSet(ids: [2]))) {
            try again.delete(.ids(IDSet(ids: [2, 3])))
        }
        #expect(try again.items(in: .all).map(\.id) == [1, 3, 4])
    }

    /// A predicted write whose prediction was wrong rolls back and is made the usual way: the
    /// same result, history and rows as without the prediction, and no entry lost or doubled.
    @Test(arguments: PredictionMiss.allCases)
    func aWrongPredictionIsRolledBackAndTheChangeMadeAsUsual(_ miss: PredictionMiss) throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent", "Stove", "Map"), to: ListName.defaultList)
        _ = try store.check(.ids(IDSet(ids: [1])))
        if miss == .singleChoice { try store.setMode(.single, ofList: ListName.defaultList) }
        let (again, connection) = try reopened(store)
        let entries = try store.history().count
        let newest = try store.history().first?.description
        let selection: ItemSelection =
            switch miss {
            case .alreadyChecked: .ids(IDSet(ids: [1, 2]))
            case .missing: .ids(IDSet(ids: [2, 9]))
            case .singleChoice: .ids(IDSet(ids: [2]))
            }
        let result = try again.check(selection, ignoringMissing: miss == .missing)
        #expect(result.counts.changed == 1)
        #expect(connection.roundTrips > 1 + 1, "the prediction failed, then the usual way")
        let checked = try again.items(in: .all, filter: .checked).map(\.id)
        #expect(checked == (miss == .singleChoice ? [2] : [1, 2]))
        let history = try again.history()
        #expect(history.count == entries + 1)
        #expect(history.first?.id == (history.dropFirst().first?.id ?? 0) + 1)
        #expect(history.first?.description.hasPrefix("checked 1 item") == true)
        #expect(history.dropFirst().first?.description == newest, "the entry before kept its words")
        // A prediction failed on this connection: its next write is made the usual way.
        let trips = connection.roundTrips
        _ = try again.toggle(.ids(IDSet(ids: [3])))
        #expect(connection.roundTrips - trips >= 4, "\(connection.roundTrips - trips)")
    }

    enum PredictionMiss: CaseIterable {
        /// An item named was checked already: fewer changed than named.
        case alreadyChecked
        /// An ID named is not there (`--ignore-missing`).
        case missing
        /// The list is single choice: checking one unchecks the other.
        case singleChoice
    }

    /// A missing ID without `--ignore-missing` is refused as without the prediction.
    @Test func aPredictedWriteOfAMissingIDChangesNothing() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent"), to: ListName.defaultList)
        let (again, connection) = try reopened(store)
        #expect(throws: ChecklistError.itemsNotFound(IDSet(ids: [7]))) {
            try again.check(.ids(IDSet(ids: [1, 7])))
        }
        // Predicted and rolled back (2), its ROLLBACK sent with the usual way's first
        // statements, which then asked for the missing IDs.
        #expect(connection.roundTrips > 1 + 1, "\(connection.roundTrips)")
        #expect(try again.items(in: .all, filter: .checked).isEmpty)
        #expect(try again.history().count == 1)
    }

    @Test func anAddToAListWaitsForTheServerAsOftenAsItNeedsAnAnswer() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent"), to: ListName.defaultList)
        let (again, connection) = try reopened(store)
        let added = try again.add(titles("Stove", "Map"), to: ListName.defaultList)
        #expect(added == [2, 3])
        // Open 1; then the lock with the journal's entry, the list's ID, the counter and the
        // list's last position; the list's record and time, the insert, the journal's record
        // of the range and its end go with COMMIT.
        #expect(connection.roundTrips == 1 + 4)
        #expect(try again.history().first?.description.hasPrefix("added 2 items") == true)
    }

    @Test func aChangeThatChangesNothingLeavesNoEntryNoRevisionAndNoNotification() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent"), to: ListName.defaultList)
        let (watcher, _) = try reopened(store)
        let version = try watcher.dataVersion()
        guard case .server(let server) = store.kind else { throw CancellationError() }
        let before = try server.connection.query(
            "SELECT last_change_id, revision, (SELECT count(*) FROM checklist.changes) FROM checklist.state"
        )
        let unchanged = try store.uncheck(.ids(IDSet(ids: [1])))
        #expect(unchanged.counts.changed == 0)
        #expect(
            try server.connection.query(
                "SELECT last_change_id, revision, (SELECT count(*) FROM checklist.changes) FROM checklist.state"
            )
                == before)
        usleep(100_000)
        guard case .server(let watching) = watcher.kind else { throw CancellationError() }
        #expect(try watching.connection.takeNotifications() == 0)
        #expect(try watcher.dataVersion() == version)
        // A change that changed something is told.
        _ = try store.check(.ids(IDSet(ids: [1])))
        usleep(100_000)
        #expect(try watcher.dataVersion() != version)
    }

    /// The single-choice answer read with the journal's entry holds until the change writes a
    /// list: a list made single choice within the change is seen.
    @Test func aListMadeSingleChoiceWithinAChangeIsSeenByItsRule() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Big", "Small"), to: ListName("tent"))
        try store.check(.ids(IDSet(ids: [1, 2])))
        guard case .server(let server) = store.kind else { throw CancellationError() }
        let connection = server.connection
        let writes = connection.listWrites
        _ = try server.write { connection in
            let change = try PostgreSQLChange(connection, author: "postgres")
            #expect(try change.hasSingleChoiceLists() == false)
            let list = try #require(try change.reads.listID(named: ListName("tent")))
            _ = try connection.query(
                "UPDATE checklist.lists SET mode = 'single' WHERE id = $1", [String(list)])
            #expect(try change.hasSingleChoiceLists() == true)
        }
        #expect(connection.listWrites == writes + 1)
    }

    /// The guard failed, and the look that names what it found finds nothing (the owners or
    /// grants changed between the two): one line a person can act on, never the guard's cast.
    @Test func aGuardThatFailedOnASchemaTrustedAgainIsSaidInWords() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent"), to: ListName.defaultList)
        guard case .server(let server) = store.kind else { throw CancellationError() }
        #expect {
            try PostgreSQLSchema.refuseUntrusted(server.connection)
        } throws: {
            "\($0)".contains("owners or grants changed while this command looked")
                && !"\($0)".contains("integer")
        }
    }

    @Test func theGuardedTablesAreTheSchemasTables() throws {
        let store = try TestServer.freshStore()
        _ = try store.add(titles("Tent"), to: ListName.defaultList)
        guard case .server(let server) = store.kind else { throw CancellationError() }
        let tables = try server.connection.query(
            """
            SELECT relname::text FROM pg_catalog.pg_class
            WHERE relnamespace = 'checklist'::pg_catalog.regnamespace AND relkind = 'r'
            """
        ).compactMap { $0[0] }
        #expect(Set(tables) == Set(PostgreSQLSchema.tables))
        #expect(PostgreSQLSchema.tables.count == tables.count)
    }
}
