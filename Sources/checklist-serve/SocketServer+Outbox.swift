import ChecklistServe
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

extension SocketServer {
    /// What other threads send the server's connections: answers, upgrades, pushes and
    /// closes, posted from any thread and taken by the server's thread, which a byte on the
    /// wake pipe wakes.
    final class Outbox: Sendable {
        enum Message: Sendable {
            /// An answer's head and body (kept apart: a body shared with the page's assets is
            /// not copied for each connection).
            case response(head: [UInt8], body: [UInt8], closes: Bool)
            case upgrade([UInt8])
            case push([UInt8])
            case closeWebSocket(code: UInt16)
        }

        /// The write end of the wake pipe: a byte written there (from a signal handler too, as
        /// write(2) may be called there) ends the wait of the server's loop at once.
        let wakeWriter: Int32
        private let messages = Mutex<[(ConnectionID, Message)]>([])

        init(wakeWriter: Int32) {
            self.wakeWriter = wakeWriter
        }

        /// Answers the connection's request (a HEAD request gets the head alone).
        func respond(_ id: ConnectionID, _ response: PageResponse, closes: Bool = false) {
            post(
                id,
                .response(
                    head: SocketServer.head(of: response, closes: closes), body: response.body,
                    closes: closes))
        }

        /// Accepts the connection's web-socket upgrade: it then receives `push`es.
        func upgrade(_ id: ConnectionID, key: String) {
            let head =
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(WebSocketFrames.acceptKey(for: key))\r\n"
                + "X-Content-Type-Options: nosniff\r\n\r\n"
            post(id, .upgrade(Array(head.utf8)))
        }

        /// Sends a text frame to a web socket; a socket that reads slowly gets only the newest.
        func push(_ id: ConnectionID, _ text: String) {
            post(id, .push(WebSocketFrames.text(text)))
        }

        /// Closes a web socket: 1008, its link was replaced; 1013, its link has too many open
        /// (the page tries again later).
        func closeWebSocket(_ id: ConnectionID, code: UInt16 = 1008) {
            post(id, .closeWebSocket(code: code))
        }

        /// What was posted since the last take, in order (on the server's thread).
        func take() -> [(ConnectionID, Message)] {
            messages.withLock { posted in
                defer { posted.removeAll() }
                return posted
            }
        }

        private func post(_ id: ConnectionID, _ message: Message) {
            messages.withLock { $0.append((id, message)) }
            var byte: UInt8 = 1
            _ = write(wakeWriter, &byte, 1)
        }
    }
}
