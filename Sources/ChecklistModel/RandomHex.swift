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
