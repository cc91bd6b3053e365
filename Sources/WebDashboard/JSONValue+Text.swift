import NIOCore

extension JSONValue {
    /// The value's JSON text, byte for byte as `JSONEncoder` writes it with sorted keys and
    /// slashes left alone: keys in the order of their UTF-8 bytes, a number as Swift prints it
    /// (without a trailing `.0`), strings with `"`, `\` and the control characters escaped.
    /// A tab's messages are written this way, with no `JSONEncoder` on their path.
    func write(to buffer: inout ByteBuffer) {
        switch self {
        case .null: buffer.writeStaticString("null")
        case .bool(let value): buffer.writeStaticString(value ? "true" : "false")
        case .integer(let value): buffer.writeString(String(value))
        case .number(let value):
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            buffer.writeString(text)
        case .string(let value): Self.write(value, to: &buffer)
        case .array(let items):
            buffer.writeInteger(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
                item.write(to: &buffer)
            }
            buffer.writeInteger(UInt8(ascii: "]"))
        case .object(let members):
            buffer.writeInteger(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (index, member) in sorted.enumerated() {
                if index > 0 { buffer.writeInteger(UInt8(ascii: ",")) }
                Self.write(member.key, to: &buffer)
                buffer.writeInteger(UInt8(ascii: ":"))
                member.value.write(to: &buffer)
            }
            buffer.writeInteger(UInt8(ascii: "}"))
        }
    }

    /// The value's JSON text in a buffer of its own.
    var text: ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: 1024)
        write(to: &buffer)
        return buffer
    }

    private static func write(_ string: String, to buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(ascii: "\""))
        var start = string.utf8.startIndex
        var index = start
        let utf8 = string.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            let escape: StaticString? =
                switch byte {
                case UInt8(ascii: "\""): "\\\""
                case UInt8(ascii: "\\"): "\\\\"
                case 0x0A: "\\n"
                case 0x0D: "\\r"
                case 0x09: "\\t"
                case 0x08: "\\b"
                case 0x0C: "\\f"
                default: nil
                }
            guard escape != nil || byte < 0x20 else {
                index = utf8.index(after: index)
                continue
            }
            buffer.writeSubstring(Substring(utf8[start..<index]))
            if let escape {
                buffer.writeStaticString(escape)
            } else {
                let hex = Array("0123456789abcdef".utf8)
                buffer.writeBytes([
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                    hex[Int(byte & 0xF)],
                ])
            }
            index = utf8.index(after: index)
            start = index
        }
        buffer.writeSubstring(Substring(utf8[start..<index]))
        buffer.writeInteger(UInt8(ascii: "\""))
    }
}
