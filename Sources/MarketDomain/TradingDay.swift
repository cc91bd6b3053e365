/// A calendar day (proleptic Gregorian), such as 2026-03-11, counted in whole days since 1970-01-01.
public struct TradingDay: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let daysSinceEpoch: Int

    /// Makes the day that is `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) {
        self.daysSinceEpoch = daysSinceEpoch
    }

    /// Makes a day from its year, month (1–12) and day of month; `nil` when no such date exists.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= Self.daysInMonth(year: year, month: month) else { return nil }
        // Shift the year to start in March so the leap day ends it.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
    }

    /// Parses `yyyy-MM-dd`, optionally followed by a time (`2026-03-11T00:00:00`), or `yyyyMMdd`.
    public init?(_ text: String) {
        let digits = Array(text.utf8.prefix(10))
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            var value = 0
            for byte in digits[range] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        if digits.count >= 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
        {
            self.init(year: year, month: month, day: day)
        } else if text.utf8.count == 8, let year = number(0..<4), let month = number(4..<6), let day = number(6..<8) {
            self.init(year: year, month: month, day: day)
        } else {
            return nil
        }
    }

    /// The UTC day containing a Unix time in milliseconds.
    public init(unixMilliseconds: Int64) {
        let day: Int64 = 86_400_000
        let floored = unixMilliseconds >= 0 ? unixMilliseconds / day : (unixMilliseconds - day + 1) / day
        daysSinceEpoch = Int(floored)
    }

    /// The year, month and day of month.
    public var components: (year: Int, month: Int, day: Int) {
        let shifted = daysSinceEpoch + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The day's start, 00:00 UTC, in Unix milliseconds.
    public var startUnixMilliseconds: Int64 { Int64(daysSinceEpoch) * 86_400_000 }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> TradingDay { TradingDay(daysSinceEpoch: daysSinceEpoch + count) }

    /// `yyyy-MM-dd`.
    public var description: String {
        let (year, month, day) = components
        return ZeroPadded.date(year: year, month: month, day: day, separator: UInt8(ascii: "-"))
            ?? "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
    }

    public static func < (lhs: TradingDay, rhs: TradingDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let day = TradingDay(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a date: \(text)")
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
