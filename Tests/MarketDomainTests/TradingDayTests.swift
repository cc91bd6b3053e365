import MarketDomain
import Testing

@Suite struct TradingDayTests {
    @Test func countsDaysFromTheUnixEpoch() throws {
        #expect(TradingDay(year: 1970, month: 1, day: 1)?.daysSinceEpoch == 0)
        #expect(TradingDay(year: 2000, month: 3, day: 1)?.daysSinceEpoch == 11_017)
        let day = try #require(TradingDay(year: 2026, month: 3, day: 11))
        #expect(day.description == "2026-03-11")
        #expect(day.startUnixMilliseconds == 1_773_187_200_000)
    }

    @Test func findsTheUTCDayOfATimestamp() {
        // 1773240058519 is 2026-03-11 14:40:58 UTC (the docs' ticker).
        #expect(TradingDay(unixMilliseconds: 1_773_240_058_519).description == "2026-03-11")
        #expect(TradingDay(unixMilliseconds: -1).description == "1969-12-31")
    }

    @Test func parsesTheExchangesSpellings() {
        #expect(TradingDay("2026-03-11T00:00:00")?.description == "2026-03-11")
        #expect(TradingDay("20260311")?.description == "2026-03-11")
        #expect(TradingDay("2024-02-29")?.description == "2024-02-29")
        #expect(TradingDay("2025-02-29") == nil)
        #expect(TradingDay("2026-13-01") == nil)
        #expect(TradingDay("yesterday") == nil)
    }

    @Test func roundTripsEveryDayOfFourCenturies() {
        var day = TradingDay(year: 1900, month: 1, day: 1)!
        let end = TradingDay(year: 2300, month: 1, day: 1)!
        while day < end {
            let (year, month, dayOfMonth) = day.components
            #expect(TradingDay(year: year, month: month, day: dayOfMonth) == day)
            day = day.adding(days: 37)
        }
    }
}
