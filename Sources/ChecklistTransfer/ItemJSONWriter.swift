import ChecklistModel

/// The contract's JSON of items: one array of objects with exactly the contract's keys, one
/// object a line, written as it streams (`JSONArrayWriter`; strings escaped by `JSONText`, see
/// there for why not `JSONEncoder`).
public struct ItemJSONWriter {
    private var array = JSONArrayWriter()

    public init() {}

    /// Each key in sorted order, and what it writes: a model key, or `more[index]` (where not
    /// at its value by default: an item with none set has exactly the v4 keys).
    private static let keyOrder: [(key: String, more: Int?)] = {
        let more = StoredTables.moreShownItemFields.enumerated().map {
            ($0.element.jsonKey ?? "", Optional($0.offset))
        }
        return (StoredTables.itemPropertyKeys.map { ($0, nil) } + more).sorted { $0.0 < $1.0 }.map {
            (key: $0.0, more: $0.1)
        }
    }()

    /// Writes one item.
    public mutating func write(_ item: Item, to output: inout some ByteOutput) {
        if !item.more.isEmpty && item.more != ItemField.defaults {
            return writeWithMore(item, to: &output)
        }
        array.append(to: &output) { object in
            // Keys in sorted order.
            object.string("createdAt", item.createdAt)
            object.integer("id", item.id)
            object.bool("isSelected", item.isSelected)
            object.string("list", item.list.text)
            object.integer("position", item.position)
            object.string("title", item.title)
            object.string("updatedAt", item.updatedAt)
        }
    }

    /// Writes one item read as stored bytes: the same JSON as `write(_: Item, to:)`.
    public mutating func write(_ item: ItemBytes, to output: inout some ByteOutput) {
        if !Self.allDefault(item.more) { return writeWithMore(item, to: &output) }
        array.append(to: &output) { object in
            // Keys in sorted order.
            object.string("createdAt", utf8: item.createdAt)
            object.integer("id", item.id)
            object.bool("isSelected", item.isSelected)
            object.string("list", utf8: item.list)
            object.integer("position", item.position)
            object.string("title", utf8: item.title)
            object.string("updatedAt", utf8: item.updatedAt)
        }
    }

    /// `write` of an item with more fields than its model's: every key, sorted.
    private mutating func writeWithMore(_ item: Item, to output: inout some ByteOutput) {
        array.append(to: &output) { object in
            for (key, more) in Self.keyOrder {
                switch (key, more) {
                case (_, let index?):
                    let value = item.more[index]
                    if Self.fields[index].isDefault(value) { continue }
                    Self.write(value: value, of: index, to: &object)
                case ("createdAt", _): object.string("createdAt", item.createdAt)
                case ("id", _): object.integer("id", item.id)
                case ("isSelected", _): object.bool("isSelected", item.isSelected)
                case ("list", _): object.string("list", item.list.text)
                case ("position", _): object.integer("position", item.position)
                case ("title", _): object.string("title", item.title)
                default: object.string("updatedAt", item.updatedAt)
                }
            }
        }
    }

    private mutating func writeWithMore(_ item: ItemBytes, to output: inout some ByteOutput) {
        array.append(to: &output) { object in
            for (key, more) in Self.keyOrder {
                switch (key, more) {
                case (_, let index?):
                    let value = item.more[index]
                    if Self.isDefault(value, index) { continue }
                    Self.write(value: value, of: index, to: &object)
                case ("createdAt", _): object.string("createdAt", utf8: item.createdAt)
                case ("id", _): object.integer("id", item.id)
                case ("isSelected", _): object.bool("isSelected", item.isSelected)
                case ("list", _): object.string("list", utf8: item.list)
                case ("position", _): object.integer("position", item.position)
                case ("title", _): object.string("title", utf8: item.title)
                default: object.string("updatedAt", utf8: item.updatedAt)
                }
            }
        }
    }

    private static let fields = ItemField.all.map(\.shown)
    private static let defaultBytes = fields.map { Array($0.defaultText.utf8) }

    private static func isDefault(_ value: UnsafeRawBufferPointer, _ index: Int) -> Bool {
        value.elementsEqual(defaultBytes[index])
    }

    private static func allDefault(_ more: [UnsafeRawBufferPointer]) -> Bool {
        more.indices.allSatisfy { isDefault(more[$0], $0) }
    }

    /// A shown field's value under its key: a count as a number, text as a string.
    private static func write(
        value: UnsafeRawBufferPointer, of index: Int, to object: inout JSONObject
    ) {
        let field = fields[index]
        switch field.kind {
        case .count: object.number(named: field.name, utf8: value)
        case .text: object.string(named: field.name, utf8: value)
        }
    }

    private static func write(value: String, of index: Int, to object: inout JSONObject) {
        var value = value
        value.withUTF8 { write(value: UnsafeRawBufferPointer($0), of: index, to: &object) }
    }

    /// Closes the array (`[]` when no item was written).
    public mutating func finish(to output: inout some ByteOutput, ending: String = "\n") {
        array.finish(to: &output, ending: ending)
    }
}
