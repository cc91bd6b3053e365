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
        try JSONValueNode.json(of: value, at: .root)
    }
}

/// A value being encoded: empty, a scalar, or an object or array. A member or item that is a
/// scalar, or a value encoded whole by one call, is stored as JSON at once; only a container handed
/// out and written after (a nested container, a super encoder) stays open as a node of its own,
/// read when the value is taken.
final class JSONValueNode {
    private enum Kind {
        case empty, scalar, object, array
    }

    private var kind = Kind.empty
    private var scalar = JSONValue.null
    private var members: [String: JSONValue] = [:]
    private var items: [JSONValue] = []
    private var openMembers: [(key: String, node: JSONValueNode)] = []
    private var openItems: [(index: Int, node: JSONValueNode)] = []

    /// The value made (an empty object for a value that encoded nothing, as `JSONEncoder` writes a nested one).
    var value: JSONValue {
        switch kind {
        case .empty: return .object([:])
        case .scalar: return scalar
        case .object:
            guard !openMembers.isEmpty else { return .object(members) }
            var all = members
            for (key, node) in openMembers { all[key] = node.value }
            return .object(all)
        case .array:
            guard !openItems.isEmpty else { return .array(items) }
            var all = items
            for (index, node) in openItems { all[index] = node.value }
            return .array(all)
        }
    }

    func set(_ scalar: JSONValue) {
        become(.scalar)
        self.scalar = scalar
    }

    /// Sets the member `key` of this object (made an object if it was not).
    func setMember(_ key: String, _ value: JSONValue) {
        makeObject()
        if !openMembers.isEmpty { openMembers.removeAll { $0.key == key } }
        members[key] = value
    }

    /// The member `key` of this object (made an object if it was not), new and written after.
    func openMember(_ key: String) -> JSONValueNode {
        makeObject()
        let node = JSONValueNode()
        openMembers.removeAll { $0.key == key }
        openMembers.append((key, node))
        return node
    }

    /// Appends an item to this array (made an array if it was not).
    func appendItem(_ value: JSONValue) {
        makeArray()
        items.append(value)
    }

    /// A new item at the end of this array (made an array if it was not), written after.
    func openItem() -> JSONValueNode {
        makeArray()
        let node = JSONValueNode()
        openItems.append((items.count, node))
        items.append(.null)
        return node
    }

    var itemCount: Int { kind == .array ? items.count : 0 }

    func makeObject() {
        guard kind != .object else { return }
        become(.object)
        // Most objects encoded are a few fields: room for them at once, not grown one by one.
        members.reserveCapacity(8)
    }

    func makeArray() {
        become(.array)
    }

    /// Makes the node of `kind`, emptied if it was of another.
    private func become(_ kind: Kind) {
        guard kind != self.kind else { return }
        self.kind = kind
        scalar = .null
        members = [:]
        items = []
        openMembers = []
        openItems = []
    }

    /// The JSON of `value`, encoded whole.
    static func json<Value: Encodable>(of value: Value, at path: JSONCodingPath) throws -> JSONValue {
        // What is written in its own way, told apart by its type (not a cast for every value).
        if Value.self == JSONValue.self { return unsafeBitCast(value, to: JSONValue.self) }
        if Value.self == Double.self { return try number(unsafeBitCast(value, to: Double.self), at: path) }
        if Value.self == URL.self { return .string(unsafeBitCast(value, to: URL.self).absoluteString) }
        if Value.self == Data.self { return .string(unsafeBitCast(value, to: Data.self).base64EncodedString()) }
        if Value.self == Decimal.self {
            return try number(NSDecimalNumber(decimal: unsafeBitCast(value, to: Decimal.self)).doubleValue, at: path)
        }
        let node = JSONValueNode()
        try value.encode(to: JSONValueNodeEncoder(node: node, path: path))
        return node.value
    }

    /// A `Double` as `JSONEncoder`'s text of it reads back.
    static func number(_ number: Double, at path: JSONCodingPath) throws -> JSONValue {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, .init(codingPath: path.keys, debugDescription: "\(number) is not a JSON number"))
        }
        // Minus zero is written `-0`, which only a number keeps.
        if number.rounded() == number, abs(number) < 1e16, !(number == 0 && number.sign == .minus) {
            return .integer(Int64(number))
        }
        return .number(number)
    }

    /// A `Float` as `JSONEncoder`'s text of it reads back.
    static func number(_ number: Float, at path: JSONCodingPath) throws -> JSONValue {
        try Self.number(Double(number.description) ?? Double(number), at: path)
    }
}

/// Where a value being encoded sits: its keys from the root, linked, made into an array only when
/// asked (an error, a value that reads its coding path).
struct JSONCodingPath {
    private final class Link {
        let parent: Link?
        let key: any CodingKey

        init(parent: Link?, key: any CodingKey) {
            self.parent = parent
            self.key = key
        }
    }

    private let last: Link?

    /// The root's.
    static var root: JSONCodingPath { JSONCodingPath(last: nil) }

    private init(last: Link?) {
        self.last = last
    }

    /// This path with `key` after it.
    func appending(_ key: some CodingKey) -> JSONCodingPath {
        JSONCodingPath(last: Link(parent: last, key: key))
    }

    /// The keys from the root.
    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var link = last
        while let current = link {
            keys.append(current.key)
            link = current.parent
        }
        return keys.reversed()
    }
}

/// The encoder a value writes itself to, into one node.
struct JSONValueNodeEncoder: Encoder {
    let node: JSONValueNode
    let path: JSONCodingPath
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(JSONValueKeyedContainer<Key>(node: node, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return JSONValueUnkeyedContainer(node: node, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONValueSingleContainer(node: node, path: path)
    }
}

private struct JSONValueKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONValueNode
    let path: JSONCodingPath
    var codingPath: [any CodingKey] { path.keys }

    private func set(_ value: JSONValue, _ key: Key) { node.setMember(key.stringValue, value) }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try JSONValueNode.number(value, at: path.appending(key)), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try JSONValueNode.number(value, at: path.appending(key)), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.integer(Int64(truncatingIfNeeded: value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.integer(Int64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        set(.integer(Int64(truncatingIfNeeded: value)), key)
    }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        set(try JSONValueNode.json(of: value, at: path.appending(key)), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = node.openMember(key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(JSONValueKeyedContainer<NestedKey>(node: child, path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.openMember(key.stringValue)
        child.makeArray()
        return JSONValueUnkeyedContainer(node: child, path: path.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
        JSONValueNodeEncoder(node: node.openMember("super"), path: path)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONValueNodeEncoder(node: node.openMember(key.stringValue), path: path.appending(key))
    }
}

private struct JSONValueUnkeyedContainer: UnkeyedEncodingContainer {
    let node: JSONValueNode
    let path: JSONCodingPath
    var codingPath: [any CodingKey] { path.keys }
    var count: Int { node.itemCount }

    private func append(_ value: JSONValue) { node.appendItem(value) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try JSONValueNode.number(value, at: path)) }
    mutating func encode(_ value: Float) throws { append(try JSONValueNode.number(value, at: path)) }
    mutating func encode(_ value: Int) throws { append(.integer(Int64(value))) }
    mutating func encode(_ value: Int8) throws { append(.integer(Int64(value))) }
    mutating func encode(_ value: Int16) throws { append(.integer(Int64(value))) }
    mutating func encode(_ value: Int32) throws { append(.integer(Int64(value))) }
    mutating func encode(_ value: Int64) throws { append(.integer(value)) }
    mutating func encode(_ value: UInt) throws { append(.integer(Int64(truncatingIfNeeded: value))) }
    mutating func encode(_ value: UInt8) throws { append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { append(.integer(Int64(value))) }
    mutating func encode(_ value: UInt64) throws { append(.integer(Int64(truncatingIfNeeded: value))) }
    mutating func encode(_ value: some Encodable) throws { append(try JSONValueNode.json(of: value, at: path)) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<
        NestedKey
    > {
        let child = node.openItem()
        child.makeObject()
        return KeyedEncodingContainer(JSONValueKeyedContainer<NestedKey>(node: child, path: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.openItem()
        child.makeArray()
        return JSONValueUnkeyedContainer(node: child, path: path)
    }

    mutating func superEncoder() -> any Encoder {
        JSONValueNodeEncoder(node: node.openItem(), path: path)
    }
}

private struct JSONValueSingleContainer: SingleValueEncodingContainer {
    let node: JSONValueNode
    let path: JSONCodingPath
    var codingPath: [any CodingKey] { path.keys }

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode(_ value: Bool) throws { node.set(.bool(value)) }
    mutating func encode(_ value: String) throws { node.set(.string(value)) }
    mutating func encode(_ value: Double) throws { node.set(try JSONValueNode.number(value, at: path)) }
    mutating func encode(_ value: Float) throws { node.set(try JSONValueNode.number(value, at: path)) }
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
    mutating func encode(_ value: some Encodable) throws { node.set(try JSONValueNode.json(of: value, at: path)) }
}
