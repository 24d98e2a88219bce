import ChecklistServe

#if canImport(Glibc)
    import Glibc
#endif

/// The server's thread reads requests and web-socket frames, and queues what answers them.
extension SocketServer {
    func read(_ connection: Connection, _ now: Double) {
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
    func readRequest(_ connection: Connection, _ now: Double) {
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
    func readWebSocket(_ connection: Connection, _ now: Double) {
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

    func queue(_ connection: Connection, _ bytes: [UInt8], _ now: Double) {
        let wasEmpty = !connection.hasOutput
        connection.output.append(bytes)
        if wasEmpty {
            connection.written = 0
            flush(connection, now)
        }
    }

    func finishWebSocket(_ connection: Connection, _ code: UInt16, _ now: Double) {
        connection.input = []
        connection.pendingPush = nil
        connection.state = .draining
        connection.closesAfterWrite = true
        connection.deadline = now + 2
        webSocketClosed(connection.id)
        queue(connection, WebSocketFrames.close(code), now)
    }
}
