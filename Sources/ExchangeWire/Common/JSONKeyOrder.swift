/// The keys of an object in the order its sender writes them, packed for matching: a reader that
/// meets them in that order recognises each key with a word compare or two instead of scanning it
/// and dispatching on its bytes (as simdjson's on-demand API expects fields in order first). Any
/// other order, escaped keys and unknown keys are still read, by the general path.
struct JSONKeyOrder: Sendable {
    /// Every key followed by its closing quote and a colon (`price":`), each in whole words of its
    /// own (byte 0 in the low bits, zeros past its end), back to back.
    private let words: [UInt64]
    /// Each key's place in `words` and its two shapes, worked out once.
    private let spans: [Span]

    private struct Span: Sendable {
        /// Where the key's words start in `words`.
        var start: Int
        /// The key with its closing quote and the colon.
        var throughColon: Shape
        /// The key with its closing quote alone.
        var keyOnly: Shape
    }

    /// How many bytes a key takes, its last word's place among its words, and the mask of that
    /// word's bytes that are the key's.
    private struct Shape: Sendable {
        var count: Int
        var last: Int
        var mask: UInt64

        init(count: Int) {
            self.count = count
            last = (count - 1) / 8
            let lastBytes = count - 8 * last
            mask = lastBytes == 8 ? .max : (1 << UInt64(8 * lastBytes)) - 1
        }
    }

    /// The keys, each as it is written (no escapes).
    init(_ keys: [StaticString]) {
        var words: [UInt64] = []
        var spans: [Span] = []
        for key in keys {
            let bytes =
                Array(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)) + [
                    UInt8(ascii: "\""), UInt8(ascii: ":"),
                ]
            spans.append(
                Span(
                    start: words.count, throughColon: Shape(count: bytes.count),
                    keyOnly: Shape(count: bytes.count - 1)))
            for first in stride(from: 0, to: bytes.count, by: 8) {
                var word: UInt64 = 0
                for (place, byte) in bytes[first..<min(first + 8, bytes.count)].enumerated() {
                    word |= UInt64(byte) << UInt64(8 * place)
                }
                words.append(word)
            }
        }
        self.words = words
        self.spans = spans
    }

    /// How many keys.
    var count: Int { spans.count }

    /// When the key at `position` is written at `offset` of `bytes` (just after its opening quote),
    /// the bytes it takes with its closing quote, and with the colon right after it when
    /// `throughColon` (a compact frame's `price":` in one compare); `nil` otherwise.
    @inline(__always)
    func match(
        _ position: Int, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, throughColon: Bool = false
    ) -> Int? {
        guard position < spans.count, let frame = bytes.baseAddress else { return nil }
        let span = spans[position]
        let shape = throughColon ? span.throughColon : span.keyOnly
        let room = bytes.count &- offset
        guard shape.count <= room else { return nil }
        return words.withUnsafeBufferPointer { words -> Int? in
            let expected = words.baseAddress! + span.start
            let actual = UnsafeRawPointer(frame + offset)
            guard (shape.last &+ 1) &* 8 <= room else {
                // Too near the frame's end to load whole words: byte by byte.
                for place in 0..<shape.count
                where actual.load(fromByteOffset: place, as: UInt8.self)
                    != UInt8(truncatingIfNeeded: expected[place &>> 3] &>> UInt64(8 &* (place & 7)))
                {
                    return nil
                }
                return shape.count
            }
            var word = 0
            while word < shape.last {
                let loaded = UInt64(littleEndian: actual.loadUnaligned(fromByteOffset: word &* 8, as: UInt64.self))
                guard loaded == expected[word] else { return nil }
                word &+= 1
            }
            // Only the key's own bytes count in its last word.
            let loaded = UInt64(littleEndian: actual.loadUnaligned(fromByteOffset: shape.last &* 8, as: UInt64.self))
            return (loaded ^ expected[shape.last]) & shape.mask == 0 ? shape.count : nil
        }
    }
}
