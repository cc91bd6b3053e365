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

    /// A number written with exactly `decimals` decimals, as Binance writes its books
    /// (`"0.00000000"`: python-binance removes a level only on that text).
    public static func fixed(_ value: Double, decimals: Int = 8) -> WireDecimal {
        let decimals = max(0, min(decimals, 18))
        var text = plain(value, decimals: decimals)
        guard decimals > 0 else { return WireDecimal(text: text) }
        let written = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 }
        if written == nil { text += "." }
        text += String(repeating: "0", count: decimals - (written ?? 0))
        return WireDecimal(text: text)
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

    /// `value` in plain decimal notation with at most `decimals` decimals: what `%.Nf` writes,
    /// trailing zeros dropped.
    static func plain(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        let decimals = max(0, min(decimals, 18))
        if let text = scaledPlain(value, decimals: decimals) { return text }
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    /// ``plain(_:decimals:)`` without Foundation's formatter (most of a simulated year of klines'
    /// cost). The whole part is exact, and so is what is left of it (the fraction); the fraction
    /// scaled by 10^decimals is rounded to whole units, unless it is so near a half that the
    /// product's rounding could have moved it across (where `%.Nf`, rounding the exact value,
    /// might round the other way). `nil` there and for magnitudes from 2^63 on.
    private static func scaledPlain(_ value: Double, decimals: Int) -> String? {
        let magnitude = abs(value)
        guard magnitude < 9_223_372_036_854_775_808 else { return nil }
        var whole = UInt64(magnitude)
        let scale = DecimalText.exactPowers[decimals]
        let scaled = (magnitude - Double(whole)) * scale
        // The product is within half an ulp of the exact one; an ulp of margin covers it.
        guard abs(scaled - scaled.rounded(.down) - 0.5) > scaled.ulp else { return nil }
        var units = UInt64(scaled.rounded())
        if units >= UInt64(scale) {
            units = 0
            whole += 1
        }
        guard whole > 0 || units > 0 else { return "0" }
        var digits: [UInt8] = []
        digits.reserveCapacity(40)
        // Written backwards: the decimals without their trailing zeros, the whole part, the sign.
        var place = 0
        while place < decimals, units % 10 == 0 {
            units /= 10
            place += 1
        }
        while place < decimals {
            digits.append(UInt8(ascii: "0") + UInt8(units % 10))
            units /= 10
            place += 1
        }
        if !digits.isEmpty { digits.append(UInt8(ascii: ".")) }
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(whole % 10))
            whole /= 10
        } while whole > 0
        if value < 0 { digits.append(UInt8(ascii: "-")) }
        return String(decoding: digits.reversed(), as: UTF8.self)
    }
}
