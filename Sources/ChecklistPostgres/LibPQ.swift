import ChecklistModel
import Glibc
import Synchronization

/// PostgreSQL's client library, libpq, opened with `dlopen` the first time a PostgreSQL URI is
/// used: a SQLite command loads nothing more, and a machine without libpq runs every SQLite
/// command. The one place that sees libpq's C pointers; the rest of the code sees
/// `PostgreSQLConnection`. (Linked at build time instead, libpq and its 25 libraries, TLS,
/// Kerberos and LDAP among them, cost every command about 10 M instructions at start.)
package struct LibPQ: @unchecked Sendable {
    typealias Connection = OpaquePointer
    typealias Result = OpaquePointer

    typealias Text = UnsafePointer<CChar>
    typealias NoticeProcessor = @convention(c) (UnsafeMutableRawPointer?, Text?) -> Void

    /// `PQconnectStartParams(keywords, values, expand_dbname)`: NULL-terminated arrays; with
    /// `expand_dbname` 1 the `dbname` value may be a URI, whose settings override the
    /// keywords before it and are overridden by those after it. It returns at once; the
    /// connection is made by calling `PQconnectPoll` as its socket (`PQsocket`) is ready.
    /// (`PQconnectdbParams` would make it before the program can set its notice processor,
    /// and a server's WARNING met while connecting would reach stderr in libpq's words.)
    let connectStartParams:
        @convention(c) (UnsafePointer<Text?>, UnsafePointer<Text?>, Int32) -> Connection?
    let connectPoll: @convention(c) (Connection?) -> Int32
    let socket: @convention(c) (Connection?) -> Int32
    let status: @convention(c) (Connection?) -> Int32
    let errorMessage: @convention(c) (Connection?) -> Text?
    let finish: @convention(c) (Connection?) -> Void
    /// `PQexecParams(conn, command, nParams, paramTypes, paramValues, paramLengths,
    /// paramFormats, resultFormat)`.
    let execParams:
        @convention(c) (
            Connection?, Text, Int32, UnsafePointer<UInt32>?, UnsafePointer<Text?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> Result?
    /// `PQexec`: a script of several statements, without parameters (a migration).
    let exec: @convention(c) (Connection?, Text) -> Result?
    let resultStatus: @convention(c) (Result?) -> Int32
    /// `PQcmdTuples`: how many rows an INSERT, UPDATE or DELETE changed, as text.
    let cmdTuples: @convention(c) (Result?) -> Text?
    let resultErrorField: @convention(c) (Result?, Int32) -> Text?
    let resultErrorMessage: @convention(c) (Result?) -> Text?
    let ntuples: @convention(c) (Result?) -> Int32
    let nfields: @convention(c) (Result?) -> Int32
    let getvalue: @convention(c) (Result?, Int32, Int32) -> Text?
    let getlength: @convention(c) (Result?, Int32, Int32) -> Int32
    let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32
    let clear: @convention(c) (Result?) -> Void
    let host: @convention(c) (Connection?) -> Text?
    let port: @convention(c) (Connection?) -> Text?
    let setNoticeProcessor:
        @convention(c) (Connection?, NoticeProcessor?, UnsafeMutableRawPointer?) ->
            UnsafeMutableRawPointer?
    /// For `LISTEN`: `PQconsumeInput` reads what the server sent without waiting, `PQnotifies`
    /// takes one notification (freed with `PQfreemem`); `PQreset` reconnects.
    let consumeInput: @convention(c) (Connection?) -> Int32
    let notifies: @convention(c) (Connection?) -> UnsafeMutableRawPointer?
    let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let reset: @convention(c) (Connection?) -> Void
    /// `PQconninfo` (an array of `PQconninfoOption`, ended by a NULL keyword) and
    /// `PQconninfoFree`: the settings a connection was made with.
    let conninfo: @convention(c) (Connection?) -> UnsafeMutableRawPointer?
    let conninfoFree: @convention(c) (UnsafeMutableRawPointer?) -> Void
    /// Pipeline mode (libpq 14 and later; nil before): several statements sent before their
    /// results are read, in one round trip.
    let pipeline: Pipeline?
    /// What waiting with a deadline needs (nil: a libpq without them, which waits as it does).
    let waiting: Waiting?

    /// libpq's calls that never block once `setNonblocking` is on: a statement is sent with
    /// `sendQueryParams` (or `sendQuery`, a script) and `flush` (1: bytes are left to send),
    /// and its results are read with `getResult` once `isBusy` is 0, `consumeInput` reading
    /// what the socket holds; the program waits for the socket itself, with `poll`, up to its
    /// deadline (`PostgreSQLConnection.deadline`).
    struct Waiting {
        let setNonblocking: @convention(c) (Connection?, Int32) -> Int32
        let flush: @convention(c) (Connection?) -> Int32
        let isBusy: @convention(c) (Connection?) -> Int32
        let sendQuery: @convention(c) (Connection?, Text) -> Int32
        let sendQueryParams:
            @convention(c) (
                Connection?, Text, Int32, UnsafePointer<UInt32>?, UnsafePointer<Text?>?,
                UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
            ) -> Int32
        let getResult: @convention(c) (Connection?) -> Result?
    }

    struct Pipeline {
        /// `PQenterPipelineMode`, `PQexitPipelineMode`, `PQpipelineSync`: 1 on success.
        let enter: @convention(c) (Connection?) -> Int32
        let exit: @convention(c) (Connection?) -> Int32
        let sync: @convention(c) (Connection?) -> Int32
        /// `PQsendQueryParams`, with `PQexecParams`'s arguments: 1 when queued.
        let sendQueryParams:
            @convention(c) (
                Connection?, Text, Int32, UnsafePointer<UInt32>?, UnsafePointer<Text?>?,
                UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
            ) -> Int32
        /// `PQgetResult`: the next result, nil at the end of one statement's results.
        let getResult: @convention(c) (Connection?) -> Result?
        /// `PQsetSingleRowMode`: the query just sent returns its rows one result at a time.
        let setSingleRowMode: @convention(c) (Connection?) -> Int32
    }

    /// `CONNECTION_BAD`; `PQconnectPoll`'s `PGRES_POLLING_FAILED`, `_READING`, `_WRITING`, `_OK`.
    static let connectionBad: Int32 = 1
    static let pollingFailed: Int32 = 0
    static let pollingReading: Int32 = 1
    static let pollingWriting: Int32 = 2
    static let pollingOK: Int32 = 3

    /// `CONNECTION_OK`, `PGRES_COMMAND_OK`, `PGRES_TUPLES_OK`, `PG_DIAG_SQLSTATE`.
    static let connectionOK: Int32 = 0
    static let commandOK: Int32 = 1
    static let tuplesOK: Int32 = 2
    static let sqlState = Int32(UInt8(ascii: "C"))
    /// `PGRES_PIPELINE_SYNC`: the result that ends a pipeline's batch.
    static let pipelineSync: Int32 = 10
    /// `PGRES_SINGLE_TUPLE`: one row of a query in single-row mode.
    static let singleTuple: Int32 = 9

    /// The library every process shares, loaded on first use; nil when it is not installed.
    static let shared: LibPQ? = LibPQ(named: "libpq.so.5")

    /// Loads `shared` on a thread of its own, so that its 11 M instructions of relocations
    /// (libpq and its TLS, Kerberos and LDAP libraries) run beside the caller's own work;
    /// `loaded` then waits for it, if it has not finished.
    package static func loadInBackground() {
        let load: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _ in
            _ = LibPQ.shared
            return nil
        }
        var thread = pthread_t()
        guard pthread_create(&thread, nil, load, nil) == 0 else { return }
        if loader.exchange(thread, ordering: .acquiringAndReleasing) != 0 {
            preconditionFailure("libpq is loaded in the background once")
        }
    }

    /// `shared`, after joining the thread `loadInBackground` started. Joined, not left to
    /// `shared`'s lazy initialization to wait for: the Swift runtime waits there on a
    /// priority-inheriting futex, and the kernel spins on it while the loader runs, so the
    /// waiting thread burned a core and every `mprotect` of the loader's relocations cost an
    /// interprocessor TLB flush (`perf record` of `checklist sync`: about 9% of its cycles).
    static var loaded: LibPQ? {
        let thread = loader.exchange(0, ordering: .acquiringAndReleasing)
        if thread != 0 { pthread_join(thread, nil) }
        return shared
    }

    /// The thread `loadInBackground` started, until `loaded` joins it (0: none).
    private static let loader = Atomic<pthread_t>(0)

    /// Opens the library `name` and looks its functions up once; nil when it cannot be
    /// opened or lacks one of them.
    init?(named name: String) {
        // Lazily bound, as a program linked with libpq is (psql): the libraries Debian builds
        // with BIND_NOW (libpq, TLS) are bound at once all the same; Kerberos's are bound as
        // called. RTLD_NOW bound every one of them, about 2 M instructions a command (callgrind).
        guard let handle = dlopen(name, RTLD_LAZY | RTLD_LOCAL) else { return nil }
        func load<T>(_ symbol: String) -> T? {
            dlsym(handle, symbol).map { unsafeBitCast($0, to: T.self) }
        }
        guard
            let connectStartParams:
                @convention(c) (UnsafePointer<Text?>, UnsafePointer<Text?>, Int32) -> Connection? =
                load("PQconnectStartParams"),
            let connectPoll: @convention(c) (Connection?) -> Int32 = load("PQconnectPoll"),
            let socket: @convention(c) (Connection?) -> Int32 = load("PQsocket"),
            let status: @convention(c) (Connection?) -> Int32 = load("PQstatus"),
            let errorMessage: @convention(c) (Connection?) -> Text? = load("PQerrorMessage"),
            let finish: @convention(c) (Connection?) -> Void = load("PQfinish"),
            let execParams:
                @convention(c) (
                    Connection?, Text, Int32, UnsafePointer<UInt32>?, UnsafePointer<Text?>?,
                    UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
                ) -> Result? = load("PQexecParams"),
            let exec: @convention(c) (Connection?, Text) -> Result? = load("PQexec"),
            let resultStatus: @convention(c) (Result?) -> Int32 = load("PQresultStatus"),
            let cmdTuples: @convention(c) (Result?) -> Text? = load("PQcmdTuples"),
            let resultErrorField: @convention(c) (Result?, Int32) -> Text? = load(
                "PQresultErrorField"),
            let resultErrorMessage: @convention(c) (Result?) -> Text? = load(
                "PQresultErrorMessage"),
            let ntuples: @convention(c) (Result?) -> Int32 = load("PQntuples"),
            let nfields: @convention(c) (Result?) -> Int32 = load("PQnfields"),
            let getvalue: @convention(c) (Result?, Int32, Int32) -> Text? = load("PQgetvalue"),
            let getlength: @convention(c) (Result?, Int32, Int32) -> Int32 = load("PQgetlength"),
            let getisnull: @convention(c) (Result?, Int32, Int32) -> Int32 = load("PQgetisnull"),
            let clear: @convention(c) (Result?) -> Void = load("PQclear"),
            let host: @convention(c) (Connection?) -> Text? = load("PQhost"),
            let port: @convention(c) (Connection?) -> Text? = load("PQport"),
            let setNoticeProcessor:
                @convention(c) (Connection?, NoticeProcessor?, UnsafeMutableRawPointer?) ->
                    UnsafeMutableRawPointer? = load("PQsetNoticeProcessor"),
            let consumeInput: @convention(c) (Connection?) -> Int32 = load("PQconsumeInput"),
            let notifies: @convention(c) (Connection?) -> UnsafeMutableRawPointer? = load(
                "PQnotifies"),
            let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void = load("PQfreemem"),
            let reset: @convention(c) (Connection?) -> Void = load("PQreset"),
            let conninfo: @convention(c) (Connection?) -> UnsafeMutableRawPointer? = load(
                "PQconninfo"),
            let conninfoFree: @convention(c) (UnsafeMutableRawPointer?) -> Void = load(
                "PQconninfoFree")
        else {
            dlclose(handle)
            return nil
        }
        (self.connectStartParams, self.connectPoll, self.socket) = (
            connectStartParams, connectPoll, socket
        )
        (self.status, self.errorMessage, self.finish) = (status, errorMessage, finish)
        (self.execParams, self.exec, self.resultStatus) = (execParams, exec, resultStatus)
        self.cmdTuples = cmdTuples
        (self.resultErrorField, self.resultErrorMessage) = (resultErrorField, resultErrorMessage)
        (self.ntuples, self.nfields, self.getvalue) = (ntuples, nfields, getvalue)
        (self.getlength, self.getisnull, self.clear) = (getlength, getisnull, clear)
        (self.host, self.port, self.setNoticeProcessor) = (host, port, setNoticeProcessor)
        (self.consumeInput, self.notifies) = (consumeInput, notifies)
        (self.freemem, self.reset) = (freemem, reset)
        (self.conninfo, self.conninfoFree) = (conninfo, conninfoFree)
        if let enter: @convention(c) (Connection?) -> Int32 = load("PQenterPipelineMode"),
            let exit: @convention(c) (Connection?) -> Int32 = load("PQexitPipelineMode"),
            let sync: @convention(c) (Connection?) -> Int32 = load("PQpipelineSync"),
            let sendQueryParams:
                @convention(c) (
                    Connection?, Text, Int32, UnsafePointer<UInt32>?, UnsafePointer<Text?>?,
                    UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
                ) -> Int32 = load("PQsendQueryParams"),
            let getResult: @convention(c) (Connection?) -> Result? = load("PQgetResult"),
            let setSingleRowMode: @convention(c) (Connection?) -> Int32 = load(
                "PQsetSingleRowMode")
        {
            pipeline = Pipeline(
                enter: enter, exit: exit, sync: sync, sendQueryParams: sendQueryParams,
                getResult: getResult, setSingleRowMode: setSingleRowMode)
        } else {
            pipeline = nil
        }
        if let setNonblocking: @convention(c) (Connection?, Int32) -> Int32 = load(
            "PQsetnonblocking"),
            let flush: @convention(c) (Connection?) -> Int32 = load("PQflush"),
            let isBusy: @convention(c) (Connection?) -> Int32 = load("PQisBusy"),
            let sendQuery: @convention(c) (Connection?, Text) -> Int32 = load("PQsendQuery"),
            let sendQueryParams:
                @convention(c) (
                    Connection?, Text, Int32, UnsafePointer<UInt32>?, UnsafePointer<Text?>?,
                    UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
                ) -> Int32 = load("PQsendQueryParams"),
            let getResult: @convention(c) (Connection?) -> Result? = load("PQgetResult")
        {
            waiting = Waiting(
                setNonblocking: setNonblocking, flush: flush, isBusy: isBusy,
                sendQuery: sendQuery, sendQueryParams: sendQueryParams, getResult: getResult)
        } else {
            waiting = nil
        }
    }

    /// Whether one of libpq's environment variables (`PGCONNECT_TIMEOUT`…) is set.
    static func environmentHas(_ name: String) -> Bool {
        getenv(name) != nil
    }

    /// The value of one setting of `connection` (`PQconninfo`), nil when unset.
    func conninfoValue(_ connection: Connection, _ keyword: String) -> String? {
        guard let options = conninfo(connection) else { return nil }
        defer { conninfoFree(options) }
        // struct PQconninfoOption { char *keyword, *envvar, *compiled, *val, *label,
        // *dispchar; int dispsize; }: six pointers and an int, padded to 56 bytes.
        let stride = 6 * MemoryLayout<UnsafeRawPointer>.stride + 8
        var entry = options
        while let name = entry.load(as: UnsafePointer<CChar>?.self) {
            if String(cString: name) == keyword {
                let value = entry.load(
                    fromByteOffset: 3 * MemoryLayout<UnsafeRawPointer>.stride,
                    as: UnsafePointer<CChar>?.self)
                return value.map { String(cString: $0) }
            }
            entry += stride
        }
        return nil
    }

    /// Starts a connection with `settings` (keyword, value) around the URI: those in
    /// `defaults` give way to the URI's own and the `PG*` variables', those in `overrides` win
    /// over them. `prepare` runs on the new connection before a byte is read from the server
    /// (the notice processor); then the connection is made, as `PQconnectdbParams` would,
    /// waiting for its socket with `poll` and giving up after `connect_timeout` seconds
    /// (libpq's rule: under 2 means 2, 0 or none means no limit) for each host tried.
    /// Returns nil only when libpq could not allocate one; check `status` for the outcome
    /// (`timedOut`: the connection failed because `connect_timeout` passed).
    func connect(
        uri: String, defaults: [(String, String)], overrides: [(String, String)],
        prepare: (Connection) -> Void
    ) -> (connection: Connection, timedOut: Bool)? {
        let pairs = defaults + [("dbname", uri)] + overrides
        let keywords = pairs.map { strdup($0.0) }
        let values = pairs.map { strdup($0.1) }
        defer {
            keywords.forEach { free($0) }
            values.forEach { free($0) }
        }
        let keywordArray = keywords.map { UnsafePointer($0) } + [nil]
        let valueArray = values.map { UnsafePointer($0) } + [nil]
        guard let connection = connectStartParams(keywordArray, valueArray, 1) else { return nil }
        prepare(connection)
        guard status(connection) != Self.connectionBad else { return (connection, false) }
        let timeout =
            conninfoValue(connection, "connect_timeout").flatMap { Int($0) }
            .map { $0 <= 0 ? 0 : max($0, 2) } ?? 0
        var attempt = target(connection)
        var deadline = timeout > 0 ? Self.now() + Double(timeout) : nil
        // As the documentation says: act as if `PQconnectPoll` had said "writing".
        var polling = Self.pollingWriting
        while polling == Self.pollingReading || polling == Self.pollingWriting {
            let events = Int16(polling == Self.pollingReading ? POLLIN : POLLOUT)
            var descriptor = pollfd(fd: socket(connection), events: events, revents: 0)
            let wait = deadline.map { Int32(max(0, ($0 - Self.now()) * 1000).rounded(.up)) } ?? -1
            let ready = poll(&descriptor, 1, wait)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                // Time is up for this host: libpq itself would try the next; here the
                // connection fails, as it does with one host.
                return (connection, true)
            }
            polling = connectPoll(connection)
            let now = target(connection)
            if now != attempt {
                attempt = now
                deadline = timeout > 0 ? Self.now() + Double(timeout) : nil
            }
        }
        return (connection, false)
    }

    /// The host and port a connection being made is trying now.
    private func target(_ connection: Connection) -> String {
        (host(connection).map { String(cString: $0) } ?? "") + ":"
            + (port(connection).map { String(cString: $0) } ?? "")
    }

    /// Waits until `socket` can be read (or, `writing`, written) for up to `seconds`; false
    /// when the time passed first.
    static func wait(for socket: Int32, writing: Bool, seconds: Double) -> Bool {
        let deadline = now() + seconds
        var descriptor = pollfd(
            fd: socket, events: Int16(POLLIN | (writing ? POLLOUT : 0)), revents: 0)
        while true {
            let left = deadline - now()
            guard left > 0 else { return false }
            let ready = poll(&descriptor, 1, Int32((left * 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            return ready != 0
        }
    }

    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension LibPQ {
    /// An environment variable's value, nil when unset or empty (the engine's settings, such as
    /// `CHECKLIST_SERVER_TIMEOUT`; libpq reads its own `PG*` variables itself).
    static func environment(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
