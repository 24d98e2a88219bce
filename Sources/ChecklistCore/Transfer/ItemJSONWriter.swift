/// An output that also takes raw bytes (JSON is written as UTF-8).
public protocol ByteOutput {
    mutating func write(bytes: some Collection<UInt8>)
}

/// The contract's JSON: one array of objects with exactly the contract's keys, one object a
/// line, written as it streams. Strings are escaped by `JSONText` (see there for why not
/// `JSONEncoder`).
public struct ItemJSONWriter {
    private var bytes: [UInt8] = []
    private var count = 0

    public init() {}

    /// Writes one item, after the array's opening or a comma.
    public mutating func write(_ item: Item, to output: inout some TextOutputStream & ByteOutput) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: (count == 0 ? "[\n" : ",\n").utf8)
        count += 1
        // Keys in sorted order, as before this writer: createdAt, id, isSelected, list,
        // position, title, updatedAt.
        bytes.append(contentsOf: #"{"createdAt":"#.utf8)
        JSONText.appendString(item.createdAt, to: &bytes)
        bytes.append(contentsOf: #","id":"#.utf8)
        JSONText.appendInteger(item.id, to: &bytes)
        bytes.append(contentsOf: #","isSelected":"#.utf8)
        JSONText.appendBool(item.isSelected, to: &bytes)
        bytes.append(contentsOf: #","list":"#.utf8)
        JSONText.appendString(item.list.text, to: &bytes)
        bytes.append(contentsOf: #","position":"#.utf8)
        JSONText.appendInteger(item.position, to: &bytes)
        bytes.append(contentsOf: #","title":"#.utf8)
        JSONText.appendString(item.title, to: &bytes)
        bytes.append(contentsOf: #","updatedAt":"#.utf8)
        JSONText.appendString(item.updatedAt, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        output.write(bytes: bytes)
    }

    /// Closes the array (`[]` when no item was written).
    public mutating func finish(to output: inout some TextOutputStream & ByteOutput) {
        output.write(count == 0 ? "[]\n" : "\n]\n")
    }
}
