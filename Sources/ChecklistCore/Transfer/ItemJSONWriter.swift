/// The contract's JSON of items: one array of objects with exactly the contract's keys, one
/// object a line, written as it streams (`JSONArrayWriter`; strings escaped by `JSONText`, see
/// there for why not `JSONEncoder`).
public struct ItemJSONWriter {
    private var array = JSONArrayWriter()

    public init() {}

    /// Writes one item.
    public mutating func write(_ item: Item, to output: inout some ByteOutput) {
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

    /// Closes the array (`[]` when no item was written).
    public mutating func finish(to output: inout some ByteOutput, ending: String = "\n") {
        array.finish(to: &output, ending: ending)
    }
}
