import MarketDomain
import Testing

/// The premium history's pure parts (issue 29): the minute buckets, the roll-ups, where a
/// premium stands, and the daily premium from daily candles.
@Suite struct PremiumHistoryTests {
    /// 2026-11-26 00:00 UTC, a Thursday.
    private let midnight: Int64 = 1_795_651_200_000

    @Test func aMinuteFinishesWhenTheNextBeginsOrItsCoinFallsSilent() {
        var minutes = PremiumMinutes()
        #expect(minutes.take([PremiumSample(symbol: "BTC", usdt: 0.03, fx: nil)], at: midnight).isEmpty)
        #expect(
            minutes.take(
                [
                    PremiumSample(symbol: "BTC", usdt: 0.05, fx: 0.06),
                    PremiumSample(symbol: "ETH", usdt: 0.01, fx: 0.02),
                ],
                at: midnight + 30_000
            ).isEmpty)
        #expect(minutes.take([PremiumSample(symbol: "BTC", usdt: 0.02, fx: 0.03)], at: midnight + 59_999).isEmpty)
        #expect(minutes.current("BTC")?.usdt == PremiumOHLC(open: 0.03, high: 0.05, low: 0.02, close: 0.02))
        // The bank rate came in mid-minute: its bar starts there.
        #expect(minutes.current("BTC")?.fx == PremiumOHLC(open: 0.06, high: 0.06, low: 0.03, close: 0.03))
        // The next minute: BTC goes on, ETH is silent; both of the last minute are finished.
        let finished = minutes.take([PremiumSample(symbol: "BTC", usdt: 0.04, fx: nil)], at: midnight + 60_000)
        #expect(finished.map(\.symbol) == ["BTC", "ETH"])
        #expect(finished.allSatisfy { $0.start == midnight && $0.interval == .minute })
        #expect(minutes.current("BTC")?.start == midnight + 60_000)
        #expect(minutes.current("ETH") == nil)
    }

    @Test func barsRollUpIntoTheWiderIntervalOpeningWithTheFirstAndClosingWithTheLast() {
        let bars = [(0, 0.01, 0.03, 0.0, 0.02), (1, 0.02, 0.05, 0.01, 0.04), (60, 0.04, 0.04, -0.01, 0.0)].map {
            minute, open, high, low, close in
            PremiumBar(
                symbol: "BTC", interval: .minute, start: midnight + Int64(minute) * 60_000,
                usdt: PremiumOHLC(open: open, high: high, low: low, close: close), fx: nil)
        }
        let hours = PremiumBar.rolledUp(bars, into: .hour)
        #expect(hours.map(\.start) == [midnight, midnight + 3_600_000])
        #expect(hours[0].usdt == PremiumOHLC(open: 0.01, high: 0.05, low: 0.0, close: 0.04))
        #expect(hours[1].usdt == PremiumOHLC(open: 0.04, high: 0.04, low: -0.01, close: 0.0))
        #expect(hours.allSatisfy { $0.interval == .hour && $0.fx == nil })
        #expect(PremiumInterval.day.start(of: midnight + 86_399_999) == midnight)
        #expect(PremiumInterval.minute.label(midnight) == "09:00")
        #expect(PremiumInterval.hour.label(midnight) == "26/09h")
        #expect(PremiumInterval.day.label(midnight) == "11-26")
    }

    @Test func aPremiumStandsAmongItsWindowsClosesFromTheFinestBarsThatCoverThem() {
        let now = midnight + 100 * 86_400_000
        func bars(_ interval: PremiumInterval, count: Int, value: (Int) -> Double) -> [PremiumBar] {
            (0..<count).map { index in
                PremiumBar(
                    symbol: "BTC", interval: interval, start: now - Int64(count - index) * interval.milliseconds,
                    usdt: PremiumOHLC(value(index)), fx: nil)
            }
        }
        // A day of minutes from 0 to 1,439 (in 0.0001), hours all at 0.5, days from 0.0 to 0.99.
        let minutes = bars(.minute, count: 1_440) { Double($0) / 10_000 }
        let hours = bars(.hour, count: 24 * 7) { _ in 0.5 }
        let days = bars(.day, count: 100) { Double($0) / 100 }
        let standings = PremiumStanding.of(
            0.75, basis: .usdt, now: now, minutes: minutes, hours: hours, days: days)
        #expect(standings.map(\.window) == [.day, .week, .month, .quarter])
        // The day from its minutes and the week from its hours, all under 0.75; the month and
        // 90 days from the days, the hours covering only a week: 5 of 30 under and one equal,
        // then 65 of 90 and one equal.
        #expect(standings.map(\.percentile) == [100, 100, 18, 73])
        #expect(PremiumStanding.summary(standings) == "1d p100 · 1w p100 · 1m p18 · 90d p73")
        #expect(PremiumStanding.percentile(of: 0.072, among: minutes.map(\.usdt.close)) == 50)
        let high = PremiumStanding.of(0.995, basis: .usdt, now: now, minutes: [], hours: [], days: days)
        #expect(high.map(\.percentile) == [nil, 100, 100, 100])
        #expect(
            PremiumStanding.of(0.1, basis: .fx, now: now, minutes: minutes, hours: hours, days: days)
                .allSatisfy { $0.percentile == nil })
    }

    @Test func aDaysPremiumIsMeasuredFromItsCandlesAndTheDollarOfThatDayOrTheLastBefore() {
        let thursday = TradingDay(unixMilliseconds: midnight)
        func candle(_ day: TradingDay, _ open: Double, _ close: Double) -> Candle {
            Candle(
                day: day, open: open, high: max(open, close), low: min(open, close), close: close, volume: 1, value: 1)
        }
        let days = (0..<4).map { thursday.adding(days: $0) }  // Thursday to Sunday
        let korean = days.map { candle($0, 150_000_000, 153_000_000) }
        let binance = days.map { candle($0, 100_000, 100_000) }
        let tether = days.map { candle($0, 1_450, 1_500) }
        // No dollar on Saturday and Sunday: Friday's holds.
        let dollar: [TradingDay: Double] = [days[0]: 1_400, days[1]: 1_425]
        let bars = PremiumDays.bars(
            symbol: "BTC", korean: korean, binance: binance, tether: tether, usdKRW: dollar, before: days[3])
        #expect(bars.map(\.start) == days.prefix(3).map(\.startUnixMilliseconds))
        let saturday = bars[2]
        #expect(abs(saturday.usdt.open - (150_000_000 / (100_000 * 1_450.0) - 1)) < 1e-12)
        #expect(abs(saturday.usdt.close - (153_000_000 / (100_000 * 1_500.0) - 1)) < 1e-12)
        #expect(saturday.usdt.high == max(saturday.usdt.open, saturday.usdt.close))
        #expect(abs((saturday.fx?.close ?? 0) - (153_000_000 / (100_000 * 1_425.0) - 1)) < 1e-12)
        #expect(abs((bars[0].fx?.open ?? 0) - (150_000_000 / (100_000 * 1_400.0) - 1)) < 1e-12)
        // A day missing on Binance is left out; without any dollar there is no bank-rate premium.
        let gap = PremiumDays.bars(
            symbol: "BTC", korean: korean, binance: Array(binance.dropFirst()), tether: tether, usdKRW: [:],
            before: days[3])
        #expect(gap.count == 2 && gap.allSatisfy { $0.fx == nil })
    }
}
