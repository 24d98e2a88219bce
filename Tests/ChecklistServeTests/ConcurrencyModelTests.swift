import Foundation
import Testing

/// The page server's one concurrency model (issue 30, 6): threads that share state only
/// through `Mutex` (the server's loop, the store's thread), checked by the compiler because
/// every type they share is `Sendable` without a promise the compiler cannot check. These
/// words would bring back a second model or an unchecked promise.
@Suite struct ConcurrencyModelTests {
    @Test func theServersCodeMakesNoUncheckedPromiseAndUsesOneModel() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        var files: [URL] = []
        for folder in ["ChecklistServe", "checklist-serve"] {
            let url = sources.appendingPathComponent(folder)
            files += try FileManager.default.contentsOfDirectory(
                at: url, includingPropertiesForKeys: nil
            )
            .filter { $0.pathExtension == "swift" }
        }
        #expect(files.count >= 10, "\(files)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for word in [
                "@unchecked Sendable", "nonisolated(unsafe)", "NSLock", "DispatchQueue", "await ",
                "Task {",
            ] {
                #expect(!text.contains(word), "\(file.lastPathComponent) uses \(word)")
            }
        }
    }
}
