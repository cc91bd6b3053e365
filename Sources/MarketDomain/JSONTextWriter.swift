/// Writes JSON text straight into bytes, for the hot paths where `JSONEncoder` costs far more than
/// the work itself (a frame per tick in the simulator, a line per tick in `stream`).
///
/// It writes what `JSONEncoder` writes for the same values (`.withoutEscapingSlashes`): numbers
/// as `Double.description` without a trailing `.0`, strings with `"`, `\` and control characters
/// escaped and everything else as UTF-8; non-finite numbers, which JSON cannot carry, as `null`.
/// Keys come out in the order they are written.
public struct JSONTextWriter: Sendable {
    /// The text written so far.
    public private(set) var bytes: [UInt8] = []
    /// Whether the next member or element needs a comma before it.
    private var needsComma = false

    /// An empty writer with room for `capacity` bytes.
    public init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// Forgets the text, keeping its storage for the next one.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    /// Opens an object (as a value, or as the member whose key was just written).
    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Closes the open object.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Opens an array.
    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Closes the open array.
    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes a member's key; its value follows.
    public mutating func key(_ name: StaticString) {
        // Comma, quotes, name and colon composed on the stack and appended at once: one append
        // instead of five is most of a key's cost.
        let length = name.utf8CodeUnitCount
        let comma = needsComma
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length + 4) { text in
            var index = 0
            if comma {
                text[0] = UInt8(ascii: ",")
                index = 1
            }
            text[index] = UInt8(ascii: "\"")
            if let base = text.baseAddress { (base + index + 1).update(from: name.utf8Start, count: length) }
            index += 1 + length
            text[index] = UInt8(ascii: "\"")
            text[index + 1] = UInt8(ascii: ":")
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<(index + 2)]))
        }
        needsComma = false
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var clean = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<index]))
                escape(byte)
                clean = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean...]))
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// Writes a number value; `null` when it is not finite.
    public mutating func number(_ value: Double) {
        separate()
        guard value.isFinite else {
            appendASCII("null")
            return
        }
        // Whole numbers below 10^15 (most prices and timestamps) are written as their digits,
        // which is what `description` without its `.0` gives them; -0 keeps its sign that way.
        if abs(value) < 1e15, value.rounded(.towardZero) == value, !(value == 0 && value.sign == .minus) {
            appendDigits(Int64(value))
        } else if !appendShortFraction(value) {
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
        needsComma = true
    }

    /// Writes a number of at most 15 significant digits, from 10^-4 up, as its digits, which is
    /// what `description` gives it: a decimal of at most 15 significant digits is the only one
    /// that short to read back as that double (DBL_DIG), so it is the shortest that does, and
    /// `description` writes no exponent from 10^-4 up to 2^53. Returns false, having written
    /// nothing, for any other number.
    private mutating func appendShortFraction(_ value: Double) -> Bool {
        let magnitude = abs(value)
        guard magnitude >= 1e-4, magnitude < 1e15 else { return false }
        // The whole part is exact; the decimals are what 15 significant digits leave.
        let whole = UInt64(magnitude)
        let decimals = whole > 0 ? 15 - Self.digitCount(whole) : Self.decimalsBelowOne(magnitude)
        guard decimals > 0 else { return false }
        let scale = Self.powerOfTen(decimals)
        // Rounded half up by truncation: exact, as the product is far below 2^52.
        let units = UInt64(magnitude * scale + 0.5)
        // The decimal units/10^decimals reads back as exactly this double: it is the one, and
        // its whole part is the double's.
        guard units < 1_000_000_000_000_000, Double(units) / scale == magnitude else { return false }
        let divisor = UInt64(scale)
        let wholeUnits = whole &* divisor
        guard units > wholeUnits, units &- wholeUnits < divisor else { return false }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            // Every decimal, then the trailing zeros dropped; the point; the whole part.
            var start = Self.writeDigits(units &- wholeUnits, count: decimals, endingAt: 40, in: digits)
            var end = 40
            while digits[end - 1] == UInt8(ascii: "0") { end -= 1 }
            start -= 1
            digits[start] = UInt8(ascii: ".")
            start = Self.writeDigits(whole, count: Self.digitCount(whole), endingAt: start, in: digits)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start..<end]))
        }
        return true
    }

    /// The digits 00 to 99, two bytes each.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Writes the last `count` decimal digits of `value` (zero-padded) just before `end`, two at
    /// a time; returns where they start.
    private static func writeDigits(
        _ value: UInt64, count: Int, endingAt end: Int, in digits: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        let pairs = digitPairs.utf8Start
        var value = value
        var position = end
        var remaining = count
        while remaining >= 2 {
            let pair = Int(truncatingIfNeeded: value % 100) &* 2
            value /= 100
            position -= 2
            digits[position] = pairs[pair]
            digits[position + 1] = pairs[pair + 1]
            remaining -= 2
        }
        if remaining == 1 {
            position -= 1
            digits[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
        }
        return position
    }

    /// How many decimal digits `value` (at least 1) has.
    private static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var bound: UInt64 = 10
        while value >= bound, count < 19 {
            count += 1
            bound &*= 10
        }
        return count
    }

    /// The decimals that give a number in [10^-4, 1) its 15 significant digits.
    private static func decimalsBelowOne(_ magnitude: Double) -> Int {
        if magnitude >= 0.1 { return 15 }
        if magnitude >= 0.01 { return 16 }
        if magnitude >= 0.001 { return 17 }
        return 18
    }

    /// 10^exponent for 0...18, exact as a double.
    private static func powerOfTen(_ exponent: Int) -> Double {
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

    /// Writes an integer value.
    public mutating func integer(_ value: Int64) {
        separate()
        appendDigits(value)
        needsComma = true
    }

    /// Appends the decimal digits of `value`, with its sign.
    private mutating func appendDigits(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        // 19 digits hold any Int64's magnitude.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let start = Self.writeDigits(magnitude, count: Self.digitCount(magnitude), endingAt: 20, in: digits)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        appendASCII(value ? "true" : "false")
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        appendASCII("null")
    }

    /// Writes a line feed after a complete value (NDJSON).
    public mutating func newline() {
        bytes.append(UInt8(ascii: "\n"))
        needsComma = false
    }

    private mutating func appendASCII(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func escape(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            hex.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0xF)])
            }
        }
    }
}
