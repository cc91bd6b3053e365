import MarketDomain
import Testing

@testable import MarketFeatures

/// The chart's geometry, which the terminal draws in cells and a page in pixels.
@Suite struct CandleChartLayoutTests {
    private let start = TradingDay(year: 2026, month: 1, day: 1)!

    private func candle(_ day: Int, open: Double, high: Double, low: Double, close: Double) -> Candle {
        Candle(day: start.adding(days: day), open: open, high: high, low: low, close: close, volume: 1, value: 1)
    }

    @Test func theHighestHighIsTheTopRowTheLowestLowTheBottomAndBodiesSitBetween() {
        let candles = [
            candle(0, open: 100, high: 110, low: 90, close: 105),
            candle(1, open: 105, high: 108, low: 100, close: 100),
            candle(2, open: 100, high: 102, low: 98, close: 100),
        ]
        let layout = CandleChartLayout(candles, quote: "KRW", columns: 10, rows: 5)
        // 90…110 over rows 4…0: a row is 5 won, and a price takes the nearest row (108 → 110).
        typealias Bar = CandleChartLayout.Bar
        let expected: [Bar] = [
            Bar(column: 0, day: start, direction: .rise, highRow: 0, lowRow: 4, bodyTopRow: 1, bodyBottomRow: 2),
            Bar(
                column: 1, day: start.adding(days: 1), direction: .fall, highRow: 0, lowRow: 2, bodyTopRow: 1,
                bodyBottomRow: 2),
            Bar(
                column: 2, day: start.adding(days: 2), direction: .even, highRow: 2, lowRow: 2, bodyTopRow: 2,
                bodyBottomRow: 2),
        ]
        #expect(layout.bars == expected)
        #expect(layout.priceLabels.map(\.row) == [0, 4])
        #expect(layout.priceLabels.map(\.text) == ["110.0", "90.00"])
        #expect(layout.dateLabels == [CandleChartLayout.DateLabel(column: 0, text: "01-01")])
    }

    @Test func onlyTheLatestDaysThatFitAreShownWithADateEveryTwelveColumns() {
        let candles = (0..<40).map { candle($0, open: 100, high: 101, low: 99, close: 100) }
        let layout = CandleChartLayout(candles, quote: "KRW", columns: 30, rows: 12)
        #expect(layout.bars.count == 30)
        #expect(layout.bars.first?.day == start.adding(days: 10))
        #expect(layout.dateLabels.map(\.column) == [0, 12, 24])
        #expect(layout.priceLabels.count == 4)
        #expect(CandleChartLayout(candles, quote: "KRW", columns: 4, rows: 12).bars.isEmpty)
        #expect(CandleChartLayout([], quote: "KRW", columns: 30, rows: 12).bars.isEmpty)
    }

    @Test func aPremiumHistoryIsLaidOutInSignedPercentWithItsBarsKSTTimesAndAFlatSeriesDrawsFlat() {
        // 2026-11-26 00:00 UTC: 09:00 KST.
        let midnight: Int64 = 1_795_651_200_000
        let bars = [(0.031, 0.034, 0.030, 0.033), (0.033, 0.033, -0.005, -0.004)].enumerated().map { index, values in
            PremiumBar(
                symbol: "BTC", interval: .minute, start: midnight + Int64(index) * 60_000,
                usdt: PremiumOHLC(open: values.0, high: values.1, low: values.2, close: values.3), fx: nil)
        }
        let layout = CandleChartLayout(premium: bars, basis: .usdt, columns: 10, rows: 4)
        #expect(layout.priceLabels.map(\.text) == ["+3.40%", "-0.50%"])
        #expect(layout.bars.map(\.direction) == [.rise, .fall])
        #expect(layout.bars[1].lowRow == 3 && layout.bars[0].highRow == 0)
        #expect(layout.dateLabels == [CandleChartLayout.DateLabel(column: 0, text: "09:00")])
        // Nothing over the bank rate: nothing to draw on that basis.
        #expect(CandleChartLayout(premium: bars, basis: .fx, columns: 10, rows: 4).bars.isEmpty)
        // A flat premium sits mid-chart on an axis 0.2 points wide, not across every row.
        let flat = [PremiumBar(symbol: "BTC", interval: .day, start: midnight, usdt: PremiumOHLC(0.02), fx: nil)]
        let level = CandleChartLayout(premium: flat, basis: .usdt, columns: 10, rows: 5)
        #expect(level.bars.map(\.highRow) == [2] && level.bars.map(\.lowRow) == [2])
        #expect(level.priceLabels.map(\.text) == ["+2.10%", "+1.90%"])
        #expect(level.dateLabels.map(\.text) == ["11-26"])
    }
}
