import ChecklistModel

/// An output that also takes raw bytes (JSON is written as UTF-8).
public protocol ByteOutput {
    mutating func write(bytes: some Collection<UInt8>)
}

/// One JSON object being written: `{"key":value,…}`, each value escaped by `JSONText`, the keys
/// in the order they are given (the contract's objects have them sorted).
public struct JSONObject {
    fileprivate var bytes: [UInt8]
    private var isEmpty = true

    /// Continues `bytes`, which end with the object's `{`.
    fileprivate init(into bytes: [UInt8]) {
        self.bytes = bytes
    }

    public mutating func string(_ key: StaticString, _ value: String) {
        self.key(key)
        JSONText.appendString(value, to: &bytes)
    }

    /// A string value from stored bytes (see `JSONText.appendString(utf8:to:)`).
    public mutating func string(_ key: StaticString, utf8 value: UnsafeRawBufferPointer) {
        self.key(key)
        JSONText.appendString(utf8: value, to: &bytes)
    }

    /// A string value under a key given at run time (a declared field's: letters only).
    mutating func string(named key: String, _ value: String) {
        self.key(named: key)
        JSONText.appendString(value, to: &bytes)
    }

    mutating func string(named key: String, utf8 value: UnsafeRawBufferPointer) {
        self.key(named: key)
        JSONText.appendString(utf8: value, to: &bytes)
    }

    /// A number's digits, as stored (a count's), under a key given at run time.
    mutating func number(named key: String, utf8 digits: UnsafeRawBufferPointer) {
        self.key(named: key)
        bytes.append(contentsOf: digits)
    }

    private mutating func key(named key: String) {
        precondition(
            key.utf8.allSatisfy {
                $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
            })
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: key.utf8)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    public mutating func integer(_ key: StaticString, _ value: Int64) {
        self.key(key)
        JSONText.appendInteger(value, to: &bytes)
    }

    public mutating func bool(_ key: StaticString, _ value: Bool) {
        self.key(key)
        JSONText.appendBool(value, to: &bytes)
    }

    public mutating func null(_ key: StaticString) {
        self.key(key)
        bytes.append(contentsOf: "null".utf8)
    }

    private mutating func key(_ key: StaticString) {
        if !isEmpty { bytes.append(UInt8(ascii: ",")) }
        isEmpty = false
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    fileprivate mutating func close() -> [UInt8] {
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}

/// The contract's JSON array of objects, written as it streams: `[`, one object a line, `]`;
/// `[]` when it has none. The one place that knows that shape: items, lists, history and
/// export write through it.
public struct JSONArrayWriter {
    private var buffer: [UInt8] = []
    private var count = 0

    public init() {}

    /// Writes one object, after the array's opening or a comma.
    public mutating func append(
        to output: inout some ByteOutput, _ fill: (inout JSONObject) -> Void
    ) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(count == 0 ? UInt8(ascii: "[") : UInt8(ascii: ","))
        buffer.append(0x0A)
        buffer.append(UInt8(ascii: "{"))
        count += 1
        // The object takes the buffer over (left empty here), so it is never copied.
        var object = JSONObject(into: buffer)
        buffer = []
        fill(&object)
        buffer = object.close()
        output.write(bytes: buffer)
    }

    /// Closes the array: `]` on a line of its own, or `[]`; then `ending`.
    public mutating func finish(to output: inout some ByteOutput, ending: String = "\n") {
        output.write(bytes: Array(((count == 0 ? "[]" : "\n]") + ending).utf8))
    }
}

extension Array: ByteOutput where Element == UInt8 {
    public mutating func write(bytes: some Collection<UInt8>) { append(contentsOf: bytes) }
}
