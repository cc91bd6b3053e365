/// A time a request names (Binance's `startTime`/`endTime`, Korbit's `start`/`end`, Unix ms),
/// held where it enters to the times a market can have: from 1970 to the end of 9999. Any
/// integer is a valid parameter to those services (a start far in the future answers no rows),
/// and past those bounds the arithmetic on it would trap (issue 64, item 1).
enum RequestTime {
    /// 1970-01-01 to 9999-12-31 23:59:59.999 UTC.
    static let plausible: ClosedRange<Int64> = 0...253_402_300_799_999

    /// The time `text` names, held inside ``plausible``; nil when it is not an integer.
    static func milliseconds(_ text: String?) -> Int64?? {
        guard let text else { return .some(nil) }
        guard let value = Int64(text) else { return nil }
        return .some(min(max(value, plausible.lowerBound), plausible.upperBound))
    }
}
