/// RFC 4180 CSV lines: fields with commas, quotes or line breaks are quoted, quotes doubled.
public enum CSV {
    /// One CSV line (without the line break).
    public static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",")
    }

    /// A field, quoted when it needs to be.
    public static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        var quoted = "\""
        for character in field {
            if character == "\"" { quoted += "\"\"" } else { quoted.append(character) }
        }
        return quoted + "\""
    }

    /// A number as a plain decimal without exponent or grouping: `103458000`, `0.0101643282`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let text = String(value)
        guard text.contains("e") else { return text }
        // Spell out small and large magnitudes without an exponent.
        var digits = 1
        while digits < 17, Double(NumberFormatHelpers.fixed(value, digits)) != value { digits += 1 }
        return NumberFormatHelpers.fixed(value, digits)
    }
}

enum NumberFormatHelpers {
    /// `value` with exactly `decimals` decimals, trailing zeros trimmed.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e18 else { return String(value) }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        var fraction = String(units % UInt64(scale))
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = value < 0 ? "-" : ""
        return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }
}
