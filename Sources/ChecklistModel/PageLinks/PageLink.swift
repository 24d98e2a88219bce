/// A link to the page of `checklist serve`, as the database keeps it: for whom ("" the plain
/// link) and the SHA-256 of its secret, never the secret itself. The secret is shown once, when
/// the link is made; a link lasts across restarts of `serve` until it is replaced.
public struct PageLink: Sendable, Equatable {
    /// Whom the link is for; "" for the plain link.
    public var person: String
    /// The secret's SHA-256, as 64 lowercase hexadecimal digits.
    public var secretSHA256: String
    /// When the link was made (ISO 8601, UTC).
    public var createdAt: String

    public init(person: String, secretSHA256: String, createdAt: String) {
        self.person = person
        self.secretSHA256 = secretSHA256
        self.createdAt = createdAt
    }

    /// A new secret: 128 random bits from the system's generator, as 32 hex digits.
    public static func makeSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// What a secret is kept as.
    public static func hash(ofSecret secret: some StringProtocol) -> String {
        SHA256Digest.hex(Array(secret.utf8))
    }
}
