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
///   whatever it is doing (one that is closing first, then one the client holds up, then one
///   whose answer is in the works, a web socket last). An `accept` that
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

    var connections: [Int32: Connection] = [:]
    var byID: [ConnectionID: Int32] = [:]
    var nextID: ConnectionID = 1
    var acceptPausedUntil = 0.0
    let wakeReader: Int32
    /// How other threads answer: what they post there, the server's thread takes.
    let outbox: Outbox
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    final class Connection {
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

        /// The order in which connections make room at the cap, the oldest first within each
        /// rank: closing ones; those the client holds up (a head or body not yet whole, an
        /// answer not yet read); those whose answer is in the works (the handler's time is
        /// bounded, and a burst of new connections must not close a request already read);
        /// web sockets last.
        var evictionOrder: (Int, Double) {
            switch state {
            case .draining: (0, openedAt)
            case .busy where !hasOutput: (2, openedAt)
            case .webSocket: (3, openedAt)
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

    func flush(_ connection: Connection, _ now: Double) {
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

    func close(_ connection: Connection) {
        guard connections[connection.fd] === connection else { return }
        connections[connection.fd] = nil
        byID[connection.id] = nil
        // Also a connection whose upgrade was accepted but not yet sent: the live updates
        // forget it either way.
        webSocketClosed(connection.id)
        Glibc.close(connection.fd)
    }
}
