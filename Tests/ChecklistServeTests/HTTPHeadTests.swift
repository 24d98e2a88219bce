import Testing

@testable import ChecklistServe

/// The page server's request heads (issue 32): limits answered 414 and 431, framing that is not
/// HTTP/1.1's answered 400, all in one pass over the bytes however they arrive.
@Suite struct HTTPHeadTests {
    private func read(_ text: String) throws(HTTPHead.Refusal) -> HTTPHead? {
        let bytes = Array(text.utf8)
        var scanner = HTTPHead.Scanner()
        guard let end = try scanner.scan(bytes) else { return nil }
        return try HTTPHead.parse(bytes[0..<end])
    }

    private func status(_ text: String) -> Int? {
        do {
            return try read(text) == nil ? nil : 200
        } catch {
            return error.status
        }
    }

    @Test func aRequestIsReadWithItsFieldsAndQuery() throws {
        let head = try #require(
            try read("GET /t/state?list=a%20b&x=1 HTTP/1.1\r\nHost: h:1\r\nX-A:  one \r\n\r\nrest"))
        #expect(head.method == "GET")
        #expect(head.value("host") == "h:1")
        #expect(head.value("x-a") == "one")
        #expect(head.pathAndQuery?.path == "/t/state")
        #expect(head.pathAndQuery?.query.map(\.1) == ["a b", "1"])
        #expect(head.keepsAlive)
        #expect(try read("GET / HTTP/1.1\r\nHost: h\r\n") == nil, "incomplete")
    }

    @Test func linesOverTheirLimitsAre414And431() {
        let long = String(repeating: "a", count: 9000)
        #expect(status("GET /\(long) HTTP/1.1\r\nHost: h\r\n\r\n") == 414)
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\nX: \(long)\r\n\r\n") == 431)
        let many = (0...100).map { "X-\($0): 1\r\n" }.joined()
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\n\(many)\r\n") == 431)
        let large = (0..<4).map { "X-\($0): \(String(repeating: "b", count: 5000))\r\n" }.joined()
        #expect(status("GET / HTTP/1.1\r\nHost: h\r\n\(large)\r\n") == 431)
        // Refused as soon as the limit is passed, before the line ends.
        var scanner = HTTPHead.Scanner()
        #expect(throws: HTTPHead.Refusal.self) {
            try scanner.scan(Array("GET / HTTP/1.1\r\nX: \(long)".utf8))
        }
    }

    @Test func framingThatIsNotHTTP11Is400() {
        let bad = [
            "GET / HTTP/9.9\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nHost: i\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3x\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
            "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n",
            "GET / HTTP/1.1\r\nHost : h\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\u{0}\r\n\r\n",
            "\u{16}\u{3}\u{1}garbage\r\n\r\n",
            "GET  / HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET http://h/ HTTP/1.1\r\nHost: h\r\n\r\n",
        ]
        for text in bad {
            #expect(status(text) == 400, "\(text.debugDescription)")
        }
    }

    /// Bytes arriving one at a time: each call looks at the new bytes only (the scanner keeps its
    /// place), and the head ends where it ends, the body left unread.
    @Test func aHeadSentByteByByteEndsWhereItEnds() throws {
        let fields = (0..<90).map { "X-\($0): \(String(repeating: "v", count: 150))\r\n" }.joined()
        let head = Array("GET / HTTP/1.1\r\nHost: h\r\n\(fields)\r\n".utf8)
        var scanner = HTTPHead.Scanner()
        var received: [UInt8] = []
        var end: Int?
        for byte in head + Array("body".utf8) where end == nil {
            received.append(byte)
            end = try scanner.scan(received)
        }
        #expect(end == head.count)
        #expect(try HTTPHead.parse(received[0..<head.count]).fields.count == 91)
    }

    @Test func webSocketFramesHaveACeiling() {
        #expect(
            WebSocketFrames.acceptKey(for: "dGhlIHNhbXBsZSBub25jZQ==")
                == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        // A masked "hi" from a page; a 1 GiB claim is refused from its 10 header bytes.
        let hi: [UInt8] = [0x81, 0x82, 1, 2, 3, 4, UInt8(ascii: "h") ^ 1, UInt8(ascii: "i") ^ 2]
        #expect(
            WebSocketFrames.read(hi[...]) == .frame(opcode: 1, payload: Array("hi".utf8), length: 8)
        )
        #expect(WebSocketFrames.read(hi[0..<5]) == .incomplete)
        let claim: [UInt8] = [0x82, 0xFF, 0, 0, 0, 0, 0x40, 0, 0, 0]
        #expect(WebSocketFrames.read(claim[...]) == .refused(1009))
        #expect(WebSocketFrames.read([0x81, 0x7E, 0x02, 0x01][...]) == .refused(1009))  // 513 bytes
        // Not masked.
        #expect(WebSocketFrames.read([0x81, 0x02, 0x68, 0x69][...]) == .refused(1002))
        // Issue 48, 6 (RFC 6455): a reserved bit, a reserved opcode, a fragmented control frame
        // or one over 125 bytes fails the connection (1002), from its first two bytes.
        for first: UInt8 in [0xC1, 0xA1, 0x91, 0x83, 0x87, 0x8B, 0x8F, 0x09, 0x08, 0x0A] {
            #expect(WebSocketFrames.read([first, 0x80][...]) == .refused(1002), "\(first)")
        }
        #expect(WebSocketFrames.read([0x89, 0xFE][...]) == .refused(1002), "a ping of 126+")
        #expect(WebSocketFrames.read([0x88, 0xFF][...]) == .refused(1002), "a close of 2^63")
        let ping: [UInt8] = [0x89, 0x80 | 125] + [0, 0, 0, 0] + Array(repeating: 7, count: 125)
        #expect(
            WebSocketFrames.read(ping[...])
                == .frame(opcode: 9, payload: Array(repeating: 7, count: 125), length: 131))
        #expect(WebSocketFrames.text("ok") == [0x81, 0x02, 0x6F, 0x6B])
        #expect(WebSocketFrames.close(1009) == [0x88, 0x02, 0x03, 0xF1])
        #expect(
            WebSocketFrames.text(String(repeating: "a", count: 300)).prefix(4) == [
                0x81, 126, 0x01, 0x2C,
            ])
    }
}
