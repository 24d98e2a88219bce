/// A key the editor reacts to, decoded from the terminal's bytes.
public enum EditorKey: Hashable, Sendable {
    /// A printable character, space included.
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown
    case tab, backTab
    case enter, escape, backspace, deleteForward
    /// Another control byte (Ctrl-A is 1).
    case control(UInt8)
    /// Text the terminal says was pasted (bracketed paste): text, never keys.
    case paste(String)
}

/// Turns terminal input bytes into keys: UTF-8 characters, control bytes and the escape
/// sequences of arrows, Home/End, PgUp/PgDn and Shift-Tab (`ESC [ Z`), in both their CSI
/// (`ESC [`) and SS3 (`ESC O`) forms.
///
/// A lone ESC is a key of its own, but it also starts every sequence, so it can only be told
/// apart by time: the driver decodes with `isFinal: false` while more bytes may follow, and
/// with `isFinal: true` once a short wait brought nothing.
public enum KeyDecoder {
    /// The keys at the start of `bytes`, and how many bytes they used; an incomplete sequence
    /// or character at the end is left unused unless `isFinal`.
    public static func decode(_ bytes: [UInt8], isFinal: Bool) -> (keys: [EditorKey], used: Int) {
        var keys: [EditorKey] = []
        var index = 0
        while index < bytes.count {
            guard let (key, length) = decodeOne(bytes, at: index, isFinal: isFinal) else { break }
            if let key { keys.append(key) }
            index += length
        }
        return (keys, index)
    }

    /// One key (nil for bytes that are dropped) and its length; nil when more bytes are needed.
    private static func decodeOne(_ bytes: [UInt8], at start: Int, isFinal: Bool)
        -> (EditorKey?, Int)?
    {
        let byte = bytes[start]
        switch byte {
        case 0x1B where bytes[start...].starts(with: pasteStart):
            return decodePaste(bytes, at: start)
        case 0x1B: return decodeEscape(bytes, at: start, isFinal: isFinal)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00..<0x20: return (.control(byte), 1)
        case 0x20..<0x80: return (.character(Character(Unicode.Scalar(byte))), 1)
        default: return decodeUTF8(bytes, at: start, isFinal: isFinal)
        }
    }

    /// `ESC [ 200 ~` … `ESC [ 201 ~`: what the terminal pasted, however many reads it takes to
    /// arrive (nil until the end marker is in), as one key. Its bytes are never keys.
    private static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    private static func decodePaste(_ bytes: [UInt8], at start: Int) -> (EditorKey?, Int)? {
        let body = start + pasteStart.count
        var index = body
        while index + pasteEnd.count <= bytes.count {
            if bytes[index..<index + pasteEnd.count].elementsEqual(pasteEnd) {
                let text = String(decoding: bytes[body..<index], as: UTF8.self)
                return (.paste(text), index + pasteEnd.count - start)
            }
            index += 1
        }
        // A paste whose end marker never comes (a terminal that lost it) must not swallow
        // every key after it: past 1 MiB, what came is the paste.
        guard bytes.count - body > maximumPaste else { return nil }
        return (.paste(String(decoding: bytes[body...], as: UTF8.self)), bytes.count - start)
    }

    public static let maximumPaste = 1 << 20

    private static func decodeEscape(_ bytes: [UInt8], at start: Int, isFinal: Bool)
        -> (EditorKey?, Int)?
    {
        guard start + 1 < bytes.count else { return isFinal ? (.escape, 1) : nil }
        let introducer = bytes[start + 1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            // ESC then another key (Alt+key, or Esc typed twice): Esc, then that key.
            return (.escape, 1)
        }
        // Parameters and intermediates, then one final byte.
        var index = start + 2
        while index < bytes.count, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return isFinal ? (.escape, 1) : nil }
        let final = bytes[index]
        let parameter = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        return (sequenceKey(final: final, parameter: parameter), index - start + 1)
    }

    private static func sequenceKey(final: UInt8, parameter: String) -> EditorKey? {
        switch Unicode.Scalar(final) {
        case "A": .up
        case "B": .down
        case "C": .right
        case "D": .left
        case "H": .home
        case "F": .end
        case "Z": .backTab
        case "~":
            switch parameter {
            case "1", "7": .home
            case "4", "8": .end
            case "5": .pageUp
            case "6": .pageDown
            case "3": .deleteForward
            default: nil
            }
        default: nil
        }
    }

    private static func decodeUTF8(_ bytes: [UInt8], at start: Int, isFinal: Bool)
        -> (EditorKey?, Int)?
    {
        let lead = bytes[start]
        let length =
            switch lead {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0 else { return (nil, 1) }
        guard start + length <= bytes.count else { return isFinal ? (nil, 1) : nil }
        var decoder = UTF8()
        var iterator = bytes[start..<(start + length)].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return (nil, 1) }
        return (.character(Character(scalar)), length)
    }
}
