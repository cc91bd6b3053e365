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

    /// Reads the object that starts here member by member, each key's bytes decoded.
    @inline(__always)
    mutating func readMember(
        _ member: (inout JSONByteReader, UnsafeBufferPointer<UInt8>) throws(Failure) -> Void
    ) throws(Failure) {
        try readObject { (reader: inout JSONByteReader, token: StringToken) throws(Failure) in
            if !token.hasEscapes {
                try member(&reader, UnsafeBufferPointer(rebasing: reader.bytes[token.start..<token.end]))
                return
            }
            // A key with escapes is rare: decode it into its own buffer first.
            let decoded = reader.withDecoded(token) { Array($0) } ?? []
            try decoded.withUnsafeBufferPointer { (key) throws(Failure) in try member(&reader, key) }
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
