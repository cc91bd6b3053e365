/// A market code in the Korean exchanges' `QUOTE-BASE` form, such as `KRW-BTC`.
///
/// Codes are kept upper-case: the exchanges' WebSocket feeds ignore lower-case codes.
public struct MarketID: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The code as the exchange writes it, e.g. `KRW-BTC`.
    public let rawValue: String

    /// Makes a market id from a code, upper-casing it; `nil` when it is not `QUOTE-BASE`.
    public init?(_ code: String) {
        let upper = code.trimmingWhitespace().uppercased()
        let parts = upper.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(Self.isCodeCharacter) }) else {
            return nil
        }
        rawValue = upper
    }

    /// Makes a market id from a quote and a base currency, e.g. `KRW` and `BTC`.
    public init(quote: String, base: String) {
        rawValue = "\(quote.uppercased())-\(base.uppercased())"
    }

    /// The quote currency, e.g. `KRW`.
    public var quote: String {
        // By bytes: the dash is ASCII, and looking for it by characters is many times slower.
        let code = rawValue.utf8
        return String(decoding: code.prefix { $0 != UInt8(ascii: "-") }, as: UTF8.self)
    }

    /// Whether the market is quoted in `quote` (`KRW-BTC` in `KRW`): ``quote`` without making it.
    public func isQuoted(in quote: String) -> Bool {
        let code = rawValue.utf8
        return code.starts(with: quote.utf8) && code.dropFirst(quote.utf8.count).first == UInt8(ascii: "-")
    }

    /// The base currency (the coin's symbol), e.g. `BTC`.
    public var base: String {
        let code = rawValue.utf8
        guard let dash = code.firstIndex(of: UInt8(ascii: "-")) else { return rawValue }
        return String(decoding: code[code.index(after: dash)...], as: UTF8.self)
    }

    public var description: String { rawValue }

    public static func < (lhs: MarketID, rhs: MarketID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let code = try container.decode(String.self)
        guard let id = MarketID(code) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Not a QUOTE-BASE market code: \(code)")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private static func isCodeCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    public func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

extension MarketID {
    /// Makes a market id from a code's UTF-8 bytes, as ``init(_:)`` does from a string (surrounding
    /// spaces dropped, letters upper-cased, `QUOTE-BASE` required), without an intermediate string:
    /// the live feeds read codes straight from a frame's bytes. A short code (15 bytes or fewer,
    /// as every market code is) is stored inline and allocates nothing.
    public init?(utf8 code: UnsafeBufferPointer<UInt8>) {
        if Self.isWrittenAsKept(code) {
            rawValue = String(decoding: code, as: UTF8.self)
            return
        }
        var start = 0
        var end = code.count
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        while start < end, isSpace(code[start]) { start += 1 }
        while end > start, isSpace(code[end - 1]) { end -= 1 }
        var dash: Int?
        for index in start..<end {
            let byte = code[index]
            if byte == UInt8(ascii: "-") {
                guard dash == nil else { return nil }
                dash = index
            } else if !Self.isCodeByte(byte) {
                return nil
            }
        }
        guard let dash, dash > start, dash < end - 1 else { return nil }
        rawValue = String(unsafeUninitializedCapacity: end - start) { buffer in
            for index in start..<end { buffer[index - start] = Self.upper(code[index]) }
            return end - start
        }
    }

    /// Makes a market id from a quote and a base currency given as UTF-8 bytes (`krw`, `btc`),
    /// upper-casing them; `nil` unless both are non-empty ASCII letters and digits.
    public init?(quote: UnsafeBufferPointer<UInt8>, base: UnsafeBufferPointer<UInt8>) {
        guard !quote.isEmpty, !base.isEmpty, quote.allSatisfy(Self.isCodeByte), base.allSatisfy(Self.isCodeByte) else {
            return nil
        }
        let count = quote.count + 1 + base.count
        rawValue = String(unsafeUninitializedCapacity: count) { buffer in
            for index in quote.indices { buffer[index] = Self.upper(quote[index]) }
            buffer[quote.count] = UInt8(ascii: "-")
            for index in base.indices { buffer[quote.count + 1 + index] = Self.upper(base[index]) }
            return count
        }
    }

    /// Whether a code is already as it is kept (as the exchanges write every code): upper-case
    /// letters and digits with one dash between them, nothing around them, so its bytes are taken
    /// as they are.
    @inline(__always)
    private static func isWrittenAsKept(_ code: UnsafeBufferPointer<UInt8>) -> Bool {
        var dashes = 0
        for byte in code {
            if byte &- UInt8(ascii: "A") < 26 || byte &- UInt8(ascii: "0") < 10 { continue }
            guard byte == UInt8(ascii: "-") else { return false }
            dashes &+= 1
        }
        return dashes == 1 && code.first != UInt8(ascii: "-") && code.last != UInt8(ascii: "-")
    }

    private static func isCodeByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
    }
}
