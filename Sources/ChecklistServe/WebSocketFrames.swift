import Foundation

/// The little of RFC 6455 the live updates need: the handshake's accept key, the server's
/// unmasked text and close frames, and reading a page's frames with a ceiling. The page sends
/// nothing on its socket but a close (or a ping, answered): a frame claiming more than
/// `payloadLimit` bytes closes the socket with 1009 before any of its payload is kept.
public enum WebSocketFrames {
    public static let payloadLimit = 512

    /// `Sec-WebSocket-Accept` for a client's `Sec-WebSocket-Key`.
    public static func acceptKey(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
            .base64EncodedString()
    }

    public static func text(_ text: String) -> [UInt8] {
        frame(opcode: 0x1, payload: Array(text.utf8))
    }

    public static func close(_ code: UInt16) -> [UInt8] {
        frame(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])
    }

    public static func pong(_ payload: [UInt8]) -> [UInt8] {
        frame(opcode: 0xA, payload: payload)
    }

    /// A ping without payload: a browser answers it by itself.
    public static func ping() -> [UInt8] {
        frame(opcode: 0x9, payload: [])
    }

    static func frame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0x80 | opcode]
        let count = payload.count
        if count <= 125 {
            bytes.append(UInt8(count))
        } else if count <= 0xFFFF {
            bytes += [126, UInt8(count >> 8), UInt8(count & 0xFF)]
        } else {
            bytes.append(127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8((count >> shift) & 0xFF))
            }
        }
        return bytes + payload
    }

    /// What the start of a page's bytes holds.
    public enum Reading: Equatable, Sendable {
        case incomplete
        /// A whole frame (its payload unmasked) and how many bytes it took.
        case frame(opcode: UInt8, payload: [UInt8], length: Int)
        /// The socket must close with this code (1009: too big; 1002: not masked).
        case refused(UInt16)
    }

    public static func read(_ bytes: ArraySlice<UInt8>) -> Reading {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return .incomplete }
        let opcode = bytes[start] & 0x0F
        // RFC 6455, 5.2 and 5.5: no extension was agreed, so a reserved bit fails the
        // connection, as a reserved opcode does; a control frame (close, ping, pong) is never
        // fragmented and carries at most 125 bytes. Decided from the first two bytes.
        let isControl = opcode & 0x08 != 0
        guard bytes[start] & 0x70 == 0, [0x0, 0x1, 0x2, 0x8, 0x9, 0xA].contains(opcode),
            !isControl || (bytes[start] & 0x80 != 0 && bytes[start + 1] & 0x7F <= 125)
        else { return .refused(1002) }
        let masked = bytes[start + 1] & 0x80 != 0
        var length = UInt64(bytes[start + 1] & 0x7F)
        var offset = 2
        if length == 126 || length == 127 {
            let size = length == 126 ? 2 : 8
            guard bytes.count >= offset + size else { return .incomplete }
            length = 0
            for index in 0..<size { length = length << 8 | UInt64(bytes[start + offset + index]) }
            offset += size
        }
        // Decided before any payload is kept: a claim of gigabytes costs nothing.
        guard length <= UInt64(payloadLimit) else { return .refused(1009) }
        guard masked else { return .refused(1002) }
        guard bytes.count >= offset + 4 + Int(length) else { return .incomplete }
        let mask = Array(bytes[(start + offset)..<(start + offset + 4)])
        offset += 4
        var payload = Array(bytes[(start + offset)..<(start + offset + Int(length))])
        for index in payload.indices { payload[index] ^= mask[index % 4] }
        return .frame(opcode: opcode, payload: payload, length: offset + Int(length))
    }
}

/// SHA-1, for the web-socket handshake only (RFC 3174).
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var bytes = message
        let bitLength = UInt64(message.count) * 8
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            bytes.append(UInt8((bitLength >> UInt64(shift)) & 0xFF))
        }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: bytes.count, by: 64) {
            for i in 0..<16 {
                w[i] = (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[chunk + i * 4 + $1]) }
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    switch i {
                    case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                    case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                    case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                    default: (b ^ c ^ d, 0xCA62_C1D6)
                    }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, temp)
            }
            h[0] &+= a; h[1] &+= b; h[2] &+= c; h[3] &+= d; h[4] &+= e
        }
        return h.flatMap { word in (0..<4).map { UInt8((word >> (24 - 8 * UInt32($0))) & 0xFF) } }
    }
}
