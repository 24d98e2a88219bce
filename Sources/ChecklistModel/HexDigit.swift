extension UInt8 {
    /// The value of an ASCII hex digit (`0`-`9`, `a`-`f`, `A`-`F`), for percent-decoding URIs
    /// and forms.
    public var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Random identifiers: a copy's ID and its generations.
package enum RandomHex {
    /// `bytes` random bytes as lowercase hexadecimal (the system's generator).
    package static func make(_ bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }.joined()
    }
}
