/// Writes a run of JSON values into room a ``JSONTextWriter`` reserved for all of them at once
/// (``JSONTextWriter/writeInPlace(upTo:_:)``): each value is a few stores behind a pointer, with
/// no array bookkeeping of its own. It writes what the writer's own methods write.
///
/// A value that does not fit is not written, and nothing after it: the cursor notes that it
/// overflowed, and the writer runs the same writing again in room twice as large.
@frozen
public struct JSONTextCursor {
    /// Where the next byte goes.
    @usableFromInline var position: UnsafeMutablePointer<UInt8>
    /// The end of the room.
    @usableFromInline let end: UnsafeMutablePointer<UInt8>
    /// Whether the next member or element needs a comma before it.
    @usableFromInline var needsComma: Bool
    /// Whether a value did not fit (nothing was written from it on).
    @usableFromInline var overflowed = false

    @usableFromInline
    init(start: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>, needsComma: Bool) {
        position = start
        self.end = end
        self.needsComma = needsComma
    }

    /// Opens an object (as a value, or as the member whose key was just written).
    @inlinable
    public mutating func beginObject() {
        guard room(for: 2) else { return }
        separate()
        position[0] = UInt8(ascii: "{")
        position += 1
        needsComma = false
    }

    /// Closes the open object.
    @inlinable
    public mutating func endObject() {
        guard room(for: 1) else { return }
        position[0] = UInt8(ascii: "}")
        position += 1
        needsComma = true
    }

    /// Writes a member's key; its value follows.
    @inlinable
    public mutating func key(_ name: StaticString) {
        let length = name.utf8CodeUnitCount
        guard room(for: length + 4) else { return }
        separate()
        position[0] = UInt8(ascii: "\"")
        Self.copy(name.utf8Start, count: length, to: position + 1)
        position[length + 1] = UInt8(ascii: "\"")
        position[length + 2] = UInt8(ascii: ":")
        position += length + 3
        needsComma = false
    }

    /// Writes a member's key made ahead of time; its value follows. The key's words are stored
    /// whole (bytes past its end are written over by what follows, or lie past the end written).
    @inlinable
    public mutating func key(_ key: JSONKey) {
        guard key.count <= JSONKey.wordBytes, !overflowed, end - position > JSONKey.wordBytes else {
            return self.key(key.name)
        }
        separate()
        let raw = UnsafeMutableRawPointer(position)
        raw.storeBytes(of: key.words.0.littleEndian, as: UInt64.self)
        raw.storeBytes(of: key.words.1.littleEndian, toByteOffset: 8, as: UInt64.self)
        raw.storeBytes(of: key.words.2.littleEndian, toByteOffset: 16, as: UInt64.self)
        position += key.count
        needsComma = false
    }

    /// Writes a string value, escaped as ``JSONTextWriter/string(_:)`` escapes it.
    @inlinable
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            // At worst every byte becomes a six-byte `\u00XX`.
            guard room(for: utf8.count * 6 + 3) else { return }
            separate()
            position += JSONTextWriter.writeQuoted(utf8, to: position)
        }
        needsComma = true
    }

    /// Writes a number value; `null` when it is not finite.
    @inlinable
    public mutating func number(_ value: Double) {
        guard room(for: 41) else { return }
        separate()
        position += JSONTextWriter.writeNumber(value, to: position)
        needsComma = true
    }

    /// Writes an integer value.
    @inlinable
    public mutating func integer(_ value: Int64) {
        guard room(for: 21) else { return }
        separate()
        position += JSONTextWriter.writeInteger(value, to: position)
        needsComma = true
    }

    /// Writes `true` or `false`.
    @inlinable
    public mutating func bool(_ value: Bool) {
        literal(value ? "true" : "false")
    }

    /// Writes `null`.
    @inlinable
    public mutating func null() {
        literal("null")
    }

    @inlinable
    mutating func literal(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        guard room(for: length + 1) else { return }
        separate()
        Self.copy(text.utf8Start, count: length, to: position)
        position += length
        needsComma = true
    }

    /// Copies `count` bytes: up to 16 (most keys and every literal) in two loads and two stores
    /// that may overlap, as a copy call does for small sizes, without the call, which cost more
    /// than the rest of writing a short key.
    @inlinable
    static func copy(_ source: UnsafePointer<UInt8>, count: Int, to target: UnsafeMutablePointer<UInt8>) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        switch count {
        case 8...16:
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        case 4...7:
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        case 1...3:
            // The first, middle and last bytes: one, two or three of them.
            target[0] = source[0]
            target[count &>> 1] = source[count &>> 1]
            target[count &- 1] = source[count &- 1]
        case 0:
            break
        default:
            target.update(from: source, count: count)
        }
    }

    /// A comma when one is due (room for it was checked).
    @inlinable
    mutating func separate() {
        guard needsComma else { return }
        position[0] = UInt8(ascii: ",")
        position += 1
    }

    /// Whether `count` more bytes fit; when they do not, the cursor has overflowed for good.
    @inlinable
    mutating func room(for count: Int) -> Bool {
        guard !overflowed, end - position >= count else {
            overflowed = true
            return false
        }
        return true
    }
}
