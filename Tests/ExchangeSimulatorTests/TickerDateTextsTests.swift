import ExchangeWire
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// A ticker's date texts, kept for the second they fall in and taken from a table of days: the
/// same texts as worked out afresh for every ticker, across seconds, days, the table's ends and
/// 1970.
@Suite struct TickerDateTextsTests {
    @Test func eachTickerGetsTheTradeTextsOfItsOwnSecond() {
        var dates = TickerDateTexts(today: TradingDay(daysSinceEpoch: 20_791))
        let midnight: Int64 = 1_796_342_400_000  // 2026-12-04 00:00:00 UTC
        let times: [Int64] = [
            midnight - 1, midnight, midnight + 999, midnight + 1000, midnight + 500, midnight + 86_399_999,
            midnight + 86_400_000, 0, -1, -1000, -1001, 999, 1000,
        ]
        for time in times {
            let texts = dates.trade(at: time)
            #expect(texts.date == UpbitTime.compactDate(unixMilliseconds: time), "\(time)")
            #expect(texts.time == UpbitTime.compactTime(unixMilliseconds: time), "\(time)")
        }
        let justAfter = dates.trade(at: midnight + 999)
        #expect(justAfter.date == "20261204" && justAfter.time == "000000")
        let justBefore = dates.trade(at: midnight - 1)
        #expect(justBefore.date == "20261203" && justBefore.time == "235959")
    }

    @Test func daysInTheTableAndOutOfItReadAsTheirOwn() {
        let today = TradingDay(unixMilliseconds: 1_796_342_400_000)
        let dates = TickerDateTexts(today: today, daysBefore: 30)
        for offset in [-400, -31, -30, -29, -1, 0, 1, 7, 8, 365] {
            let day = TradingDay(daysSinceEpoch: today.daysSinceEpoch + offset)
            #expect(dates.text(of: day) == day.description, "\(offset)")
        }
        #expect(dates.text(of: today) == "2026-12-04")
        #expect(dates.text(of: TradingDay(daysSinceEpoch: 0)) == "1970-01-01")
    }
}
