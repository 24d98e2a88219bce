import ChecklistCore
import ChecklistModel
import ChecklistTestSupport
import Testing

@Suite struct IDSetTests {
    @Test func aSingleIDParsesToItself() throws {
        #expect(try ids("12") == [12])
    }

    @Test func aRangeIncludesBothEnds() throws {
        #expect(try ids("3-7") == [3, 4, 5, 6, 7])
    }

    @Test func aCommaSeparatedMixParsesEveryPart() throws {
        #expect(try ids("1,4,9-11") == [1, 4, 9, 10, 11])
    }

    @Test func duplicatesAndOverlapsCollapse() throws {
        let set = try IDSet(parsing: "5,3-6,5,6-8,1")
        #expect(set.ranges == [1...1, 3...8])
        #expect(set.count == 7)
    }

    @Test func adjacentRangesMerge() throws {
        #expect(try IDSet(parsing: "1-3,4,5-6").ranges == [1...6])
    }

    @Test func theLargest64BitIDIsAccepted() throws {
        let set = try IDSet(parsing: "9223372036854775807")
        #expect(set.ranges == [Int64.max...Int64.max])
    }

    @Test func aRangeUpToTheLargestIDIsCountedWithoutOverflow() throws {
        let set = try IDSet(parsing: "1-9223372036854775807")
        #expect(set.count == Int.max)
        #expect(set.contains(Int64.max))
    }

    @Test(arguments: [
        "abc", "0", "-1", "7-3", "1-", "99999999999999999999", "", ",", "1,", ",1", "1,,2",
        "1-2-3", " 1", "1 ", "+1", "1.5", "0x10", "١٢", "1-0", "0-3", "9223372036854775808",
        "-", "--", "3-", "-3-5",
    ])
    func malformedExpressionsAreRejected(_ expression: String) {
        #expect(throws: ChecklistError.self) { try IDSet(parsing: expression) }
    }

    @Test func rejectionSaysWhatAnIDIs() {
        #expect(
            throws: ChecklistError.invalidInput(
                "invalid ID 'abc': an ID is a positive whole number (up to 9223372036854775807),"
                    + " a range like 3-7, or a list like 1,4,9-11")
        ) { try IDSet(parsing: "abc") }
    }

    @Test func aBackwardsRangeSuggestsTheRightOrder() {
        #expect(
            throws: ChecklistError.invalidInput(
                "invalid ID range '7-3': it runs backwards; write 3-7")
        ) { try IDSet(parsing: "7-3") }
    }

    @Test func aListSplitsOnWhiteSpaceAndNewlines() throws {
        let set = try IDSet(parsingList: "1 2\n3-4\t\t9,11\n\n")
        #expect(set.ranges == [1...4, 9...9, 11...11])
    }

    @Test func anEmptyListIsAnEmptySet() throws {
        #expect(try IDSet(parsingList: " \n ").isEmpty)
    }

    @Test func aListWithOneBadWordIsRejected() {
        #expect(throws: ChecklistError.self) { try IDSet(parsingList: "1 2 x 4") }
    }

    @Test func theDescriptionParsesBackToTheSameSet() throws {
        let set = try IDSet(parsing: "9-11,1,4,20-20,5")
        #expect(set.description == "1,4-5,9-11,20")
        #expect(try IDSet(parsing: set.description) == set)
    }

    @Test func aSummaryShowsShortRunsOneByOne() throws {
        #expect(try IDSet(parsing: "5,6,9-12,20").summary() == "5, 6, 9-12, 20")
    }

    @Test func aLongSummaryIsCut() throws {
        let set = IDSet(ids: stride(from: 1, through: 50, by: 2))
        #expect(set.summary(limit: 3) == "1, 3, 5 and 22 more")
    }

    @Test func containsFindsOnlyMembers() throws {
        let set = try IDSet(parsing: "2-4,10")
        #expect(
            [1, 2, 4, 5, 9, 10, 11].map(set.contains) == [
                false, true, true, false, false, true, false,
            ])
    }

    private func ids(_ expression: String) throws -> [ItemID] {
        Array(try IDSet(parsing: expression).ids)
    }
}

/// `subtracting` agrees with the same arithmetic on plain sets, over random sets of runs and
/// lone IDs (edges touching, holes wider than spans, the largest ID).
@Suite struct IDSetSubtractionTests {
    @Test func subtractingAgreesWithSetArithmetic() {
        var random = SplitMix(seed: 33)
        for _ in 0..<2_000 {
            let left = randomSet(&random)
            let right = randomSet(&random)
            let expected = Set(left.ids).subtracting(Set(right.ids))
            let result = left.subtracting(right)
            #expect(Set(result.ids) == expected, "\(left) minus \(right) gave \(result)")
            #expect(result == IDSet(ids: expected), "the result's spans are merged as parsed")
        }
    }

    @Test func subtractingAtTheLargestIDDoesNotOverflow() {
        let top = IDSet([(ItemID.max - 3)...ItemID.max])
        #expect(
            top.subtracting(IDSet(ids: [ItemID.max]))
                == IDSet([(ItemID.max - 3)...(ItemID.max - 1)]))
        #expect(top.subtracting(top).isEmpty)
    }

    private func randomSet(_ random: inout SplitMix) -> IDSet {
        var ranges: [ClosedRange<ItemID>] = []
        for _ in 0..<Int(random.next() % 5) {
            let lower = ItemID(random.next() % 40) + 1
            ranges.append(lower...(lower + ItemID(random.next() % 6)))
        }
        return IDSet(ranges)
    }
}
