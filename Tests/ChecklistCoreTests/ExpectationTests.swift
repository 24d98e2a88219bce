import ChecklistCore
import ChecklistModel
import GRDB
import Testing

@Suite struct ExpectationTests {
    @Test(arguments: Engine.all) func deleteWithTheRightExpectationDeletes(_ engine: Engine) throws
    {
        let store = try engine.emptyStore()
        try store.add(titles("a", "b", "c"), to: "x", checked: true)
        #expect(try store.delete(.checked(in: "x"), expecting: 3).counts.changed == 3)
    }

    @Test(arguments: Engine.all) func deleteWithTheWrongExpectationChangesNothing(_ engine: Engine)
        throws
    {
        let store = try engine.emptyStore()
        try store.add(titles("a", "b", "c"), to: "x", checked: true)
        #expect(throws: ChecklistError.unexpectedCount(expected: 2, actual: 3)) {
            try store.delete(.checked(in: "x"), expecting: 2)
        }
        #expect(throws: ChecklistError.unexpectedCount(expected: 5, actual: 2)) {
            try store.delete(.ids(try IDSet(parsing: "1-2,9")), ignoringMissing: true, expecting: 5)
        }
        #expect(try store.counts(in: .all).total == 3)
    }

    @Test(arguments: Engine.all) func deletionCountIsWhatDeleteWouldRemove(_ engine: Engine) throws
    {
        let store = try engine.emptyStore()
        try store.add(titles("a", "b", "c"), to: "x")
        try store.check(.ids(IDSet(ids: [1, 3])))
        #expect(try store.deletionCount(.checked(in: "x")) == 2)
        #expect(
            try store.deletionCount(.ids(try IDSet(parsing: "2-9")), ignoringMissing: true) == 2)
    }
}
