import Foundation

/// A number as the string-number venues write it (Bithumb legacy, Korbit, Binance: `"77136000"`,
/// `"0.00054356"`). Decodes from a JSON string or a JSON number alike; encodes as a string in
/// plain decimal notation, never with an exponent.
public struct WireDecimal: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The number as written on the wire.
    public let text: String

    /// A number from its wire text.
    public init(text: String) {
        self.text = text
    }

    /// A number written with at most `decimals` decimals, trailing zeros dropped.
    public init(_ value: Double, decimals: Int = 8) {
        text = Self.plain(value, decimals: decimals)
    }

    /// The value; `nil` when the text is not a finite number.
    public var value: Double? {
        // Foundation's trimming costs more than the number itself: only text that does not read
        // as it is (spaces around it) pays for it.
        guard let number = Double(text) ?? Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
            return nil
        }
        return number
    }

    public var description: String { text }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            text = string
        } else {
            let number = try container.decode(Double.self)
            text = Self.plain(number, decimals: 12)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// `value` in plain decimal notation with at most `decimals` decimals.
    static func plain(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.\(max(0, min(decimals, 18)))f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
