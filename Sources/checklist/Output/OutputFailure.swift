/// A write to standard output that failed.
struct OutputFailure: Error {
    let errno: Int32

    /// "No space left on device".
    var reason: String { Platform.describe(errno) }
}
