import Foundation
import Hummingbird
import HummingbirdTesting
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// The simulated Yahoo chart keeps New York's daylight saving, Seoul's zone, the exchanges'
/// holidays and its own window (issue 63, item 2): every daily bar was stamped 14:30 UTC also in
/// summer, and a bar before `period1` was served.
@Suite struct YahooChartCalendarTests {
    private static let newYork = TimeZone(identifier: "America/New_York")!
    private static let seoul = TimeZone(identifier: "Asia/Seoul")!

    /// Unix seconds of a UTC time.
    private static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Int64 {
        let start = TradingDay(year: year, month: month, day: day)!.startUnixMilliseconds / 1000
        return start + Int64(hour * 3600 + minute * 60)
    }

    /// The local date and time of `seconds` in `zone`.
    private static func local(_ seconds: Int64, _ zone: TimeZone) -> (day: TradingDay, minute: Int) {
        let shifted = seconds + Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
        return (TradingDay(unixMilliseconds: shifted * 1000), Int(shifted % 86_400) / 60)
    }

    /// The chart of `symbol` from a simulator whose clock reads `now`.
    private func chart(_ symbol: String, now: Int64, query: String) async throws -> [String: Any] {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 5), now: { now * 1000 })
        let app = Application(router: simulator.buildRouter(for: StockSource.yahoo))
        let body = try await routerJSON(app, "/v8/finance/chart/\(symbol)?\(query)")
        let chart = (body as? [String: Any])?["chart"] as? [String: Any]
        return ((chart?["result"] as? [[String: Any]])?.first) ?? [:]
    }

    /// Clocks either side of 2026's changes: summer time began on 8 March and ended on 1 November.
    static let clocks: [(now: Int64, summer: Bool)] = [
        (utc(2026, 3, 6, 20), false), (utc(2026, 3, 13, 20), true), (utc(2026, 10, 30, 20), true),
        (utc(2026, 11, 6, 21), false),
    ]

    @Test(arguments: 0..<4)
    func dailyBarsOpenAtHalfPastNineInNewYorkOnTradingDaysInsideTheWindow(_ index: Int) async throws {
        let (now, summer) = Self.clocks[index]
        let (first, last) = (now - 40 * 86_400, now - 86_400)
        let result = try await chart("AAPL", now: now, query: "period1=\(first)&period2=\(last)&interval=1d")
        let stamps = try #require(result["timestamp"] as? [Int64])
        #expect(stamps.count >= 20, "\(stamps.count) bars")
        for stamp in stamps {
            let (day, minute) = Self.local(stamp, Self.newYork)
            #expect(minute == 9 * 60 + 30, "\(day): opens at minute \(minute) in New York")
            #expect(stamp >= first && stamp < last, "\(day) outside the window")
            #expect(ExchangeHolidays.weekdayIndex(day) < 5 && !ExchangeHolidays.isNYSEHoliday(day), "\(day)")
        }
        // In UTC a bar opens at 13:30 in summer time, 14:30 otherwise.
        let utcOpens: Set<Int64> = Set(stamps.map { $0 % 86_400 / 60 })
        let halfPastOneOrTwo: Set<Int64> = [810, 870]  // 13:30 and 14:30 UTC
        #expect(utcOpens.isSubset(of: halfPastOneOrTwo))
        let meta = try #require(result["meta"] as? [String: Any])
        #expect(meta["gmtoffset"] as? Int == (summer ? -14_400 : -18_000))
        #expect(meta["timezone"] as? String == (summer ? "EDT" : "EST"))
        #expect(meta["exchangeTimezoneName"] as? String == "America/New_York")
        let period = try #require((meta["currentTradingPeriod"] as? [String: Any])?["regular"] as? [String: Any])
        let start = try #require(period["start"] as? Int64)
        #expect(Self.local(start, Self.newYork).minute == 9 * 60 + 30)
    }

    /// yfinance's `history(start="2026-10-23", end="2026-12-07")`: midnight in New York either end;
    /// the first row is the 23rd, never the 22nd, and Thanksgiving is not a row.
    @Test func aWindowFromMidnightInNewYorkStartsOnItsOwnDay() async throws {
        let (first, last) = (Self.utc(2026, 10, 23, 4), Self.utc(2026, 12, 7, 5))
        let result = try await chart(
            "AAPL", now: Self.utc(2026, 12, 7, 16), query: "period1=\(first)&period2=\(last)&interval=1d")
        let days = try #require(result["timestamp"] as? [Int64]).map { Self.local($0, Self.newYork).day }
        #expect(days.first == TradingDay(year: 2026, month: 10, day: 23))
        #expect(days.last == TradingDay(year: 2026, month: 12, day: 4))
        #expect(!days.contains(TradingDay(year: 2026, month: 11, day: 26)!), "Thanksgiving")
    }

    /// A KRX stock opens at 09:00 in Seoul (00:00 UTC) and skips 설날.
    @Test func aKoreanStockOpensAtNineInSeoulAndSkipsTheLunarNewYear() async throws {
        let (first, last) = (Self.utc(2026, 2, 1), Self.utc(2026, 3, 1))
        let result = try await chart(
            "005930.KS", now: Self.utc(2026, 3, 10, 9), query: "period1=\(first)&period2=\(last)&interval=1d")
        let stamps = try #require(result["timestamp"] as? [Int64])
        let days = stamps.map { Self.local($0, Self.seoul).day }
        #expect(stamps.allSatisfy { Self.local($0, Self.seoul).minute == 9 * 60 })
        for date in 16...18 { #expect(!days.contains(TradingDay(year: 2026, month: 2, day: date)!)) }
        #expect(days.contains(TradingDay(year: 2026, month: 2, day: 19)!))
    }

    @Test func theHolidayRulesGive2026sClosedDays() {
        let nyse = (1...365).map { TradingDay(year: 2026, month: 1, day: 1)!.adding(days: $0 - 1) }
            .filter { ExchangeHolidays.weekdayIndex($0) < 5 && ExchangeHolidays.isNYSEHoliday($0) }
            .map { $0.components.month * 100 + $0.components.day }
        #expect(nyse == [101, 119, 216, 403, 525, 619, 703, 907, 1126, 1225])
        let krx = (1...365).map { TradingDay(year: 2026, month: 1, day: 1)!.adding(days: $0 - 1) }
            .filter { ExchangeHolidays.weekdayIndex($0) < 5 && ExchangeHolidays.isKRXHoliday($0) }
            .map { $0.components.month * 100 + $0.components.day }
        #expect(krx == [101, 216, 217, 218, 302, 501, 505, 525, 603, 817, 924, 925, 1005, 1009, 1225, 1231])
    }
}
