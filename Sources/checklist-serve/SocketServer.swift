import ChecklistServe
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The page's HTTP/1.1 server over plain sockets: one thread polls the listening socket and
/// every connection (non-blocking), so a client can hold nothing but its own small buffers.
/// - A request's head must be whole within `headTimeout` of its first byte (or of the
///   connection's opening), read with `HTTPHead`'s limits in linear time; a body (at most
///   `PageServer.bodyLimit`) within `headTimeout` too; a kept-alive connection closes after
///   `idleTimeout` without a request.
/// - Connections are capped below the file limit (read again at each accept, so `prlimit` on a
///   running server counts): at the cap, the oldest connection makes room for the new one,
///   whatever it is doing (one that is closing first, a web socket last). An `accept` that
///   fails for want of files (EMFILE and the rest) closes that oldest connection and tries
///   again; nothing a client does ends the server, and the newest client is the last to go.
/// - A connection with output unsent is not read (back-pressure): it holds at most one answer
///   (whose body it shares with the page's assets), or a web socket's newest state, one pong
///   and one ping. Its deadline runs from the last bytes the client sent, so answers to
///   requests it pipelined do not renew it.
/// - A web socket silent for `pingAfter` is pinged, and closed when still silent `pingAfter`
///   later (a browser answers a ping by itself).
/// - The handler runs elsewhere and answers through the `outbox`, from any thread.
///
/// Everything but the outbox belongs to the thread that calls `run`.
final class SocketServer {
    typealias ConnectionID = UInt64

    struct Request: Sendable {
        var head: HTTPHead
        var body: [UInt8]
        /// Content-Length was over the limit: the body was not read, and the connection closes.
        var isOversized: Bool
    }

    static let headTimeout = 10.0
    static let idleTimeout = 60.0
    /// How long a web socket may be silent before it is pinged, and then before it is closed.
    let pingAfter: Double
    /// Files kept for everything else (the database, its journal, the wake pipe, libpq).
    static let reservedFiles = 64

    let listener: Int32
    /// Called on the server's thread for each whole request: it must not block.
    var handle: (ConnectionID, Request) -> Void = { _, _ in }
    /// Called on the server's thread when a web socket closes.
    var webSocketClosed: (ConnectionID) -> Void = { _ in }

    private var connections: [Int32: Connection] = [:]
    private var byID: [ConnectionID: Int32] = [:]
    private var nextID: ConnectionID = 1
    private var acceptPausedUntil = 0.0
    private let wakeReader: Int32
    /// How other threads answer: what they post there, the server's thread takes.
    let outbox: Outbox
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    private final class Connection {
        enum State {
            case head
            case body(HTTPHead, length: Int)
            case busy
            case webSocket
            /// Answered and closing: what the client still sends is read and dropped, so that
            /// closing does not reset the connection before the answer is read.
            case draining
        }
        let fd: Int32
        let id: ConnectionID
        var state = State.head
        var input: [UInt8] = []
        var scanner = HTTPHead.Scanner()
        var current: HTTPHead?
        /// What is still to be sent, in pieces (an answer's body is shared, not copied).
        var output: [[UInt8]] = []
        /// How much of the first piece was sent.
        var written = 0
        var closesAfterWrite = false
        var pendingPush: [UInt8]?
        /// When it was accepted: at the cap, the oldest connection makes room.
        let openedAt: Double
        /// When the client last sent bytes: an answer's deadline runs from there.
        var heardAt: Double
        /// A web socket was pinged and has not been heard from since.
        var pinged = false
        var deadline: Double
        var drained = 0

        init(fd: Int32, id: ConnectionID, now: Double) {
            self.fd = fd
            self.id = id
            openedAt = now
            heardAt = now
            deadline = now + SocketServer.headTimeout
        }

        var hasOutput: Bool { !output.isEmpty }

        var isWebSocket: Bool {
            if case .webSocket = state { return true }
            return false
        }

        /// The order in which connections make room at the cap: closing ones first, web
        /// sockets last, the oldest first within each.
        var evictionOrder: (Int, Double) {
            switch state {
            case .draining: (0, openedAt)
            case .webSocket: (2, openedAt)
            default: (1, openedAt)
            }
        }
    }

    /// Listens on the address (port 0: any free one); throws the system's reason.
    init(host: String, port: UInt16, pingAfter: Double = 30) throws {
        self.pingAfter = pingAfter
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw ServerError("not an IPv4 address")
        }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError(String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 1024) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw ServerError(reason)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        listener = fd
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw ServerError("no pipe") }
        for end in pipeEnds { Self.makeNonBlocking(end) }
        wakeReader = pipeEnds[0]
        outbox = Outbox(wakeWriter: pipeEnds[1])
    }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The port it listens on.
    var port: UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getsockname(listener, $0, &length)
            }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    // MARK: - The server's thread

    /// The write end of the wake pipe: a byte written there (from a signal handler too, as
    /// write(2) may be called there) ends the wait of the server's loop at once.
    var wakeDescriptor: Int32 { outbox.wakeWriter }

    /// Serves until `stop()` is true, looked at after each wait (a wait ends at a byte on the
    /// wake pipe, a signal, or 250 ms).
    func run(until stop: () -> Bool) {
        var descriptors: [pollfd] = []
        while !stop() {
            let now = Self.now()
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0))
            let accepting = now >= acceptPausedUntil
            descriptors.append(
                pollfd(fd: accepting ? listener : -1, events: Int16(POLLIN), revents: 0))
            for connection in connections.values {
                var events: Int16 = 0
                switch connection.state {
                case .head, .body, .webSocket: if !connection.hasOutput { events |= Int16(POLLIN) }
                case .draining: events |= Int16(POLLIN)
                case .busy: break
                }
                if connection.hasOutput { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: connection.fd, events: events, revents: 0))
            }
            _ = poll(&descriptors, nfds_t(descriptors.count), 250)
            let after = Self.now()
            if descriptors[0].revents != 0 { takeInbox(after) }
            if descriptors[1].revents != 0 { acceptConnections(after) }
            for descriptor in descriptors.dropFirst(2) where descriptor.revents != 0 {
                guard let connection = connections[descriptor.fd] else { continue }
                if descriptor.revents & Int16(POLLOUT) != 0 { flush(connection, after) }
                if descriptor.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0,
                    connections[descriptor.fd] === connection
                {
                    read(connection, after)
                }
            }
            for connection in connections.values where connection.deadline <= after {
                if connection.isWebSocket, !connection.pinged {
                    connection.pinged = true
                    connection.deadline = after + pingAfter
                    queue(connection, WebSocketFrames.ping(), after)
                } else {
                    close(connection)
                }
            }
        }
    }

    private func takeInbox(_ now: Double) {
        while Glibc.read(wakeReader, &buffer, buffer.count) > 0 {}
        let messages = outbox.take()
        for (id, message) in messages {
            guard let fd = byID[id], let connection = connections[fd] else { continue }
            switch message {
            case .response(let head, let body, let closes):
                let headOnly = connection.current?.method == "HEAD"
                connection.output = headOnly || body.isEmpty ? [head] : [head, body]
                connection.written = 0
                connection.closesAfterWrite =
                    closes || !(connection.current?.keepsAlive ?? false)
                // For the answer to be read: from the client's last bytes, so that answers to
                // the requests it pipelined give a slow reader no more time.
                connection.deadline = connection.heardAt + Self.idleTimeout
                flush(connection, now)
            case .upgrade(let bytes):
                connection.output = [bytes]
                connection.written = 0
                connection.state = .webSocket
                connection.deadline = now + pingAfter
                flush(connection, now)
                if connections[fd] === connection { readWebSocket(connection, now) }
            case .closeWebSocket(let code):
                guard case .webSocket = connection.state else { continue }
                finishWebSocket(connection, code, now)
            case .push(let frame):
                guard case .webSocket = connection.state else { continue }
                if connection.hasOutput {
                    connection.pendingPush = frame
                } else {
                    queue(connection, frame, now)
                }
            }
        }
    }

    private func acceptConnections(_ now: Double) {
        var limit = rlimit()
        let files =
            getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
            ? Int(clamping: limit.rlim_cur) : 1024
        let cap = max(16, min(files, 100_000) - Self.reservedFiles)
        for _ in 0..<256 {
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else {
                switch errno {
                case EAGAIN, EWOULDBLOCK: return
                case EINTR, ECONNABORTED, EPROTO: continue
                default:
                    // EMFILE, ENFILE, ENOBUFS, ENOMEM: the oldest connection gives its file up;
                    // without one, accepting waits 100 ms.
                    if let oldest = oldest() {
                        close(oldest)
                        continue
                    }
                    acceptPausedUntil = now + 0.1
                    return
                }
            }
            Self.makeNonBlocking(fd)
            var yes: Int32 = 1
            setsockopt(
                fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            // A send buffer of its own size, not one the kernel grows to megabytes: a client
            // that pipelines requests and reads nothing is left with an answer or two unsent,
            // so it stops being read, instead of having each answered into the kernel.
            var sendBuffer: Int32 = 64 * 1024
            setsockopt(
                fd, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size))
            if connections.count >= cap, let oldest = oldest() {
                close(oldest)
            }
            let connection = Connection(fd: fd, id: nextID, now: now)
            nextID += 1
            connections[fd] = connection
            byID[connection.id] = fd
        }
    }

    /// The connection that makes room for a new one: the oldest, a closing one first and a
    /// web socket last (one pass: at the cap, an accept costs the connections' count).
    private func oldest() -> Connection? {
        var oldest: Connection?
        for connection in connections.values {
            if oldest.map({ connection.evictionOrder < $0.evictionOrder }) ?? true {
                oldest = connection
            }
        }
        return oldest
    }

    private func read(_ connection: Connection, _ now: Double) {
        let count = Glibc.read(connection.fd, &buffer, buffer.count)
        if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) {
            close(connection)
            return
        }
        guard count > 0 else { return }
        connection.heardAt = now
        switch connection.state {
        case .draining:
            connection.drained += count
            if connection.drained > 1 << 20 { close(connection) }
            return
        case .head:
            if connection.input.isEmpty { connection.deadline = now + Self.headTimeout }
        case .webSocket:
            connection.pinged = false
            connection.deadline = now + pingAfter
        default: break
        }
        connection.input += buffer[0..<count]
        switch connection.state {
        case .webSocket: readWebSocket(connection, now)
        default: readRequest(connection, now)
        }
    }

    /// Reads what the connection's input holds of its next request, if it is whole.
    private func readRequest(_ connection: Connection, _ now: Double) {
        if case .head = connection.state {
            guard !connection.input.isEmpty else { return }
            let head: HTTPHead
            do {
                guard let end = try connection.scanner.scan(connection.input) else { return }
                head = try HTTPHead.parse(connection.input[0..<end])
                connection.input.removeFirst(end)
                connection.scanner = HTTPHead.Scanner()
            } catch {
                connection.current = nil
                connection.state = .busy
                connection.deadline = now + Self.idleTimeout
                connection.input = []
                outbox.respond(
                    connection.id, .text(error.status, error.message + "\n"), closes: true)
                return
            }
            connection.current = head
            if head.contentLength > PageServer.bodyLimit {
                connection.state = .busy
                connection.deadline = now + Self.idleTimeout
                connection.input = []
                handle(connection.id, Request(head: head, body: [], isOversized: true))
                return
            }
            connection.state = .body(head, length: head.contentLength)
            connection.deadline = now + Self.headTimeout
        }
        guard case .body(let head, let length) = connection.state, connection.input.count >= length
        else { return }
        let body = Array(connection.input.prefix(length))
        connection.input.removeFirst(length)
        connection.state = .busy
        connection.deadline = now + Self.idleTimeout
        handle(connection.id, Request(head: head, body: body, isOversized: false))
    }

    /// The page's frames: a close is answered and closes, a ping is answered, the rest is
    /// dropped; a frame over the limit (or unmasked, or breaking RFC 6455's rules) closes the
    /// socket. The bytes read are dropped once, after the last whole frame (tiny frames at
    /// speed cost each its own bytes, not the buffer's), and the pings of one read get one
    /// pong, the last's (RFC 6455, 5.5.3: a pong answers the most recent ping), so a flood of
    /// pings holds no more output than one.
    private func readWebSocket(_ connection: Connection, _ now: Double) {
        var consumed = 0
        var pong: [UInt8]?
        while true {
            switch WebSocketFrames.read(connection.input[consumed...]) {
            case .incomplete:
                connection.input.removeFirst(consumed)
                if let pong { queue(connection, WebSocketFrames.pong(pong), now) }
                return
            case .refused(let code):
                finishWebSocket(connection, code, now)
                return
            case .frame(let opcode, let payload, let length):
                consumed += length
                switch opcode {
                case 0x8:
                    finishWebSocket(connection, 1000, now)
                    return
                case 0x9:
                    pong = payload
                default: break
                }
            }
        }
    }

    private func queue(_ connection: Connection, _ bytes: [UInt8], _ now: Double) {
        let wasEmpty = !connection.hasOutput
        connection.output.append(bytes)
        if wasEmpty {
            connection.written = 0
            flush(connection, now)
        }
    }

    private func finishWebSocket(_ connection: Connection, _ code: UInt16, _ now: Double) {
        connection.input = []
        connection.pendingPush = nil
        connection.state = .draining
        connection.closesAfterWrite = true
        connection.deadline = now + 2
        webSocketClosed(connection.id)
        queue(connection, WebSocketFrames.close(code), now)
    }

    private func flush(_ connection: Connection, _ now: Double) {
        while let piece = connection.output.first {
            let count = piece[connection.written...].withUnsafeBytes {
                send(connection.fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { return }
                close(connection)
                return
            }
            connection.written += count
            if connection.written == piece.count {
                connection.output.removeFirst()
                connection.written = 0
            }
        }
        switch connection.state {
        case .webSocket:
            if let next = connection.pendingPush {
                connection.pendingPush = nil
                queue(connection, next, now)
            }
        case .busy where connection.closesAfterWrite, .draining:
            // Answered: the rest the client sends is dropped for a moment, then the connection closes.
            shutdown(connection.fd, Int32(SHUT_WR))
            connection.state = .draining
            connection.deadline = min(connection.deadline, now + 2)
        case .busy:
            connection.state = .head
            connection.current = nil
            connection.deadline =
                now + (connection.input.isEmpty ? Self.idleTimeout : Self.headTimeout)
            readRequest(connection, now)
        default: break
        }
    }

    private func close(_ connection: Connection) {
        guard connections[connection.fd] === connection else { return }
        connections[connection.fd] = nil
        byID[connection.id] = nil
        // Also a connection whose upgrade was accepted but not yet sent: the live updates
        // forget it either way.
        webSocketClosed(connection.id)
        Glibc.close(connection.fd)
    }
}
