/// A member's key written out ahead of time, `"name":` in whole words, for a writer that writes
/// the same keys frame after frame (``JSONTextCursor``'s `key(_:)`): each one is then two
/// or three stores, with no bytes copied one by one and no call to copy them.
public struct JSONKey: Sendable {
    /// The key as given.
    public let name: StaticString
    /// `"name":`, byte 0 in the low bits of the first word, zeros past its end.
    @usableFromInline let words: (UInt64, UInt64, UInt64)
    /// The bytes of `"name":` (the words hold them when at most ``JSONKey/wordBytes``).
    @usableFromInline let count: Int

    /// The bytes the words hold.
    @usableFromInline static let wordBytes = 24

    /// A key of plain text (no character JSON escapes); one longer than 21 bytes is written from
    /// `name` each time instead.
    public init(_ name: StaticString) {
        self.name = name
        let bytes =
            [UInt8(ascii: "\"")] + UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            + [UInt8(ascii: "\""), UInt8(ascii: ":")]
        count = bytes.count
        var words: [UInt64] = [0, 0, 0]
        for (place, byte) in bytes.prefix(Self.wordBytes).enumerated() {
            words[place / 8] |= UInt64(byte) << UInt64(8 * (place % 8))
        }
        self.words = (words[0], words[1], words[2])
    }
}
