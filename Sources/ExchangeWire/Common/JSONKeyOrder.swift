/// The keys of an object in the order its sender writes them, packed for matching: a reader that
/// meets them in that order recognises each key with a word compare or two instead of scanning it
/// and dispatching on its bytes (as simdjson's on-demand API expects fields in order first). Any
/// other order, escaped keys and unknown keys are still read, by the general path.
struct JSONKeyOrder: Sendable {
    /// Every key followed by its closing quote, back to back, then eight zero bytes so that a
    /// word can be loaded at any key's last byte.
    private let packed: [UInt8]
    /// Where each key starts in `packed`, and its length with the closing quote.
    private let spans: [Span]

    private struct Span: Sendable {
        var start: Int
        var count: Int
    }

    /// The keys, each as it is written (no escapes).
    init(_ keys: [StaticString]) {
        var packed: [UInt8] = []
        var spans: [Span] = []
        for key in keys {
            spans.append(Span(start: packed.count, count: key.utf8CodeUnitCount + 1))
            packed.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            packed.append(UInt8(ascii: "\""))
        }
        packed.append(contentsOf: repeatElement(0, count: 8))
        self.packed = packed
        self.spans = spans
    }

    /// How many keys.
    var count: Int { spans.count }

    /// When the key at `position` is written at `offset` of `bytes` (just after its opening quote),
    /// the bytes it takes with its closing quote; `nil` otherwise.
    @inline(__always)
    func match(_ position: Int, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard position < spans.count, let frame = bytes.baseAddress else { return nil }
        let span = spans[position]
        guard offset + span.count <= bytes.count else { return nil }
        return packed.withUnsafeBufferPointer { packed -> Int? in
            let expected = UnsafeRawPointer(packed.baseAddress! + span.start)
            let actual = UnsafeRawPointer(frame + offset)
            // Whole words while the frame has room for them past the key, then byte by byte.
            var compared = 0
            while compared < span.count, offset + compared + 8 <= bytes.count {
                let difference =
                    actual.loadUnaligned(fromByteOffset: compared, as: UInt64.self)
                    ^ expected.loadUnaligned(fromByteOffset: compared, as: UInt64.self)
                let left = span.count - compared
                // Only the key's own bytes count in its last word (byte 0 is the lowest in memory).
                let mask = left >= 8 ? UInt64.max : UInt64(littleEndian: (1 << UInt64(left * 8)) - 1)
                guard difference & mask == 0 else { return nil }
                compared += 8
            }
            while compared < span.count {
                guard
                    actual.load(fromByteOffset: compared, as: UInt8.self)
                        == expected.load(fromByteOffset: compared, as: UInt8.self)
                else { return nil }
                compared += 1
            }
            return span.count
        }
    }
}
