import ChecklistCore
import ChecklistModel

extension ItemID {
    /// One ID, for commands that take exactly one.
    init(parsingSingle expression: String) throws(ChecklistError) {
        let ranges = try IDSet(parsing: expression).ranges
        guard ranges.count == 1, let range = ranges.first, range.lowerBound == range.upperBound
        else {
            throw .invalidInput("this command takes one ID, not \(Phrase.quoted(expression))")
        }
        self = range.lowerBound
    }
}
