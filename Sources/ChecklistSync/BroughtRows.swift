import ChecklistModel

/// The rows a clone or a sync brings from a server, held to the command line's own rules before
/// they reach the copy (issue 47): a server's tables may hold rows no `checklist` wrote (another
/// program, another role), and a row the copy cannot name (an ID of 0 or -5, a list named '' or
/// with a line break) or that wedges it (an ID near 2^63, a 20 MB title) is named and left out,
/// never copied into a file no command can then mend.
package final class BroughtRows {
    /// The largest length, in bytes, of a title or a list name brought.
    static let longestText = 65_536

    /// The server's item counter: an item above it was not given by the server.
    let lastItemID: Int64
    /// What was left out, one line each (`item -5: its ID is not positive`).
    private(set) var skipped: [String] = []
    private var skippedLists: Set<Int64> = []

    init(lastItemID: Int64) {
        self.lastItemID = lastItemID
    }

    /// Whether the list row (ID, name) may enter the copy; else it is noted.
    package func admitsList(id: Int64, name: UnsafeRawBufferPointer) -> Bool {
        var problem: String?
        if id <= 0 {
            problem = "its ID is not positive"
        } else if name.count > Self.longestText {
            problem = "its name is longer than \(Self.longestText) bytes"
        } else {
            let text = String(decoding: name, as: UTF8.self)
            if text.unicodeScalars.contains(where: Title.isLineBreak) {
                problem = "its name has a line break"
            } else if (try? ListName.validate(text)) == nil {
                problem = "its name is empty"
            }
        }
        guard let problem else { return true }
        skippedLists.insert(id)
        skipped.append("list \(id) \(Self.quoted(name)): \(problem)")
        return false
    }

    /// Whether the item row (ID, list, title, and its shown fields in `ItemField.all`'s order,
    /// as the server sends them) may enter the copy; else it is noted. A shown field is held
    /// to the rule `set` holds it to (no line break in a note, a quantity from 1 to 9999).
    package func admitsItem(
        id: Int64, listID: Int64, title: UnsafeRawBufferPointer,
        fields: [UnsafeRawBufferPointer] = []
    ) -> Bool {
        var problem: String?
        for (field, value) in zip(ItemField.all, fields) where value.count > 0 {
            if value.count > Self.longestText {
                problem = "its \(field.name) is longer than \(Self.longestText) bytes"
                break
            }
            let text = String(decoding: value, as: UTF8.self)
            if (try? field.shown.value(from: text)) != text {
                problem = "its \(field.name) is not one checklist takes: " + Self.quoted(value)
                break
            }
        }
        if problem != nil {
        } else if id <= 0 {
            problem = "its ID is not positive"
        } else if id > lastItemID {
            problem = "its ID is beyond every ID the server has given (\(lastItemID))"
        } else if skippedLists.contains(listID) {
            problem = "its list \(listID) was left out"
        } else if title.count > Self.longestText {
            problem = "its title is longer than \(Self.longestText) bytes"
        } else if !Self.isPlainTitle(title) {
            let text = String(decoding: title, as: UTF8.self)
            if text.unicodeScalars.contains(where: Title.isLineBreak) {
                problem = "its title has a line break"
            } else if (try? Title(text)) == nil {
                problem = "its title is empty"
            }
        }
        guard let problem else { return true }
        skipped.append("item \(id) \(Self.quoted(title)): \(problem)")
        return false
    }

    /// A title the command line takes as it is, told from its bytes alone (the common case,
    /// without making a String): a printable ASCII byte, and none of a line break's or NUL's.
    private static func isPlainTitle(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var printable = false
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in bytes {
            switch byte {
            case 0x00, 0x0A, 0x0B, 0x0C, 0x0D: return false
            case 0x85 where previous == 0xC2: return false  // U+0085
            case 0xA8 where previous == 0x80 && beforePrevious == 0xE2: return false  // U+2028
            case 0xA9 where previous == 0x80 && beforePrevious == 0xE2: return false  // U+2029
            case 0x21...0x7E: printable = true
            default: break
            }
            beforePrevious = previous
            previous = byte
        }
        return printable
    }

    private static func quoted(_ bytes: UnsafeRawBufferPointer) -> String {
        Phrase.quotedInput(String(decoding: bytes.prefix(200), as: UTF8.self))
    }
}
