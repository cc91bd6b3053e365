import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The chart remembers and reads well (issue 65): the next coin opens on the interval, studies
/// and zoom last used, and the price axis is labelled at round prices.
@MainActor
@Suite struct ChartMemoryTests {
    private let bitcoin = MarketFixtures.bitcoin.id

    @Test func theNextCoinOpensOnTheChartLastUsedAndABadMemoryIsTheDefaults() async throws {
        let parts = try await DetailTestParts.make()
        let first = DetailViewModel(
            market: bitcoin, board: parts.board, loader: parts.loader, candles: { _, _, _ in [] })
        #expect(first.output.interval == .day && first.output.studies == ChartStudies())
        first.send(.chartIntervalChosen(.fifteenMinutes))
        first.send(.bandsToggled)
        first.send(.oscillatorCycled)
        first.send(.chartZoomed(by: -2))
        let next = DetailViewModel(
            market: MarketFixtures.ethereum.id, board: parts.board, loader: parts.loader, candles: { _, _, _ in [] })
        #expect(next.output.interval == .fifteenMinutes)
        #expect(next.output.candleStatus == "Loading 15m candles…")
        #expect(next.output.studies.bands && next.output.studies.oscillator == .rsi)
        #expect(next.output.window.count == first.output.window.count && next.output.window.count > 120)
        // An exchange without that interval (days only here) keeps the studies and opens on days.
        let daysOnly = DetailViewModel(market: bitcoin, board: parts.board, loader: parts.loader)
        #expect(daysOnly.output.interval == .day && daysOnly.output.studies.bands)

        // A memory written by hand out of range is clamped; unreadable text is the defaults.
        try parts.loader.store.saveSetting(
            "detail.chart",
            #"{"interval":"5m","studies":{"averages":false,"bands":false,"oscillator":"macd"},"count":99999}"#)
        let clamped = DetailViewModel(
            market: bitcoin, board: parts.board, loader: parts.loader, candles: { _, _, _ in [] })
        #expect(clamped.output.window.count == ChartWindow.countRange.upperBound)
        #expect(clamped.output.interval == .fiveMinutes && clamped.output.studies.oscillator == .macd)
        try parts.loader.store.saveSetting("detail.chart", "not json")
        let fresh = DetailViewModel(market: bitcoin, board: parts.board, loader: parts.loader)
        #expect(fresh.output.studies == ChartStudies() && fresh.output.window == ChartWindow())
    }

    @Test func theAxisTicksAreRoundAndEvenlySpaced() {
        #expect(
            ChartTicks.round(from: 96_512_345, to: 98_987_210, about: 6) == [
                97_000_000, 97_500_000, 98_000_000, 98_500_000,
            ])
        #expect(ChartTicks.round(from: 1_000, to: 2_000, about: 6) == [1_000, 1_200, 1_400, 1_600, 1_800, 2_000])
        let small = ChartTicks.round(from: 0.01234, to: 0.01301, about: 4)
        #expect(zip(small, [0.0125, 0.01275, 0.013]).allSatisfy { abs($0 - $1) < 1e-12 } && small.count == 3)
        // Nothing to space: the ends as they are.
        #expect(ChartTicks.round(from: 5, to: 5, about: 4) == [5])
        #expect(ChartTicks.round(from: 1, to: .infinity, about: 4) == [1, .infinity])
        for (low, high) in [(3.1, 7.9), (140_000_000.0, 140_400_000.0), (0.5, 0.50001)] {
            let ticks = ChartTicks.round(from: low, to: high, about: 5)
            #expect(ticks.count >= 2 && ticks.count <= 12 && ticks.allSatisfy { $0 >= low && $0 <= high * (1 + 1e-9) })
        }
    }
}

/// Zooming out past one candle a column (issue 65): the terminal's `x` went no further than its
/// width; now each column draws several candles merged, and the page (a column a candle) is as it was.
@Suite struct ChartZoomOutTests {
    private let candles = (0..<1_000).map { index in
        let price = 100_000_000 + Double(index) * 1_000
        return IntervalCandle(
            start: 1_795_672_800_000 + Int64(index) * 300_000, open: price, high: price + 500, low: price - 500,
            close: price + 100, volume: 1, value: price)
    }

    private func detail(count: Int) -> DetailOutput {
        var output = DetailOutput(market: MarketFixtures.bitcoin.id)
        output.interval = .fiveMinutes
        output.intervalCandles = candles
        output.window.count = count
        return output
    }

    private func chart(_ detail: DetailOutput, columns: Int) -> PriceChartLayout {
        detail.priceChart(columns: columns, priceRows: 40, volumeRows: 8, oscillatorRows: 0, labelSpacing: 12)
    }

    @Test func pastTheDefaultZoomEachColumnDrawsSeveralCandlesMerged() {
        // The default zoom on 100 columns: a candle a column, the newest 100.
        let near = chart(detail(count: 120), columns: 100)
        #expect(near.candlesPerColumn == 1 && near.bars.count == 100)
        // Zoomed out to 300 candles: three a column, the newest 300 in 100 columns.
        let far = chart(detail(count: 300), columns: 100)
        #expect(far.candlesPerColumn == 3 && far.bars.count == 100)
        #expect(far.bars.first?.start == candles[700].start && far.bars.last?.start == candles[997].start)
        // The whole thousand: ten a column.
        let all = chart(detail(count: 1_000), columns: 100)
        #expect(all.candlesPerColumn == 10 && all.bars.count == 100 && all.bars.first?.start == candles[0].start)
        // The page asks for a column a candle: never merged.
        let page = chart(detail(count: 300), columns: 300)
        #expect(page.candlesPerColumn == 1 && page.bars.count == 300)
    }

    @Test func aMergedCandleIsItsGroupsOpenCloseExtremesAndSums() {
        let merged = IntervalCandle.merged(Array(candles.prefix(7)), by: 3)
        // From the newest back: [4, 5, 6], [1, 2, 3], then [0] alone.
        #expect(merged.count == 3)
        #expect(merged[0] == candles[0])
        #expect(merged[2].start == candles[4].start && merged[2].open == candles[4].open)
        #expect(merged[2].close == candles[6].close && merged[2].high == candles[6].high)
        #expect(merged[2].low == candles[4].low && merged[2].volume == 3)
        #expect(IntervalCandle.merged([], by: 3).isEmpty && IntervalCandle.merged(candles, by: 1) == candles)
    }
}
