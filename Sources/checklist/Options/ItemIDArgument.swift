import ChecklistCore

extension ItemID {
    /// One ID, for commands that take exactly one.
    init(parsingSingle expression: String) throws(ChecklistError) {
        let ids = try IDSet(parsing: expression)
        guard ids.ranges.count == 1, let range = ids.ranges.first,
            range.lowerBound == range.upperBound
        else {
            throw .invalidInput("this command takes one ID, not \(Phrase.quoted(expression))")
        }
        self = range.lowerBound
    }
}
