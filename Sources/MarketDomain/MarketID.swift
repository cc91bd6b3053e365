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
    public var quote: String { String(rawValue.prefix { $0 != "-" }) }

    /// The base currency (the coin's symbol), e.g. `BTC`.
    public var base: String {
        guard let dash = rawValue.firstIndex(of: "-") else { return rawValue }
        return String(rawValue[rawValue.index(after: dash)...])
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
