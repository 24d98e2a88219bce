import ChecklistServe

#if canImport(Glibc)
    import Glibc
#endif

/// The server's thread takes what other threads posted, and new connections (making room
/// at the cap).
extension SocketServer {
    func takeInbox(_ now: Double) {
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

    func acceptConnections(_ now: Double) {
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
    func oldest() -> Connection? {
        var oldest: Connection?
        for connection in connections.values {
            if oldest.map({ connection.evictionOrder < $0.evictionOrder }) ?? true {
                oldest = connection
            }
        }
        return oldest
    }
}
