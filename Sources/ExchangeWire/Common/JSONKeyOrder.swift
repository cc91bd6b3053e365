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
    /// Each key with its quote and colon again, in three words with their masks when it fits in
    /// them (as every ticker key does): matched with three loads and no loop. `count` 0 otherwise.
    private let shortKeys: [ShortKey]

    /// A key with its closing quote and colon in at most ``size`` bytes: its words, the mask of each
    /// word's bytes that are the key's (0 past its end), and how many bytes it takes.
    private struct ShortKey: Sendable {
        static let size = 24
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var masks: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0

        /// The key's byte count when `actual` (``size`` bytes or more) starts with it, else `nil`.
        @inline(__always)
        func match(_ actual: UnsafeRawPointer) -> Int? {
            @inline(__always) func word(_ place: Int) -> UInt64 {
                UInt64(littleEndian: actual.loadUnaligned(fromByteOffset: place &* 8, as: UInt64.self))
            }
            let differences =
                (word(0) ^ words.0) & masks.0 | (word(1) ^ words.1) & masks.1 | (word(2) ^ words.2) & masks.2
            return differences == 0 ? count : nil
        }

        /// No key: the general match is used.
        init() {}

        /// A key from its packed words (zeros past its `count` bytes); `nil` past ``size`` bytes.
        init?(_ keyWords: ArraySlice<UInt64>, count: Int) {
            guard count <= Self.size else { return nil }
            func word(_ place: Int) -> UInt64 { place < keyWords.count ? keyWords[keyWords.startIndex + place] : 0 }
            func mask(_ place: Int) -> UInt64 {
                let bytes = min(max(count - 8 * place, 0), 8)
                return bytes == 8 ? .max : (1 << UInt64(8 * bytes)) - 1
            }
            words = (word(0), word(1), word(2))
            masks = (mask(0), mask(1), mask(2))
            self.count = count
        }
    }

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
        var shortKeys: [ShortKey] = []
        for key in keys {
            let bytes =
                Array(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)) + [
                    UInt8(ascii: "\""), UInt8(ascii: ":"),
                ]
            spans.append(
                Span(
                    start: words.count, throughColon: Shape(count: bytes.count),
                    keyOnly: Shape(count: bytes.count - 1)))
            let start = words.count
            for first in stride(from: 0, to: bytes.count, by: 8) {
                var word: UInt64 = 0
                for (place, byte) in bytes[first..<min(first + 8, bytes.count)].enumerated() {
                    word |= UInt64(byte) << UInt64(8 * place)
                }
                words.append(word)
            }
            shortKeys.append(ShortKey(words[start...], count: bytes.count) ?? ShortKey())
        }
        self.words = words
        self.spans = spans
        self.shortKeys = shortKeys
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
        if throughColon, ShortKey.size <= bytes.count &- offset, shortKeys[position].count != 0 {
            let matched = shortKeys[position].match(UnsafeRawPointer(frame + offset))
            assert(matched == wordMatch(position, at: offset, in: bytes, throughColon: true), "a short key's match")
            return matched
        }
        return wordMatch(position, at: offset, in: bytes, throughColon: throughColon)
    }

    /// ``match(_:at:in:throughColon:)`` word by word, for a key of any length.
    private func wordMatch(
        _ position: Int, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>, throughColon: Bool
    ) -> Int? {
        guard let frame = bytes.baseAddress else { return nil }
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
