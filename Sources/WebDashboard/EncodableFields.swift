import Foundation

/// The fields of an `Encodable` value as its `encode(to:)` hands them to one keyed container, by
/// key and not yet encoded: two values can be compared field by field and only the fields that
/// differ turned into JSON (``JSONMergePatch``). A value that encodes anything else (a scalar, an
/// array, nested containers, an enum's payload) has no fields here.
enum EncodableFields {
    /// One field: its key and its value, not yet encoded.
    typealias Field = (key: String, value: any Encodable)

    /// `value`'s fields in the order it hands them over (for two values of one type, the same order
    /// but for the optionals left out), `nil` when its encoding is not one keyed container of fields.
    static func of(_ value: some Encodable) -> [Field]? {
        switch value {
        // What ``JSONValueEncoder`` writes in its own way is whole.
        case is JSONValue, is URL, is Data, is Decimal: return nil
        default: break
        }
        let splitter = FieldSplitter()
        do {
            try value.encode(to: splitter)
        } catch {
            // ``NotFields`` from the first write that is not a field, or the value's own error.
            return nil
        }
        return splitter.isKeyed && !splitter.isMixed ? splitter.fields : nil
    }
}

/// An encoder that keeps the fields a value hands its keyed container and notes anything else.
private final class FieldSplitter: Encoder {
    var fields: [EncodableFields.Field] = []
    /// Whether the value asked for a keyed container.
    var isKeyed = false
    /// Whether it also wrote something a keyed container of fields cannot say.
    var isMixed = false
    let codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        isKeyed = true
        return KeyedEncodingContainer(FieldContainer<Key>(splitter: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        isMixed = true
        return elsewhere.unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        isMixed = true
        return elsewhere.singleValueContainer()
    }

    /// Where what is not a field goes: it stops the value's encoding at its first write.
    var elsewhere: NotFieldsEncoder { NotFieldsEncoder() }
}

/// Thrown at a value's first write that is not a field: its encoding stops there.
private struct NotFields: Error {}

/// An encoder whose containers throw ``NotFields`` at the first write.
private struct NotFieldsEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(NotFieldsKeyedContainer<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { NotFieldsContainer() }

    func singleValueContainer() -> any SingleValueEncodingContainer { NotFieldsContainer() }
}

/// An unkeyed or single-value container that throws ``NotFields`` at the first write.
private struct NotFieldsContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil() throws { throw NotFields() }
    mutating func encode(_ value: some Encodable) throws { throw NotFields() }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(NotFieldsKeyedContainer<NestedKey>())
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { NotFieldsContainer() }

    mutating func superEncoder() -> any Encoder { NotFieldsEncoder() }
}

/// A keyed container that throws ``NotFields`` at the first write.
private struct NotFieldsKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { throw NotFields() }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws { throw NotFields() }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(NotFieldsKeyedContainer<NestedKey>())
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { NotFieldsContainer() }

    mutating func superEncoder() -> any Encoder { NotFieldsEncoder() }

    mutating func superEncoder(forKey key: Key) -> any Encoder { NotFieldsEncoder() }
}

/// A keyed container that keeps each field as it is given.
private struct FieldContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let splitter: FieldSplitter
    var codingPath: [any CodingKey] { [] }

    private func keep(_ value: any Encodable, _ key: Key) { splitter.fields.append((key.stringValue, value)) }

    mutating func encodeNil(forKey key: Key) throws { keep(JSONValue.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { keep(value, key) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws { keep(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        splitter.isMixed = true
        return splitter.elsewhere.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        splitter.isMixed = true
        return splitter.elsewhere.unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        splitter.isMixed = true
        return splitter.elsewhere
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        splitter.isMixed = true
        return splitter.elsewhere
    }
}
