import ExchangeWire
import MarketDomain

/// The date texts of a run of tickers, each worked out once rather than once a ticker: the
/// trade's date and time (`20261204`, `013859`) once a second (a firehose batch's tickers mostly
/// traded in the same one), and the 52-week high's and low's days (`2026-08-17`) from a table of
/// the days around a session's start, made once. Writing them afresh was a tenth of the
/// simulator's firehose.
struct TickerDateTexts: Sendable {
    /// The table's first day, as days since 1970-01-01.
    private let firstDay: Int
    /// `yyyy-MM-dd` of each day from the first, shared by every copy.
    private let dayTexts: [String]
    private var second = Int64.min
    private var date = ""
    private var time = ""

    /// A table of the days from `daysBefore` days before `today` (a 52-week high or low is one
    /// of them) to a week after it (a session that runs on); other days are written as asked.
    init(today: TradingDay, daysBefore: Int = 400) {
        firstDay = today.daysSinceEpoch - daysBefore
        dayTexts = (firstDay...today.daysSinceEpoch + 7).map { TradingDay(daysSinceEpoch: $0).description }
    }

    /// `yyyy-MM-dd` of `day`.
    func text(of day: TradingDay) -> String {
        let offset = day.daysSinceEpoch - firstDay
        return dayTexts.indices.contains(offset) ? dayTexts[offset] : day.description
    }

    /// `yyyyMMdd` and `HHmmss` of the second `unixMilliseconds` falls in.
    mutating func trade(at unixMilliseconds: Int64) -> (date: String, time: String) {
        // Whole seconds down, before 1970 as after.
        let (quotient, remainder) = unixMilliseconds.quotientAndRemainder(dividingBy: 1000)
        let second = remainder < 0 ? quotient - 1 : quotient
        if second != self.second {
            self.second = second
            date = UpbitTime.compactDate(unixMilliseconds: unixMilliseconds)
            time = UpbitTime.compactTime(unixMilliseconds: unixMilliseconds)
        }
        return (date, time)
    }
}
