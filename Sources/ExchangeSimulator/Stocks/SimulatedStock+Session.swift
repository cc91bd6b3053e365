import Foundation
import MarketDomain

extension SimulatedStock {
    /// An exchange's regular session (issue 63): KRX 09:00–15:30 in Seoul, the US exchanges
    /// 09:30–16:00 in New York with its daylight saving (13:30 UTC in summer, 14:30 in winter), on
    /// the exchange's trading days only (weekends and its holidays skipped).
    struct Session: Sendable {
        let zone: TimeZone
        let openMinute: Int
        let closeMinute: Int
        let isKorean: Bool

        static func of(_ market: StockMarket) -> Session {
            market.isKorean
                ? Session(zone: seoul, openMinute: 9 * 60, closeMinute: 15 * 60 + 30, isKorean: true)
                : Session(zone: newYork, openMinute: 9 * 60 + 30, closeMinute: 16 * 60, isKorean: false)
        }

        private static let seoul = TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600)!
        private static let newYork = TimeZone(identifier: "America/New_York") ?? TimeZone(secondsFromGMT: -5 * 3600)!

        /// The zone's IANA name, as Yahoo's `exchangeTimezoneName` gives it.
        var zoneName: String { zone.identifier }

        /// The zone's offset from UTC at `time`, in ms.
        func offsetMilliseconds(at time: Int64) -> Int64 {
            Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(time) / 1000))) * 1000
        }

        /// The zone's offset on a local day (at its noon UTC: after any 2 a.m. change of that day).
        func offsetMilliseconds(on day: TradingDay) -> Int64 {
            offsetMilliseconds(at: day.startUnixMilliseconds + 12 * 3_600_000)
        }

        /// The zone's abbreviation on a local day, as Yahoo's `timezone` gives it: KST, EST or EDT.
        func abbreviation(on day: TradingDay) -> String {
            if isKorean { return "KST" }
            return offsetMilliseconds(on: day) == -4 * 3_600_000 ? "EDT" : "EST"
        }

        /// The exchange's local day at `time`.
        func day(at time: Int64) -> TradingDay { TradingDay(unixMilliseconds: time + offsetMilliseconds(at: time)) }

        /// Whether the exchange trades on `day`: a weekday that is not one of its holidays.
        func isTradingDay(_ day: TradingDay) -> Bool {
            guard ExchangeHolidays.weekdayIndex(day) < 5 else { return false }
            return isKorean ? !ExchangeHolidays.isKRXHoliday(day) : !ExchangeHolidays.isNYSEHoliday(day)
        }

        /// How far through the day's session `time` is: `nil` before the open, 1 after the close.
        func fraction(at time: Int64) -> Double? {
            let (open, close) = bounds(of: day(at: time))
            guard time >= open else { return nil }
            return min(1, Double(time - open) / Double(close - open))
        }

        /// Unix ms of the session's open and close on a local day.
        func bounds(of day: TradingDay) -> (open: Int64, close: Int64) {
            let start = day.startUnixMilliseconds - offsetMilliseconds(on: day)
            return (start + Int64(openMinute) * 60_000, start + Int64(closeMinute) * 60_000)
        }

        /// The trading day on or before `day`.
        func tradingDay(onOrBefore day: TradingDay) -> TradingDay {
            var day = day
            for _ in 0..<15 where !isTradingDay(day) { day = day.adding(days: -1) }
            return day
        }
    }

    var session: Session { Session.of(stock.market) }
}
