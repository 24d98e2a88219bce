import ChecklistCore
import ChecklistModel
import Foundation
import Testing

@Suite struct JSONTextTests {
    @Test func everyControlCharacterQuoteAndBackslashIsEscaped() throws {
        let tricky =
            (1...0x1F).map { String(UnicodeScalar(UInt8($0))) }.joined()
            + "\"\\/ \u{7F}\u{85}\u{2028} é 🏕️ \u{1B}[31m"
        let json = JSONText.array(of: [tricky, "", "plain"])
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 }, "raw control characters")
        let decoded = try JSONDecoder().decode([String].self, from: Data(json.utf8))
        #expect(decoded.map { Array($0.utf8) } == [tricky, "", "plain"].map { Array($0.utf8) })
    }

    @Test func shortEscapesAreUsedWhereJSONHasThem() {
        #expect(JSONText.array(of: ["a\"b\\c\nd\te\u{01}"]) == #"["a\"b\\c\nd\te\u0001"]"#)
    }

    @Test func numbersAndBooleansAreJSONLiterals() {
        var bytes: [UInt8] = []
        JSONText.appendInteger(-9_223_372_036_854_775_807, to: &bytes)
        JSONText.appendBool(true, to: &bytes)
        JSONText.appendBool(false, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "-9223372036854775807truefalse")
    }
}
