import ChecklistCore
import ChecklistModel

/// A change's form as the page sent it: its fields in order, read by name (the last of a name
/// wins), and decoded into the `Decodable` value of its action (`PageForms`), each field
/// refused in one line that names it (`PageError`, 400).
struct PageForm {
    let fields: [(String, String)]

    func value(_ name: String) -> String? { fields.last { $0.0 == name }?.1 }

    /// Every value of `name`, in order.
    func values(_ name: String) -> [String] { fields.filter { $0.0 == name }.map(\.1) }

    /// The form as `Form`, for `action` (named in what refuses it).
    func decode<Form: Decodable>(_ type: Form.Type, for action: String) throws -> Form {
        try Form(from: FormDecoder(form: self, action: action))
    }

    /// The declared fields of items (`ItemField`) the form holds, each validated by its rule:
    /// read by the declaration, so a new field reaches the page's forms with no form of its own.
    func fieldValues() throws -> [ItemFieldValue] {
        try ItemField.all.compactMap { field -> ItemFieldValue? in
            guard let text = value(field.name) else { return nil }
            do throws(ChecklistError) {
                return try ItemFieldValue(field, text)
            } catch {
                throw PageError(error.description)
            }
        }
    }
}

/// One field of a form, as a value of a form reads it: its name, every value it was given
/// (none when absent), and the action it is for.
struct FormField: Decoder {
    let name: String
    let values: [String]
    let action: String

    /// The field a form's value is decoded from (only `PageForm.decode` makes them).
    static func of(_ decoder: any Decoder) throws -> FormField {
        guard let field = decoder as? FormField else {
            throw PageError("a page's form is read from its fields")
        }
        return field
    }

    /// Its value (the last given); refused, naming the field, when absent.
    func required() throws -> String {
        guard let value = values.last else { throw PageError("\(action) needs \(name)=") }
        return value
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw PageError("\(name)= is one field, not a form")
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw PageError("\(name)= is one field, not a list")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

extension FormField: SingleValueDecodingContainer {
    func decodeNil() -> Bool { values.isEmpty }

    func decode(_ type: String.Type) throws -> String { try required() }

    func decode(_ type: Bool.Type) throws -> Bool { try required() == "1" }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }

    /// Its value as a number, refused naming the field when it is none.
    func number<T: LosslessStringConvertible>() throws -> T {
        guard let value = T(try required()) else {
            throw PageError("\(name)= holds something that is not a number")
        }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double { try number() }
    func decode(_ type: Float.Type) throws -> Float { try number() }
    func decode(_ type: Int.Type) throws -> Int { try number() }
    func decode(_ type: Int8.Type) throws -> Int8 { try number() }
    func decode(_ type: Int16.Type) throws -> Int16 { try number() }
    func decode(_ type: Int32.Type) throws -> Int32 { try number() }
    func decode(_ type: Int64.Type) throws -> Int64 { try number() }
    func decode(_ type: UInt.Type) throws -> UInt { try number() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try number() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try number() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try number() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try number() }
}

/// A form, read field by field by the keys of the value it decodes into.
private struct FormDecoder: Decoder {
    let form: PageForm
    let action: String

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(FormFields<Key>(form: form, action: action))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw PageError("a page's form is read by its fields' names")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw PageError("a page's form is read by its fields' names")
    }
}

/// A form's fields by name. Text and flags are read here; every other value reads its field
/// itself (`FormField`), and says what it needs.
private struct FormFields<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let form: PageForm
    let action: String

    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { form.fields.compactMap { Key(stringValue: $0.0) } }

    func field(_ key: Key) -> FormField {
        FormField(name: key.stringValue, values: form.values(key.stringValue), action: action)
    }

    func contains(_ key: Key) -> Bool { form.value(key.stringValue) != nil }

    func decodeNil(forKey key: Key) -> Bool { !contains(key) }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try field(key).required()
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try field(key).decode(Bool.self)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try T(from: field(key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(key).number() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try field(key).number() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(key).number() }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try field(key).number() }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try field(key).number() }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try field(key).number() }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try field(key).number() }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try field(key).number() }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try field(key).number() }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try field(key).number() }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try field(key).number() }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try field(key).number() }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
        throws -> KeyedDecodingContainer<NestedKey>
    {
        throw PageError("\(key.stringValue)= is one field, not a form")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw PageError("\(key.stringValue)= is one field, not a list")
    }

    func superDecoder() throws -> any Decoder {
        throw PageError("a page's form has no parent")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { field(key) }
}
