import MarketDomain

/// The date and time spellings of the Upbit API, from Unix milliseconds.
public enum UpbitTime {
    /// Korea's offset from UTC.
    public static let kstOffsetMilliseconds: Int64 = 9 * 3_600_000

    /// `yyyyMMdd` of the UTC day.
    public static func compactDate(unixMilliseconds: Int64) -> String {
        let day = TradingDay(unixMilliseconds: unixMilliseconds)
        let (year, month, date) = day.components
        return ZeroPadded.date(year: year, month: month, day: date) ?? day.description.replacingAll("-", with: "")
    }

    /// `HHmmss` of the UTC time of day.
    public static func compactTime(unixMilliseconds: Int64) -> String {
        let (hour, minute, second) = timeOfDay(unixMilliseconds)
        return ZeroPadded.time(hour: hour, minute: minute, second: second) ?? two(hour) + two(minute) + two(second)
    }

    /// `HH:mm:ss` of the UTC time of day, as in `trade_time_utc`.
    public static func colonTime(unixMilliseconds: Int64) -> String {
        let (hour, minute, second) = timeOfDay(unixMilliseconds)
        return ZeroPadded.time(hour: hour, minute: minute, second: second, separator: UInt8(ascii: ":"))
            ?? "\(two(hour)):\(two(minute)):\(two(second))"
    }

    /// `yyyy-MM-ddTHH:mm:ss` in UTC, as in `candle_date_time_utc`.
    public static func isoLocal(unixMilliseconds: Int64) -> String {
        let (hour, minute, second) = timeOfDay(unixMilliseconds)
        return "\(TradingDay(unixMilliseconds: unixMilliseconds))T\(two(hour)):\(two(minute)):\(two(second))"
    }

    /// Parses the `to` parameter of the candle endpoint (`2026-03-11T00:00:00Z`, `2026-03-11 00:00:00`,
    /// `2026-03-11T09:00:00+09:00`) into Unix milliseconds; `nil` when it is not such a time.
    public static func parseTo(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 19, let day = TradingDay(String(decoding: bytes[0..<10], as: UTF8.self)),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            let hour = digits(bytes[11..<13]), bytes[13] == UInt8(ascii: ":"), let minute = digits(bytes[14..<16]),
            bytes[16] == UInt8(ascii: ":"), let second = digits(bytes[17..<19]), hour < 24, minute < 60, second < 60
        else { return nil }
        var rest = bytes[19...]
        if rest.first == UInt8(ascii: ".") {
            rest = rest.drop(while: { $0 != UInt8(ascii: "Z") && $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        }
        var offsetMinutes = 0
        if rest.isEmpty || Array(rest) == [UInt8(ascii: "Z")] {
            offsetMinutes = 0
        } else if rest.count == 6, let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
            let hours = digits(rest.dropFirst().prefix(2)), let minutes = digits(rest.suffix(2))
        {
            offsetMinutes = (hours * 60 + minutes) * (sign == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        let seconds = Int64(hour * 3600 + minute * 60 + second - offsetMinutes * 60)
        return day.startUnixMilliseconds + seconds * 1000
    }

    /// Unix milliseconds of a compact `yyyyMMdd` date and `HHmmss` time read in UTC; `nil` when
    /// either is malformed.
    public static func unixMilliseconds(compactDate: String, compactTime: String) -> Int64? {
        let date = Array(compactDate.utf8)
        let time = Array(compactTime.utf8)
        guard date.count == 8, time.count == 6, let year = digits(date[0..<4]), let month = digits(date[4..<6]),
            let dayOfMonth = digits(date[6..<8]), let day = TradingDay(year: year, month: month, day: dayOfMonth),
            let hour = digits(time[0..<2]), let minute = digits(time[2..<4]), let second = digits(time[4..<6]),
            hour < 24, minute < 60, second < 60
        else { return nil }
        return day.startUnixMilliseconds + Int64(hour * 3600 + minute * 60 + second) * 1000
    }

    private static func timeOfDay(_ unixMilliseconds: Int64) -> (Int, Int, Int) {
        let dayStart = TradingDay(unixMilliseconds: unixMilliseconds).startUnixMilliseconds
        let seconds = Int((unixMilliseconds - dayStart) / 1000)
        return (seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func digits<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return bytes.isEmpty ? nil : value
    }
}

extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self { if character == target { result += replacement } else { result.append(character) } }
        return result
    }
}
