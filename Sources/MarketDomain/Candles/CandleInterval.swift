/// How long one candle lasts, as the exchanges offer them (exchange-apis.md §9.4): seconds,
/// minutes, hours, days, weeks and months. Every candle starts on its interval's boundary in UTC
/// (a four-hour candle at 00:00, 04:00, … UTC; a week on Monday; a month on its first day), as
/// Upbit's do.
public enum CandleInterval: String, CaseIterable, Sendable, Codable, CustomStringConvertible {
    case second = "1s"
    case minute = "1m"
    case threeMinutes = "3m"
    case fiveMinutes = "5m"
    case tenMinutes = "10m"
    case fifteenMinutes = "15m"
    case thirtyMinutes = "30m"
    case hour = "1h"
    case fourHours = "4h"
    case day = "1d"
    case week = "1w"
    case month = "1M"

    /// Reads `1m`, `5m`, `1h`, `1d`, `1w`, `1M` (a month; `1mo` too), and the exchanges' spellings
    /// `60m`, `240m`, `1D`, `1W`; `nil` for anything else.
    public init?(text: String) {
        switch text {
        case "60m", "60": self = .hour
        case "240m", "240": self = .fourHours
        case "1D", "D": self = .day
        case "1W", "W": self = .week
        case "1mo", "1MO", "M": self = .month
        default:
            guard let interval = CandleInterval(rawValue: text) else { return nil }
            self = interval
        }
    }

    public var description: String { rawValue }

    /// The length in minutes of a minute or hour interval; `nil` for seconds, days, weeks and months.
    public var minutes: Int? {
        switch self {
        case .minute: 1
        case .threeMinutes: 3
        case .fiveMinutes: 5
        case .tenMinutes: 10
        case .fifteenMinutes: 15
        case .thirtyMinutes: 30
        case .hour: 60
        case .fourHours: 240
        case .second, .day, .week, .month: nil
        }
    }

    /// The length in milliseconds; `nil` for a month (its length varies).
    public var milliseconds: Int64? {
        switch self {
        case .second: 1_000
        case .day: 86_400_000
        case .week: 7 * 86_400_000
        case .month: nil
        default: Int64(minutes ?? 0) * 60_000
        }
    }

    /// The start of the candle containing `time` (Unix ms).
    public func start(containing time: Int64) -> Int64 {
        switch self {
        case .month:
            let (year, month, _) = TradingDay(unixMilliseconds: time).components
            return TradingDay(year: year, month: month, day: 1)?.startUnixMilliseconds ?? time
        case .week:
            // 1970-01-01 was a Thursday: Mondays are 4 days later, modulo 7.
            let day = TradingDay(unixMilliseconds: time).daysSinceEpoch
            let sinceMonday = ((day - 4) % 7 + 7) % 7
            return TradingDay(daysSinceEpoch: day - sinceMonday).startUnixMilliseconds
        default:
            let length = milliseconds ?? 1
            let floored = time >= 0 ? time / length : (time - length + 1) / length
            return floored * length
        }
    }

    /// The start of the candle after the one starting at `start`.
    public func next(after start: Int64) -> Int64 {
        guard self == .month else { return start + (milliseconds ?? 1) }
        let (year, month, _) = TradingDay(unixMilliseconds: start).components
        let (nextYear, nextMonth) = month == 12 ? (year + 1, 1) : (year, month + 1)
        return TradingDay(year: nextYear, month: nextMonth, day: 1)?.startUnixMilliseconds ?? start
    }

    /// Whether the interval is built from whole days (days, weeks, months).
    public var isDaily: Bool { self == .day || self == .week || self == .month }
}
