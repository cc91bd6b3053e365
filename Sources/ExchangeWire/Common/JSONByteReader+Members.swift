/// Reading an object's members by their decoded keys, the way every ticker-frame reader walks a frame.
extension JSONByteReader {
    /// Whether a key's bytes spell `literal`.
    @inline(__always)
    static func key(_ key: UnsafeBufferPointer<UInt8>, is literal: StaticString) -> Bool {
        guard key.count == literal.utf8CodeUnitCount else { return false }
        // Keys are short: a byte loop beats a call to memcmp.
        let expected = literal.utf8Start
        for index in 0..<key.count where key[index] != expected[index] { return false }
        return true
    }

    /// Reads the object at the start of the document member by member, each key's bytes decoded
    /// (escapes included), then insists that nothing but whitespace follows it.
    @inline(__always)
    mutating func readDocument(
        _ member: (inout JSONByteReader, UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        try readMember(member)
        guard isAtEnd() else { throw .unexpected(bytes[index]) }
    }

    /// Reads the object at the start of the document like ``readMember(expecting:_:)``, then
    /// insists that nothing but whitespace follows it.
    @inline(__always)
    mutating func readDocument(
        expecting order: JSONKeyOrder,
        _ member: (inout JSONByteReader, Int?, UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        try readMember(expecting: order, member)
        guard isAtEnd() else { throw .unexpected(bytes[index]) }
    }

    /// Reads the object that starts here member by member, each key's bytes decoded.
    @inline(__always)
    mutating func readMember(
        _ member: (inout JSONByteReader, UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        try forEachMember { (reader) throws(Failure) in try reader.readAnyKey(member) }
    }

    /// Reads a key (escapes decoded) and its colon, then calls `body` with the key's bytes.
    @inline(__always)
    private mutating func readAnyKey(
        _ body: (inout JSONByteReader, UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        let token = try readStringToken()
        try expect(UInt8(ascii: ":"))
        if !token.hasEscapes {
            return try body(&self, UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]))
        }
        // A key with escapes is rare: decode it into its own buffer first.
        let decoded = withDecoded(token) { Array($0) } ?? []
        try decoded.withUnsafeBufferPointer { (key) throws(Failure) in try body(&self, key) }
    }

    /// Reads the object that starts here member by member like ``readMember(_:)``, expecting its
    /// keys in `order`: `member` gets each key's position in `order` when it is the one expected
    /// there (or the one after it: a key left out), `nil` otherwise, and the key's decoded bytes.
    /// Keys in order cost a word compare or two each; a key that is not the expected one is read
    /// as ``readMember(_:)`` reads it, and the same key is expected next (a key put in).
    @inline(__always)
    mutating func readMember(
        expecting order: JSONKeyOrder,
        _ member: (inout JSONByteReader, Int?, UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        var expected = 0
        try forEachMember { (reader) throws(Failure) in
            // The commonest case: the expected key, its colon right after it.
            if let key = reader.readKeyThroughColon(order, at: expected) {
                try member(&reader, expected, UnsafeBufferPointer(rebasing: reader.bytes[key]))
                expected += 1
                return
            }
            for position in expected...(expected + 1) {
                guard let key = reader.readKey(order, at: position) else { continue }
                try reader.expect(UInt8(ascii: ":"))
                try member(&reader, position, UnsafeBufferPointer(rebasing: reader.bytes[key]))
                expected = position + 1
                return
            }
            try reader.readAnyKey { (reader, key) throws(Failure) in try member(&reader, nil, key) }
        }
    }

    /// A string value's decoded text, or the text of a number (`name` of an Upbit error can be either).
    mutating func readText() throws(Failure) -> String {
        switch try peek() {
        case UInt8(ascii: "\""): return string(try readStringToken())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return String(try readInt64())
        default: throw .wrongType
        }
    }

    /// A number written as a string or as a JSON number; `nil` when a string's text is not a
    /// finite number (as ``WireDecimal/value`` is `nil`); fails on any other JSON type.
    mutating func readDecimalIfNumber() throws(Failure) -> Double? {
        guard try peek() == UInt8(ascii: "\"") else { return try readDouble() }
        let token = try readStringToken()
        let value = withDecoded(token) { text -> Double? in
            do throws(Failure) { return try DecimalText.double(text, strict: false) } catch { return nil }
        }
        return value ?? nil
    }
}
