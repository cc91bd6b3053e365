/// Writes JSON text straight into bytes, for the hot paths where `JSONEncoder` costs far more than
/// the work itself (a frame per tick in the simulator, a line per tick in `stream`).
///
/// It writes what `JSONEncoder` writes for the same values (`.withoutEscapingSlashes`): numbers
/// as `Double.description` without a trailing `.0`, strings with `"`, `\` and control characters
/// escaped and everything else as UTF-8; non-finite numbers, which JSON cannot carry, as `null`.
/// Keys come out in the order they are written.
///
/// Each value (its comma, key or digits) is written with one append that reserves room for it
/// and fills it in place: at a firehose's rate, an array append per byte or per piece was most
/// of the cost.
public struct JSONTextWriter: Sendable {
    /// The text written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next member or element needs a comma before it.
    private var needsComma = false

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// Forgets the text, keeping its storage for the next one.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    /// Opens an object (as a value, or as the member whose key was just written).
    public mutating func beginObject() {
        punctuate(UInt8(ascii: "{"), separated: true)
        needsComma = false
    }

    /// Closes the open object.
    public mutating func endObject() {
        punctuate(UInt8(ascii: "}"), separated: false)
        needsComma = true
    }

    /// Opens an array.
    public mutating func beginArray() {
        punctuate(UInt8(ascii: "["), separated: true)
        needsComma = false
    }

    /// Closes the open array.
    public mutating func endArray() {
        punctuate(UInt8(ascii: "]"), separated: false)
        needsComma = true
    }

    /// Writes a member's key; its value follows.
    public mutating func key(_ name: StaticString) {
        let length = name.utf8CodeUnitCount
        appendSeparated(upTo: length + 3) { out in
            out[0] = UInt8(ascii: "\"")
            (out + 1).update(from: name.utf8Start, count: length)
            out[length + 1] = UInt8(ascii: "\"")
            out[length + 2] = UInt8(ascii: ":")
            return length + 3
        }
        needsComma = false
    }

    /// Writes a member's key made at run time (escaped as a string is); its value follows.
    public mutating func key(made name: String) {
        string(name)
        append(upTo: 1) { out in
            out[0] = UInt8(ascii: ":")
            return 1
        }
        needsComma = false
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            // At worst every byte becomes a six-byte `\u00XX`.
            appendSeparated(upTo: utf8.count * 6 + 2) { Self.writeQuoted(utf8, to: $0) }
        }
        needsComma = true
    }

    /// Writes a number value; `null` when it is not finite.
    public mutating func number(_ value: Double) {
        appendSeparated(upTo: 40) { Self.writeNumber(value, to: $0) }
        needsComma = true
    }

    /// Writes an integer value.
    public mutating func integer(_ value: Int64) {
        appendSeparated(upTo: 20) { Self.writeInteger(value, to: $0) }
        needsComma = true
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        appendLiteral(value ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func null() {
        appendLiteral("null")
    }

    /// Writes what `body` writes with a ``JSONTextCursor``, in room reserved once for all of it
    /// (`limit` bytes): the way to write many values where each is cheap. When it turns out not
    /// to fit, `body` runs again in room twice as large, until it does.
    public mutating func writeInPlace(upTo limit: Int, _ body: (inout JSONTextCursor) -> Void) {
        var room = max(limit, 64)
        while true {
            let comma = needsComma
            var after: Bool?
            bytes.append(addingCapacity: room) { span in
                span.withUnsafeMutableBufferPointer { buffer, written in
                    guard let start = buffer.baseAddress else { return }
                    var cursor = JSONTextCursor(start: start, end: start + buffer.count, needsComma: comma)
                    body(&cursor)
                    guard !cursor.overflowed else { return }
                    written = cursor.position - start
                    after = cursor.needsComma
                }
            }
            if let after {
                needsComma = after
                return
            }
            room *= 2
        }
    }

    /// Writes a line feed after a complete value (NDJSON).
    public mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        needsComma = false
    }

    /// Appends what `body` writes, at most `limit` bytes, in place; `body` returns how many.
    private mutating func append(upTo limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        bytes.append(addingCapacity: limit) { span in
            span.withUnsafeMutableBufferPointer { room, written in
                guard let start = room.baseAddress else { return }
                written = body(start)
            }
        }
    }

    /// Appends what `body` writes in place (at most `limit` bytes; it returns how many), after a
    /// comma when one is due.
    private mutating func appendSeparated(upTo limit: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        let comma = needsComma
        append(upTo: limit + 1) { out in
            guard comma else { return body(out) }
            out[0] = UInt8(ascii: ",")
            return 1 + body(out + 1)
        }
    }

    /// A bracket, after a comma when one is due and `separated`.
    private mutating func punctuate(_ bracket: UInt8, separated: Bool) {
        if separated, needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(bracket)
    }

    /// A literal value, after a comma when one is due.
    private mutating func appendLiteral(_ text: StaticString) {
        appendSeparated(upTo: text.utf8CodeUnitCount) { out in
            out.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            return text.utf8CodeUnitCount
        }
        needsComma = true
    }
}
