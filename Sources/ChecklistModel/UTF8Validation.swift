/// Whether bytes are well-formed UTF-8 (Unicode's table 3-7: no overlong form, no surrogate,
/// nothing above U+10FFFF), without making a `String` of them.
enum UTF8Validation {
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let (length, lowest, bits): (Int, UInt32, UInt8) =
                switch lead {
                case 0xC2...0xDF: (2, 0x80, lead & 0x1F)
                case 0xE0...0xEF: (3, 0x800, lead & 0x0F)
                case 0xF0...0xF4: (4, 0x10000, lead & 0x07)
                default: (0, 0, 0)
                }
            guard length > 0, index + length <= bytes.count else { return false }
            var scalar = UInt32(bits)
            for offset in 1..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else { return false }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            guard scalar >= lowest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
                return false
            }
            index += length
        }
        return true
    }
}
