import Foundation

/// Encodes a value straight into a ``JSONValue``: what `JSONEncoder` and then `JSONSerialization`
/// made of it, without the text between. A tab that acts has its screen compared as JSON every
/// frame (``DashboardScreenPatch``), and the text and its parsing were most of that cost.
///
/// It reads each value as `JSONEncoder`'s text would be read back: a whole `Double` below 10¹⁶
/// (written without a fraction) is an integer, any other (and minus zero) a number; a `Float` is the number its
/// text says; a `URL` is its text, `Data` its Base64, a ``JSONValue`` itself. A number that is not finite throws, as
/// `JSONEncoder` does.
enum JSONValueEncoder {
    /// The JSON form of `value`.
    static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = JSONValueNode()
        try root.encode(value, at: [])
        return root.value
    }
}

/// A value being encoded: empty, a scalar, or an object or array whose members are still filled.
final class JSONValueNode {
    private enum Content {
        case empty
        case scalar(JSONValue)
        case object([String: JSONValueNode])
        case array([JSONValueNode])
    }

    private var content = Content.empty

    /// The value made (an empty object for a value that encoded nothing, as `JSONEncoder` writes a nested one).
    var value: JSONValue {
        switch content {
        case .empty: .object([:])
        case .scalar(let value): value
        case .object(let members): .object(members.mapValues(\.value))
        case .array(let items): .array(items.map(\.value))
        }
    }

    func set(_ scalar: JSONValue) {
        content = .scalar(scalar)
    }

    /// The member `key` of this object (made an object if it was not), new.
    func member(_ key: String) -> JSONValueNode {
        var members: [String: JSONValueNode] = [:]
        if case .object(let existing) = content { members = existing }
        let node = JSONValueNode()
        content = .empty
        members[key] = node
        content = .object(members)
        return node
    }

    /// A new item at the end of this array (made an array if it was not).
    func appendItem() -> JSONValueNode {
        var items: [JSONValueNode] = []
        if case .array(let existing) = content { items = existing }
        let node = JSONValueNode()
        content = .empty
        items.append(node)
        content = .array(items)
        return node
    }

    var itemCount: Int {
        if case .array(let items) = content { items.count } else { 0 }
    }

    func makeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// Encodes `value` into this node.
    func encode(_ value: some Encodable, at path: [any CodingKey]) throws {
        switch value {
        case let json as JSONValue: set(json)
        case let url as URL: set(.string(url.absoluteString))
        case let data as Data: set(.string(data.base64EncodedString()))
        case let number as Double: set(try Self.number(number, at: path))
        case let number as Decimal: set(try Self.number(NSDecimalNumber(decimal: number).doubleValue, at: path))
        default: try value.encode(to: JSONValueNodeEncoder(node: self, codingPath: path))
        }
    }

    /// A `Double` as `JSONEncoder`'s text of it reads back.
    static func number(_ number: Double, at path: [any CodingKey]) throws -> JSONValue {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: path, debugDescription: "\(number) is not a JSON number"))
        }
        // Minus zero is written `-0`, which only a number keeps.
        if number.rounded() == number, abs(number) < 1e16, !(number == 0 && number.sign == .minus) {
            return .integer(Int64(number))
        }
        return .number(number)
    }

    /// A `Float` as `JSONEncoder`'s text of it reads back.
    static func number(_ number: Float, at path: [any CodingKey]) throws -> JSONValue {
        try Self.number(Double(number.description) ?? Double(number), at: path)
    }
}

/// The encoder a value writes itself to, into one node.
struct JSONValueNodeEncoder: Encoder {
    let node: JSONValueNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(JSONValueKeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return JSONValueUnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONValueSingleContainer(node: node, codingPath: codingPath)
    }
}

private struct JSONValueKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONValueNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).set(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { node.member(key.stringValue).set(.bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { node.member(key.stringValue).set(.string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        node.member(key.stringValue).set(try JSONValueNode.number(value, at: codingPath + [key]))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        node.member(key.stringValue).set(try JSONValueNode.number(value, at: codingPath + [key]))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        node.member(key.stringValue).set(.integer(Int64(value)))
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        node.member(key.stringValue).set(.integer(Int64(value)))
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        node.member(key.stringValue).set(.integer(Int64(value)))
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        node.member(key.stringValue).set(.integer(Int64(value)))
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws { node.member(key.stringValue).set(.integer(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        node.member(key.stringValue).set(.integer(Int64(truncatingIfNeeded: value)))
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        node.member(key.stringValue).set(.integer(Int64(value)))
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        node.member(key.stringValue).set(.integer(Int64(value)))
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        node.member(key.stringValue).set(.integer(Int64(value)))
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        node.member(key.stringValue).set(.integer(Int64(truncatingIfNeeded: value)))
    }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try node.member(key.stringValue).encode(value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.member(key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(JSONValueKeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.member(key.stringValue)
        child.makeArray()
        return JSONValueUnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        JSONValueNodeEncoder(node: node.member("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONValueNodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct JSONValueUnkeyedContainer: UnkeyedEncodingContainer {
    let node: JSONValueNode
    let codingPath: [any CodingKey]
    var count: Int { node.itemCount }

    mutating func encodeNil() throws { node.appendItem().set(.null) }
    mutating func encode(_ value: Bool) throws { node.appendItem().set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.appendItem().set(.string(value)) }
    mutating func encode(_ value: Double) throws {
        node.appendItem().set(try JSONValueNode.number(value, at: codingPath))
    }
    mutating func encode(_ value: Float) throws {
        node.appendItem().set(try JSONValueNode.number(value, at: codingPath))
    }
    mutating func encode(_ value: Int) throws { node.appendItem().set(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { node.appendItem().set(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { node.appendItem().set(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { node.appendItem().set(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { node.appendItem().set(.integer(value)) }
    mutating func encode(_ value: UInt) throws { node.appendItem().set(.integer(Int64(truncatingIfNeeded: value))) }
    mutating func encode(_ value: UInt8) throws { node.appendItem().set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { node.appendItem().set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { node.appendItem().set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { node.appendItem().set(.integer(Int64(truncatingIfNeeded: value))) }
    mutating func encode(_ value: some Encodable) throws { try node.appendItem().encode(value, at: codingPath) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<
        NestedKey
    > {
        let child = node.appendItem()
        child.makeObject()
        return KeyedEncodingContainer(JSONValueKeyedContainer<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.appendItem()
        child.makeArray()
        return JSONValueUnkeyedContainer(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        JSONValueNodeEncoder(node: node.appendItem(), codingPath: codingPath)
    }
}

private struct JSONValueSingleContainer: SingleValueEncodingContainer {
    let node: JSONValueNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.set(.string(value)) }
    mutating func encode(_ value: Double) throws { node.set(try JSONValueNode.number(value, at: codingPath)) }
    mutating func encode(_ value: Float) throws { node.set(try JSONValueNode.number(value, at: codingPath)) }
    mutating func encode(_ value: Int) throws { node.set(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { node.set(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { node.set(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { node.set(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { node.set(.integer(value)) }
    mutating func encode(_ value: UInt) throws { node.set(.integer(Int64(truncatingIfNeeded: value))) }
    mutating func encode(_ value: UInt8) throws { node.set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { node.set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { node.set(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { node.set(.integer(Int64(truncatingIfNeeded: value))) }
    mutating func encode(_ value: some Encodable) throws { try node.encode(value, at: codingPath) }
}
