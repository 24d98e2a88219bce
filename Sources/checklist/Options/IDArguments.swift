import ArgumentParser
import ChecklistCore
import ChecklistModel

/// The IDS arguments of the bulk commands, and `--ignore-missing`.
struct IDArguments: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "IDs: 12, a range 3-7, or a mix 1,4,9-11; - reads more from stdin.",
            valueName: "ids"))
    var expressions: [String] = []

    @Flag(help: "Apply the command to the IDs that exist and skip the missing ones.")
    var ignoreMissing = false

    /// What the command applies to: the IDs given, or the list-wide form when its flag is set.
    func selection(orListWide listWide: ItemSelection?, flag: String, list: ListChoice) throws
        -> ItemSelection
    {
        try Self.selection(expressions, orListWide: listWide, flag: flag, list: list)
    }

    /// What a command applies to: the IDs of `expressions`, or the list-wide form when its flag
    /// is set.
    static func selection(
        _ expressions: [String], orListWide listWide: ItemSelection?, flag: String,
        list: ListChoice
    ) throws -> ItemSelection {
        if let listWide {
            guard expressions.isEmpty else {
                throw ValidationError("give IDs or \(flag), not both")
            }
            return listWide
        }
        guard !expressions.isEmpty else {
            throw ValidationError(
                "no IDs given; name the items (e.g. 3 or 1,4,9-11), or pass \(flag)")
        }
        var ids = IDSet()
        for expression in expressions {
            ids = ids.union(
                expression == "-"
                    ? try IDSet(parsingList: try StandardInput.readText())
                    : try IDSet(parsingExpression: expression))
        }
        return .ids(ids, namedList: try list.explicitListName)
    }
}

extension IDSet {
    /// Parses one argument (a named wrapper so call sites read clearly).
    init(parsingExpression expression: String) throws(ChecklistError) {
        try self.init(parsing: expression)
    }
}
