/// Matches a search query against a market (SPEC §1.2): a case-insensitive part of the Korean
/// name, English name, symbol or market code, where a Hangul initial consonant in the query
/// (초성, e.g. `ㅂㅌ`) matches any syllable starting with it (`비트코인`).
public struct SearchMatcher: Sendable, Hashable {
    /// The query as typed.
    public let query: String
    private let pattern: [Unicode.Scalar]
    /// The pattern's bytes when it is all ASCII (lower-cased): matched against ASCII text in
    /// place, with no lower-cased copy of the text.
    private let asciiPattern: [UInt8]?

    /// Prepares a query; surrounding spaces are ignored and an empty query matches everything.
    public init(_ query: String) {
        self.query = query
        pattern = Array(query.trimmingWhitespace().lowercased().unicodeScalars)
        asciiPattern = pattern.allSatisfy(\.isASCII) ? pattern.map { UInt8($0.value) } : nil
    }

    /// Whether the query is empty, so everything matches.
    public var matchesEverything: Bool { pattern.isEmpty }

    /// Whether the market matches the query.
    public func matches(_ market: Market) -> Bool {
        matchesEverything
            || matches(market.koreanName)
            || matches(market.englishName)
            || matches(market.symbol)
            || matches(market.id.rawValue)
    }

    /// Whether a part of `text` matches the query.
    public func matches(_ text: String) -> Bool {
        if pattern.isEmpty { return true }
        if let asciiPattern, let found = Self.asciiMatch(asciiPattern, in: text) { return found }
        let scalars = Array(text.lowercased().unicodeScalars)
        guard scalars.count >= pattern.count else { return false }
        for start in 0...(scalars.count - pattern.count) {
            var index = 0
            while index < pattern.count, Self.scalar(pattern[index], matches: scalars[start + index]) {
                index += 1
            }
            if index == pattern.count { return true }
        }
        return false
    }

    /// Whether `text` holds `pattern` (lower-case ASCII), letters compared without case, byte by
    /// byte in its UTF-8: an ASCII byte there is an ASCII character, and no other character
    /// lower-cases to ASCII but `İ` (U+0130, to `i` and a dot) and the Kelvin sign (U+212A, to
    /// `k`), so a Korean name is searched in place, not lower-cased into a copy. `nil` for a text
    /// with either of those two (Unicode's lower-casing then decides).
    private static func asciiMatch(_ pattern: [UInt8], in text: String) -> Bool? {
        var text = text
        return text.withUTF8 { bytes -> Bool? in
            @inline(__always) func lowered(_ byte: UInt8) -> UInt8 {
                byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            }
            // U+0130 is C4 B0 in UTF-8 and U+212A is E2 84 AA, whatever surrounds them.
            let lowersToASCII = bytes.indices.dropFirst().contains { end in
                (bytes[end - 1] == 0xC4 && bytes[end] == 0xB0)
                    || (end >= 2 && bytes[end - 2] == 0xE2 && bytes[end - 1] == 0x84 && bytes[end] == 0xAA)
            }
            if lowersToASCII { return nil }
            guard bytes.count >= pattern.count else { return false }
            for start in 0...(bytes.count - pattern.count) {
                var index = 0
                while index < pattern.count, lowered(bytes[start + index]) == pattern[index] { index += 1 }
                if index == pattern.count { return true }
            }
            return false
        }
    }

    private static func scalar(_ wanted: Unicode.Scalar, matches found: Unicode.Scalar) -> Bool {
        if wanted == found { return true }
        guard let initial = HangulInitial(consonant: wanted) else { return false }
        return HangulInitial(syllable: found) == initial
    }
}

/// The initial consonant (초성) of a Hangul syllable, as one of the 19 choseong.
struct HangulInitial: Hashable {
    let index: Int

    /// The 19 initial consonants as Hangul Compatibility Jamo (what a keyboard types).
    private static let compatibilityJamo: [UInt32] = [
        0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145,
        0x3146, 0x3147, 0x3148, 0x3149, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]

    /// The initial a syllable such as `비` starts with; `nil` for anything but a precomposed syllable.
    init?(syllable: Unicode.Scalar) {
        let value = syllable.value
        guard (0xAC00...0xD7A3).contains(value) else { return nil }
        index = Int((value - 0xAC00) / 588)
    }

    /// The initial a typed consonant such as `ㅂ` stands for (compatibility or conjoining jamo).
    init?(consonant: Unicode.Scalar) {
        let value = consonant.value
        if let position = Self.compatibilityJamo.firstIndex(of: value) {
            index = position
        } else if (0x1100...0x1112).contains(value) {
            index = Int(value - 0x1100)
        } else {
            return nil
        }
    }
}
