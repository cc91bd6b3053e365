#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decimal text to numbers, exactly as the `Codable` path reads it: the nearest `Double` to the
/// written decimal (correctly rounded), so a price read from bytes equals the one `JSONDecoder`
/// gives. Most prices take the exact fast path (at most 19 significant digits, a power of ten
/// that is itself exact); anything else goes to the C library's correctly rounded `strtod`.
enum DecimalText {
    /// Powers of ten that are exact doubles.
    static let exactPowers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// The finite number `text` spells. `strict` follows JSON's number grammar (as a JSON number
    /// token already does); otherwise, for numbers inside strings, surrounding spaces, a leading
    /// `+` and a bare `.5` or `5.` are accepted too, as `Double(String)` accepts them.
    static func double(_ text: UnsafeBufferPointer<UInt8>, strict: Bool) throws(JSONByteReader.Failure) -> Double {
        var start = 0
        var end = text.count
        if !strict {
            while start < end, text[start] == 0x20 || text[start] == 0x09 { start += 1 }
            while end > start, text[end - 1] == 0x20 || text[end - 1] == 0x09 { end -= 1 }
        }
        var index = start
        var negative = false
        if index < end, text[index] == UInt8(ascii: "-") || (!strict && text[index] == UInt8(ascii: "+")) {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var digits = try Significand(text, from: &index, end: end)
        if index < end, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            digits.exponent += try exponent(text, from: &index, end: end, limit: 100_000)
        }
        guard index == end else { throw .badNumber }
        if digits.mantissa == 0 { return negative ? -0.0 : 0 }
        if !digits.dropped, digits.mantissa <= 1 << 53, let value = fastPath(digits.mantissa, digits.exponent) {
            return negative ? -value : value
        }
        return try slowPath(UnsafeBufferPointer(rebasing: text[start..<end]))
    }

    /// The digits of a decimal before its exponent: the first 19 significant ones as an integer,
    /// the power of ten they stand at, and whether a non-zero digit was left out.
    private struct Significand {
        var mantissa: UInt64 = 0
        var exponent = 0
        var dropped = false

        /// Reads digits and at most one dot from `index`; at least one digit is needed.
        @inline(__always)
        init(_ text: UnsafeBufferPointer<UInt8>, from index: inout Int, end: Int) throws(JSONByteReader.Failure) {
            var significant = 0
            var digits = 0
            var seenDot = false
            while index < end {
                let byte = text[index]
                if byte == UInt8(ascii: ".") {
                    guard !seenDot else { throw .badNumber }
                    seenDot = true
                } else if let digit = DecimalText.digit(byte) {
                    digits += 1
                    if mantissa == 0 && digit == 0 {
                        if seenDot { exponent -= 1 }
                    } else if significant < 19 {
                        mantissa = mantissa * 10 + UInt64(digit)
                        significant += 1
                        if seenDot { exponent -= 1 }
                    } else {
                        if digit != 0 { dropped = true }
                        if !seenDot { exponent += 1 }
                    }
                } else {
                    break
                }
                index += 1
            }
            guard digits > 0 else { throw .badNumber }
        }
    }

    /// The exponent after an `e`: an optional sign and at least one digit, its size held at
    /// `limit` (a larger one only overflows or underflows further).
    @inline(__always)
    private static func exponent(
        _ text: UnsafeBufferPointer<UInt8>, from index: inout Int, end: Int, limit: Int
    ) throws(JSONByteReader.Failure) -> Int {
        var isNegative = false
        if index < end, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
            isNegative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var written = 0
        let digitsStart = index
        while index < end, let digit = Self.digit(text[index]) {
            written = min(written * 10 + digit, limit)
            index += 1
        }
        guard index > digitsStart else { throw .badNumber }
        return isNegative ? -written : written
    }

    /// `Int64` from an integer token; a fraction or exponent is accepted when the value is whole.
    static func int64(_ text: UnsafeBufferPointer<UInt8>) throws(JSONByteReader.Failure) -> Int64 {
        var index = 0
        var negative = false
        if index < text.count, text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var magnitude: UInt64 = 0
        let digitsStart = index
        while index < text.count, let digit = Self.digit(text[index]) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { throw .badNumber }
            magnitude = sum
            index += 1
        }
        guard index > digitsStart else { throw .badNumber }
        if index < text.count {
            // `1.0` or `25e7`: whole values only, as an integer field, computed exactly.
            var exponent = 0
            if text[index] == UInt8(ascii: ".") {
                index += 1
                exponent = try fraction(text, from: &index, into: &magnitude)
            }
            if index < text.count {
                guard text[index] | 0x20 == UInt8(ascii: "e") else { throw .badNumber }
                index += 1
                exponent += try Self.exponent(text, from: &index, end: text.count, limit: 10_000)
                guard index == text.count else { throw .badNumber }
            }
            magnitude = try whole(magnitude, timesTenToThe: exponent, text: text)
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw .badNumber }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw .badNumber }
        return Int64(magnitude)
    }

    /// Takes the digits after an integer's dot into `magnitude` and returns the power of ten it
    /// now stands at; zeros are taken in only when a later digit needs them (`5.000` stays 5).
    private static func fraction(
        _ text: UnsafeBufferPointer<UInt8>, from index: inout Int, into magnitude: inout UInt64
    ) throws(JSONByteReader.Failure) -> Int {
        let fractionStart = index
        var exponent = 0
        var zeros = 0
        while index < text.count, let digit = Self.digit(text[index]) {
            index += 1
            guard digit != 0 else {
                zeros += 1
                continue
            }
            for _ in 0...zeros {
                let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { throw .badNumber }
                magnitude = times10
            }
            let (sum, overflow) = magnitude.addingReportingOverflow(UInt64(digit))
            guard !overflow else { throw .badNumber }
            magnitude = sum
            exponent -= zeros + 1
            zeros = 0
        }
        guard index > fractionStart else { throw .badNumber }
        return exponent
    }

    /// `magnitude × 10^exponent` when it is whole and fits, computed exactly.
    private static func whole(
        _ magnitude: UInt64, timesTenToThe exponent: Int, text: UnsafeBufferPointer<UInt8>
    ) throws(JSONByteReader.Failure) -> UInt64 {
        var magnitude = magnitude
        var exponent = exponent
        while exponent < 0 {
            guard magnitude % 10 == 0 else {
                // A fraction a double cannot hold (`98032940177128242.04`, past 2^53) is read
                // as the whole part, as Foundation's JSONDecoder reads it: both paths agree.
                guard Self.isIntegralAsDouble(text) else { throw .badNumber }
                while exponent < 0 {
                    magnitude /= 10
                    exponent += 1
                }
                break
            }
            magnitude /= 10
            exponent += 1
        }
        while exponent > 0, magnitude != 0 {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            guard !overflow else { throw .badNumber }
            magnitude = times10
            exponent -= 1
        }
        return magnitude
    }

    /// Whether the number reads as a whole double (its fraction lost to the double's precision).
    private static func isIntegralAsDouble(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let value = Double(String(decoding: text, as: UTF8.self)), value.isFinite else { return false }
        return value.rounded(.towardZero) == value
    }

    /// Clinger's fast path: exact when the mantissa and the power of ten are both exact doubles.
    @inline(__always)
    static func fastPath(_ mantissa: UInt64, _ exponent: Int) -> Double? {
        let value = Double(mantissa)
        if exponent == 0 { return value }
        if exponent < 0 {
            guard exponent >= -22 else { return nil }
            return value / exactPowers[-exponent]
        }
        if exponent <= 22 { return value * exactPowers[exponent] }
        // 123e25 is 123000e22 when the larger mantissa is still exact.
        guard exponent <= 22 + 15 else { return nil }
        let shifted = value * exactPowers[exponent - 22]
        guard shifted <= 9_007_199_254_740_992 else { return nil }
        return shifted * exactPowers[22]
    }

    static func slowPath(_ text: UnsafeBufferPointer<UInt8>) throws(JSONByteReader.Failure) -> Double {
        let value = withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer -> Double? in
            for index in 0..<text.count { buffer[index] = CChar(bitPattern: text[index]) }
            buffer[text.count] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(buffer.baseAddress!, &end)
            guard let end, end - buffer.baseAddress! == text.count else { return nil }
            return value
        }
        guard let value, value.isFinite else { throw .badNumber }
        return value
    }

    @inline(__always)
    fileprivate static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
