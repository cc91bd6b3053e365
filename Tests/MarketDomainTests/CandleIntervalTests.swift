import MarketDomain
import Testing

/// Candle intervals, roll-ups and the live candle (issue 30).
@Suite struct CandleIntervalTests {
    /// 2026-11-26 (a Thursday) 13:07:28.500 UTC.
    private let time: Int64 = 1_795_698_448_500

    @Test func eachIntervalStartsOnItsBoundaryInUTC() {
        let day = TradingDay(year: 2026, month: 11, day: 26)!.startUnixMilliseconds
        #expect(CandleInterval.second.start(containing: time) == time - 500)
        #expect(CandleInterval.fiveMinutes.start(containing: time) == day + 13 * 3_600_000 + 5 * 60_000)
        #expect(CandleInterval.fourHours.start(containing: time) == day + 12 * 3_600_000)
        #expect(CandleInterval.day.start(containing: time) == day)
        #expect(
            CandleInterval.week.start(containing: time)
                == TradingDay(year: 2026, month: 11, day: 23)!.startUnixMilliseconds)
        #expect(
            CandleInterval.month.start(containing: time)
                == TradingDay(year: 2026, month: 11, day: 1)!.startUnixMilliseconds)
        let december = TradingDay(year: 2026, month: 12, day: 1)!.startUnixMilliseconds
        #expect(CandleInterval.month.next(after: CandleInterval.month.start(containing: time)) == december)
        #expect(
            CandleInterval.month.next(after: december)
                == TradingDay(year: 2027, month: 1, day: 1)!.startUnixMilliseconds)
    }

    @Test func intervalsAreReadAsPeopleAndExchangesWriteThem() {
        #expect(CandleInterval(text: "5m") == .fiveMinutes)
        #expect(CandleInterval(text: "60m") == .hour)
        #expect(CandleInterval(text: "240") == .fourHours)
        #expect(CandleInterval(text: "1D") == .day)
        #expect(CandleInterval(text: "1M") == .month)
        #expect(CandleInterval(text: "1m") == .minute)
        #expect(CandleInterval(text: "2m") == nil)
    }

    @Test func minutesRollUpIntoFiveMinuteCandles() {
        let minutes = (0..<7).map { (index: Int) -> IntervalCandle in
            let base = Double(index)
            return IntervalCandle(
                start: Int64(index) * 60_000, open: 100 + base, high: 110 + base, low: 90 + base, close: 101 + base,
                volume: 1, value: 100)
        }
        let rolled = IntervalCandle.rollUp(minutes, into: .fiveMinutes)
        #expect(
            rolled == [
                IntervalCandle(start: 0, open: 100, high: 114, low: 90, close: 105, volume: 5, value: 500),
                IntervalCandle(start: 300_000, open: 105, high: 116, low: 95, close: 107, volume: 2, value: 200),
            ])
    }

    @Test func theNewestCandleMovesWithTradesAndALaterTradeOpensTheNext() {
        let market = MarketID("KRW-BTC")!
        func trade(_ price: Double, at second: Int64) -> Trade {
            Trade(market: market, price: price, size: 2, side: .buy, timestamp: second * 1_000, id: second)
        }
        let fetched = [IntervalCandle(start: 0, open: 100, high: 100, low: 100, close: 100, volume: 1, value: 100)]
        var live = LiveCandles(interval: .minute, candles: fetched, since: 10_000)
        // A trade before the fetch is in the candle already; a later one in the same minute moves it.
        let early = live.take([trade(90, at: 5)])
        #expect(early == false)
        let later = live.take([trade(120, at: 30), trade(95, at: 20)])
        #expect(later)
        #expect(
            live.candles == [IntervalCandle(start: 0, open: 100, high: 120, low: 95, close: 120, volume: 5, value: 530)]
        )
        let next = live.take([trade(130, at: 61)])
        #expect(next)
        #expect(live.candles.map(\.start) == [0, 60_000])
        #expect(live.candles.last?.open == 130)
    }
}
