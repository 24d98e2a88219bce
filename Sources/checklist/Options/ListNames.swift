import ArgumentParser
import ChecklistCore
import ChecklistModel

/// Shell completion of list names: the lists of the database the command line names (its
/// `--db`, else the usual places), read without creating anything; nothing when there is no
/// database or it cannot be read.
enum ListNames {
    @Sendable static func complete(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        var path: String?
        for (position, word) in words.enumerated() where position < index {
            if word == "--db", position + 1 < words.count {
                path = words[position + 1]
            } else if word.hasPrefix("--db=") {
                path = String(word.dropFirst(5))
            }
        }
        guard
            let location = try? DatabaseLocation.resolve(
                explicitPath: path, environment: Environment.databaseVariables),
            let lists = try? DatabaseOpener.openForReading(location).lists()
        else { return [] }
        return lists.map(\.name.text).filter { $0.hasPrefix(prefix) }
    }
}
