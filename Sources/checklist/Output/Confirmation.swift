import ChecklistCore
import ChecklistModel

/// The question before a big delete. It is asked only when a person can answer (stdin and
/// stderr are terminals), so scripts and pipes never meet a prompt.
enum Confirmation {
    /// Deletes of more items than this ask first.
    static let threshold = 10

    /// Whether a person can answer: stdin and stderr are terminals.
    static var isPossible: Bool {
        Platform.isTerminal(Platform.standardInput) && Platform.isTerminal(Platform.standardError)
    }

    /// Before a delete: when a person can answer and not `skipped` (`--yes`), and `count()`
    /// items is more than the threshold, asks `question(count)`. Returns the count that was
    /// confirmed, which the delete must then remove exactly (the data may change between the
    /// question and the answer), or nil when nothing was asked.
    static func confirmDeletion(
        skipped: Bool, count: () throws -> Int, question: (Int) -> String
    ) throws -> Int? {
        guard !skipped && isPossible else { return nil }
        let count = try count()
        guard count > threshold else { return nil }
        try require(question(count))
        return count
    }

    /// Asks `question [y/N]` on stderr; anything but y or yes (or end of input) is no, and
    /// throws `declined`.
    static func require(_ question: String) throws {
        Output.ask(question + " [y/N] ")
        let answer = readLine(strippingNewline: true) ?? ""
        let word = answer.filter { !$0.isWhitespace }.lowercased()
        guard word == "y" || word == "yes" else { throw ChecklistError.declined }
    }
}
