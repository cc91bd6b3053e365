import NIOCore
import SiseSupport

extension JSONValue {
    /// Writes the value's JSON text as `JSONEncoder` writes it with sorted keys and slashes left
    /// alone (``JSONTextWriter`` writes each value as `JSONEncoder` does; the keys come sorted by
    /// their UTF-8 bytes, as `JSONEncoder` sorts them). A tab's messages are written this way,
    /// with no `JSONEncoder` on their path.
    func write(to writer: inout JSONTextWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .integer(let value): writer.integer(value)
        case .number(let value): writer.number(value)
        case .string(let value): writer.string(value)
        case .array(let items):
            writer.beginArray()
            for item in items { item.write(to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for member in members.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
                writer.key(made: member.key)
                member.value.write(to: &writer)
            }
            writer.endObject()
        }
    }

    /// The value's JSON text in a buffer of its own.
    var text: ByteBuffer {
        var writer = JSONTextWriter(capacity: 1024)
        write(to: &writer)
        return ByteBuffer(bytes: writer.bytes)
    }
}
