/// The width of one bar of premium history (issue 29): a minute, an hour or a day (a UTC day,
/// as the exchanges' daily candles date it: 09:00 KST to 09:00 KST).
public enum PremiumInterval: String, Sendable, Hashable, Codable, CaseIterable {
    case minute = "1m"
    case hour = "1h"
    case day = "1d"

    /// The bar's width in ms.
    public var milliseconds: Int64 {
        switch self {
        case .minute: 60_000
        case .hour: 3_600_000
        case .day: 86_400_000
        }
    }

    /// The start of the bar holding `time` (Unix ms).
    public func start(of time: Int64) -> Int64 {
        let width = milliseconds
        return (time / width - (time % width < 0 ? 1 : 0)) * width
    }

    /// The next wider interval, the one this one rolls up into.
    public var wider: PremiumInterval? {
        switch self {
        case .minute: .hour
        case .hour: .day
        case .day: nil
        }
    }

    /// The next interval round the cycle (what a key press chooses).
    public var next: PremiumInterval {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// How long rows of this width are kept: minutes two weeks, hours two years, days for ever.
    public var retention: Int64? {
        switch self {
        case .minute: 14 * 86_400_000
        case .hour: 730 * 86_400_000
        case .day: nil
        }
    }

    /// A bar's start as its axis shows it, in KST, short enough for a phone's axis: `14:05`,
    /// `26/14h` (the day of the month and the hour), `11-26`.
    public func label(_ start: Int64) -> String {
        let stamp = KoreanTime.monthDayClock(start)  // 11-26 14:05:00
        return switch self {
        case .minute: String(stamp.dropFirst(6).prefix(5))
        case .hour: String(stamp.dropFirst(3).prefix(2)) + "/" + String(stamp.dropFirst(6).prefix(2)) + "h"
        case .day: String(stamp.prefix(5))
        }
    }
}
