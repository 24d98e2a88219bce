import ChecklistCore
import ChecklistModel
import Foundation

/// SHA-256, for telling whether a file is the one a test's expectations were written for: the
/// store's own (`SHA256Digest`, which keeps page links' secrets), checked against `sha256sum`
/// by `RealChecklistManifestTests`.
enum SHA256 {
    /// The digest of `data` as 64 lowercase hexadecimal digits.
    static func hex(_ data: Data) -> String {
        SHA256Digest.hex([UInt8](data))
    }
}
