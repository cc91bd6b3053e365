/// How ``JSONTextWriter`` writes a number's digits and a string's escapes straight into its
/// bytes, as `JSONEncoder` would write them.
extension JSONTextWriter {
    /// Writes `value` as `JSONEncoder` does (`null` when not finite); returns the bytes written,
    /// at most 40.
    @usableFromInline
    static func writeNumber(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard value.isFinite else {
            let null: StaticString = "null"
            out.update(from: null.utf8Start, count: 4)
            return 4
        }
        // Whole numbers below 10^15 (most prices and timestamps) are written as their digits,
        // which is what `description` without its `.0` gives them; -0 keeps its sign that way.
        if abs(value) < 1e15, value.rounded(.towardZero) == value, !(value == 0 && value.sign == .minus) {
            return writeInteger(Int64(value), to: out)
        }
        if let count = writeShortFraction(value, to: out) { return count }
        if let count = writeLongFraction(value, to: out) ?? writeSmallFraction(value, to: out) { return count }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text.withUTF8 { utf8 in
            // `description` of a double is at most 24 bytes ("-2.2250738585072014e-308").
            let count = min(utf8.count, 40)
            if let base = utf8.baseAddress { out.update(from: base, count: count) }
            return count
        }
    }

    /// Writes `value`'s digits, with its sign; returns the bytes written (at most 20).
    @usableFromInline
    static func writeInteger(_ value: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 0
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            count = 1
        }
        let magnitude = value.magnitude
        let digits = digitCount(magnitude)
        writeDigits(magnitude, count: digits, endingAt: out + count + digits)
        return count + digits
    }

    /// Writes a number of at most 15 significant digits, from 10^-4 up, as its digits, which is
    /// what `description` gives it: a decimal of at most 15 significant digits is the only one
    /// that short to read back as that double (DBL_DIG), so it is the shortest that does, and
    /// `description` writes no exponent from 10^-4 up to 2^53. Returns `nil`, having written
    /// nothing, for any other number.
    static func writeShortFraction(_ value: Double, to out: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = abs(value)
        guard magnitude >= 1e-4, magnitude < 1e15 else { return nil }
        // The whole part is exact; the decimals are what 15 significant digits leave.
        let whole = UInt64(magnitude)
        let wholeDigits = digitCount(whole)
        let decimals = whole > 0 ? 15 - wholeDigits : decimalsBelowOne(magnitude)
        guard decimals > 0 else { return nil }
        let scale = powerOfTen(decimals)
        // Rounded half up by truncation: exact, as the product is far below 2^52.
        let units = UInt64(magnitude * scale + 0.5)
        // The decimal units/10^decimals reads back as exactly this double: it is the one, and
        // its whole part is the double's.
        guard units < 1_000_000_000_000_000, Double(units) / scale == magnitude else { return nil }
        let divisor = UInt64(scale)
        let wholeUnits = whole &* divisor
        guard units > wholeUnits, units &- wholeUnits < divisor else { return nil }
        var fraction = units &- wholeUnits
        // The decimals without their trailing zeros (the fraction is not 0, so one is left): at
        // most 17, taken eight, four, two and one at a time.
        var shown = decimals
        while fraction % 100_000_000 == 0 {
            fraction /= 100_000_000
            shown -= 8
        }
        if fraction % 10_000 == 0 {
            fraction /= 10_000
            shown -= 4
        }
        if fraction % 100 == 0 {
            fraction /= 100
            shown -= 2
        }
        if fraction % 10 == 0 {
            fraction /= 10
            shown -= 1
        }
        var count = 0
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            count = 1
        }
        writeDigits(whole, count: wholeDigits, endingAt: out + count + wholeDigits)
        count += wholeDigits
        out[count] = UInt8(ascii: ".")
        count += 1
        writeDigits(fraction, count: shown, endingAt: out + count + shown)
        return count + shown
    }

    /// Writes `utf8` as a quoted JSON string, `"`, `\` and control characters escaped; returns the
    /// bytes written (at most six a byte, and the quotes).
    @usableFromInline
    static func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\"")
        var count = 1
        var index = 0
        if let base = utf8.baseAddress {
            // Eight bytes at a time while they need no escape: one load, one test, one store.
            while index &+ 8 <= utf8.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                guard !needsEscape(word) else { break }
                UnsafeMutableRawPointer(out + count).storeBytes(of: word, as: UInt64.self)
                index &+= 8
                count &+= 8
            }
        }
        for byte in UnsafeBufferPointer(rebasing: utf8[index...]) {
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                count += writeEscaped(byte, to: out + count)
            } else {
                out[count] = byte
                count += 1
            }
        }
        out[count] = UInt8(ascii: "\"")
        return count + 1
    }

    /// Whether any byte of `word` is a control character, a quote or a backslash. Each test says
    /// exactly whether any byte is one (a borrow can only mark a byte above one that is).
    @inline(__always)
    static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &* 0x80
        @inline(__always) func hasZeroByte(_ bytes: UInt64) -> Bool {
            (bytes &- ones) & ~bytes & highs != 0
        }
        let belowSpace = (word &- ones &* 0x20) & ~word & highs != 0
        return belowSpace || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
    }

    /// Writes `\`-escaped `byte` (a quote, a backslash or a control character); returns the bytes
    /// written (2, or 6 for `\u00XX`).
    static func writeEscaped(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(ascii: "\\")
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out[1] = byte
        case 0x08: out[1] = UInt8(ascii: "b")
        case 0x0C: out[1] = UInt8(ascii: "f")
        case 0x0A: out[1] = UInt8(ascii: "n")
        case 0x0D: out[1] = UInt8(ascii: "r")
        case 0x09: out[1] = UInt8(ascii: "t")
        default:
            let hex: StaticString = "0123456789abcdef"
            out[1] = UInt8(ascii: "u")
            out[2] = UInt8(ascii: "0")
            out[3] = UInt8(ascii: "0")
            out[4] = hex.utf8Start[Int(byte >> 4)]
            out[5] = hex.utf8Start[Int(byte & 0xF)]
            return 6
        }
        return 2
    }

    /// The digits 00 to 99, two bytes each.
    static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Writes the last `count` decimal digits of `value` (zero-padded) just before `end`, two at
    /// a time.
    static func writeDigits(_ value: UInt64, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var value = value
        var position = end
        var remaining = count
        while remaining >= 2 {
            let pair = Int(truncatingIfNeeded: value % 100) &* 2
            value /= 100
            position -= 2
            position[0] = pairs[pair]
            position[1] = pairs[pair + 1]
            remaining -= 2
        }
        if remaining == 1 {
            position -= 1
            position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
        }
    }

    /// How many decimal digits `value` has (1 for 0).
    static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var bound: UInt64 = 10
        while value >= bound, count < 19 {
            count += 1
            bound &*= 10
        }
        return value >= bound ? 20 : count
    }

    /// The decimals that give a number in [10^-4, 1) its 15 significant digits.
    static func decimalsBelowOne(_ magnitude: Double) -> Int {
        if magnitude >= 0.1 { return 15 }
        if magnitude >= 0.01 { return 16 }
        if magnitude >= 0.001 { return 17 }
        return 18
    }

    /// 10^exponent for 0...18, exact as a double.
    static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        default: 1e18
        }
    }
}
