import ChecklistCore
import ChecklistModel

/// The values a page's changes decode into (`PageForm.decode`), one for each action, and the
/// fields they are made of, each refused in one line that names it.
enum PageForms {
    /// What every change's form may say: whose link the page was opened with (`person`), the
    /// list it shows (by name and by identity), whether in edit mode (`edit=1`), and the
    /// server's time of the state it had (`seen`).
    struct Change: Decodable {
        var person: String?
        var list: String?
        var listid: String?
        var edit: Bool?
        var seen: String?
    }

    /// A check or uncheck made now: `id=` and `to=checked` or `to=unchecked` (a page's taps
    /// with their times are `tap=` fields: `PageServer.taps`).
    struct Toggle: Decodable {
        var id: OneItem
        var to: String?
    }

    /// The form without a script: the boxes shown, which were checked when the page was made,
    /// which are checked now.
    struct Save: Decodable {
        var shown: Items
        var was: Items
        var checked: Items
    }

    struct Add: Decodable {
        var title: TitleField
    }

    /// A rename's ID and title; the item's declared fields are read by their declaration
    /// (`PageForm.fieldValues`), so no form restates them.
    struct Rename: Decodable {
        var id: OneItem
        var title: TitleField
    }

    struct Move: Decodable {
        var move: Order
    }

    struct Delete: Decodable {
        var ids: Items
        var confirm: String?
    }

    /// One item's ID (`id=4`), required.
    struct OneItem: Decodable {
        var id: ItemID

        init(from decoder: any Decoder) throws {
            let field = try FormField.of(decoder)
            guard let text = field.values.last, let id = ItemID(text), id > 0 else {
                throw PageError("\(field.action) needs \(field.name)=, an item's ID")
            }
            self.id = id
        }
    }

    /// Single IDs, comma-separated or repeated (no ranges: a page names what it shows); none
    /// when absent.
    struct Items: Decodable {
        var ids: Set<ItemID>

        init(from decoder: any Decoder) throws {
            let field = try FormField.of(decoder)
            ids = []
            for text in field.values {
                for part in text.split(separator: ",") {
                    guard let id = ItemID(part), id > 0 else {
                        throw PageError("\(field.name)= holds something that is not an item's ID")
                    }
                    ids.insert(id)
                }
            }
        }
    }

    /// A title, required, refused in the model's words when it is not one.
    struct TitleField: Decodable {
        var title: Title

        init(from decoder: any Decoder) throws {
            let text = try FormField.of(decoder).required()
            do {
                title = try Title(text)
            } catch {
                throw PageError(error.description)
            }
        }
    }

    /// Edit mode's up and down, and a row dragged: "ID before OTHER" or "ID after OTHER".
    struct Order: Decodable {
        var id: ItemID
        var target: MoveTarget

        init(from decoder: any Decoder) throws {
            let words = (try FormField.of(decoder).values.last ?? "").split(separator: " ")
            guard words.count == 3, let id = ItemID(words[0]), let other = ItemID(words[2]),
                id > 0, other > 0, words[1] == "before" || words[1] == "after"
            else { throw PageError("move needs move=ID before OTHER or move=ID after OTHER") }
            self.id = id
            target = words[1] == "before" ? .before(other) : .after(other)
        }
    }
}
