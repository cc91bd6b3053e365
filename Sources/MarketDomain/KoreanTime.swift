/// Unix times as Korean market watchers read them, in KST (UTC+9, no daylight saving): the one
/// place Sise turns a time into `HH:mm:ss`, `MM-dd HH:mm:ss` or `yyyy-MM-dd`, and back.
public enum KoreanTime {
    /// KST's offset from UTC.
    public static let offsetMilliseconds: Int64 = 32_400_000

    /// The day in Korea at a Unix time in ms.
    public static func day(_ milliseconds: Int64) -> TradingDay {
        TradingDay(unixMilliseconds: milliseconds + offsetMilliseconds)
    }

    /// `17:33:47`.
    public static func clock(_ milliseconds: Int64) -> String {
        let local = milliseconds + offsetMilliseconds
        let seconds = Int(((local / 1000) % 86_400 + 86_400) % 86_400)
        return ZeroPadded.time(hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60, separator: 58)
            ?? ""
    }

    /// `2026-11-26`.
    public static func date(_ milliseconds: Int64) -> String {
        let (year, month, day) = day(milliseconds).components
        return ZeroPadded.date(year: year, month: month, day: day, separator: 45) ?? ""
    }

    /// `11-26 17:33:47`.
    public static func monthDayClock(_ milliseconds: Int64) -> String {
        String(date(milliseconds).dropFirst(5)) + " " + clock(milliseconds)
    }

    /// `2026-11-26 17:33:47`.
    public static func dateClock(_ milliseconds: Int64) -> String {
        date(milliseconds) + " " + clock(milliseconds)
    }

    /// A Korean `yyyy-MM-dd` and `HH:mm:ss` as a Unix time in ms; nil when either is not one.
    public static func milliseconds(date: String, clock: String) -> Int64? {
        let day = date.split(separator: "-").compactMap { Int($0) }
        let time = clock.split(separator: ":").compactMap { Int64($0) }
        guard day.count == 3, time.count == 3, (0..<24).contains(time[0]), (0..<60).contains(time[1]),
            (0..<60).contains(time[2]), let tradingDay = TradingDay(year: day[0], month: day[1], day: day[2])
        else { return nil }
        return tradingDay.startUnixMilliseconds + (time[0] * 3600 + time[1] * 60 + time[2]) * 1000 - offsetMilliseconds
    }
}
