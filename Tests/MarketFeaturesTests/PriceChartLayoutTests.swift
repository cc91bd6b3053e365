import MarketDomain
import Testing

@testable import MarketFeatures

/// The price chart's layout (issue 30) that both faces draw: where each candle, volume bar,
/// study line and label goes, and which candles a window shows.
@Suite struct PriceChartLayoutTests {
    /// 2026-11-26 06:00 UTC, 15:00 KST.
    private let start: Int64 = 1_795_672_800_000

    private func candle(
        _ index: Int, open: Double, high: Double, low: Double, close: Double, volume: Double = 1
    )
        -> IntervalCandle
    {
        IntervalCandle(
            start: start + Int64(index) * 300_000, open: open, high: high, low: low, close: close, volume: volume,
            value: close * volume)
    }

    private func layout(
        _ candles: [IntervalCandle], studies: ChartStudies = ChartStudies(), window: ChartWindow = ChartWindow(),
        columns: Int = 100, priceRows: Int = 101, oscillatorRows: Int = 21
    ) -> PriceChartLayout {
        PriceChartLayout(
            candles: candles, interval: .fiveMinutes, quote: "KRW", studies: studies, window: window, columns: columns,
            priceRows: priceRows, volumeRows: 16, oscillatorRows: oscillatorRows, labelSpacing: 2)
    }

    @Test func candlesVolumesAndLabelsArePlacedOnTheAxisTheyShare() {
        var studies = ChartStudies()
        studies.averages = false
        let chart = layout(
            [
                candle(0, open: 1_000, high: 2_000, low: 1_000, close: 1_500, volume: 4),
                candle(1, open: 1_500, high: 1_600, low: 1_100, close: 1_200, volume: 2),
                candle(2, open: 1_200, high: 1_200, low: 1_200, close: 1_200, volume: 0),
            ], studies: studies)
        // 2,000 is row 0 and 1,000 row 100: ten won a row.
        #expect(
            chart.bars == [
                .init(
                    column: 0, start: start, direction: .rise, high: 0, low: 100, bodyTop: 50, bodyBottom: 100,
                    volume: 16),
                .init(
                    column: 1, start: start + 300_000, direction: .fall, high: 40, low: 90, bodyTop: 50,
                    bodyBottom: 80, volume: 8),
                .init(
                    column: 2, start: start + 600_000, direction: .even, high: 80, low: 80, bodyTop: 80,
                    bodyBottom: 80, volume: 0),
            ])
        #expect(chart.priceLabels.first == .init(position: 0, text: "2,000"))
        #expect(chart.priceLabels.last == .init(position: 100, text: "1,000"))
        #expect(chart.timeLabels == [.init(position: 0, text: "15:00"), .init(position: 2, text: "15:10")])
        #expect(chart.readouts["1"] == "2026-11-26 15:05 KST  O 1,500  H 1,600  L 1,100  C 1,200  V 2.000")
        #expect(chart.volumeLabel == "4.000")
        #expect(chart.overlays.isEmpty && chart.oscillator == nil && chart.oscillatorRows == 0)
    }

    /// A rising series of 100 closes, 1 won apart.
    private var rising: [IntervalCandle] {
        (0..<100).map { index in
            let price = 1_000 + Double(index)
            return candle(index, open: price - 0.5, high: price + 0.5, low: price - 1, close: price)
        }
    }

    @Test func averagesReadEveryCandleSoAWindowsFirstAreDefinedToo() {
        var window = ChartWindow()
        window.count = 30
        let chart = layout(rising, window: window)
        #expect(chart.bars.count == 30 && chart.hiddenBefore == 70 && chart.hiddenAfter == 0)
        let kinds = chart.overlays.map(\.kind)
        #expect(kinds == [.average20, .average60])
        // Every shown point is defined: the 70 candles before the window warmed them up.
        #expect(chart.overlays.allSatisfy { $0.points.count == 30 && !$0.points.contains(nil) })
        // MA20 of the last is the mean of closes 1,080 … 1,099 (1,089.5), MA60 of 1,040 … 1,099
        // (1,069.5), at the tick of a 1,000-won price.
        #expect(chart.legend == "MA20 1,090  MA60 1,070")
        // The whole series: the first 19 have no 20-candle average.
        let whole = layout(
            rising,
            window: {
                var all = ChartWindow(); all.count = 100; return all
            }())
        #expect(whole.overlays[0].points.prefix(19).allSatisfy { $0 == nil } && whole.overlays[0].points[19] != nil)
    }

    @Test func theAxisSpansTheBandsWhereTheyReachPastTheCandles() {
        var studies = ChartStudies()
        studies.averages = false
        studies.bands = true
        // Flat candles that jump once: the bands open wider than the candles' range.
        let candles = (0..<40).map { index in
            let price: Double = index < 30 ? 1_000 : 1_100
            return candle(index, open: price, high: price, low: price, close: price)
        }
        var window = ChartWindow()
        window.count = 10
        let chart = layout(candles, studies: studies, window: window)
        #expect(chart.overlays.map(\.kind) == [.bandUpper, .bandMiddle, .bandLower])
        let upper = chart.overlays[0].points.compactMap { $0 }
        let lower = chart.overlays[2].points.compactMap { $0 }
        // The upper band is the top of the axis and the lower its bottom, the candles between.
        #expect(upper.min() == 0 && lower.max() == 100)
        #expect(chart.bars.allSatisfy { $0.high > 0 && $0.low < 100 })
    }

    @Test func rsiSitsOnAFixedScaleAndMACDAboutItsZero() {
        var studies = ChartStudies()
        studies.oscillator = .rsi
        let zigzag = (0..<80).map { index in
            let price = 1_000 + Double(index % 7) * 10 + Double(index)
            return candle(index, open: price, high: price + 5, low: price - 5, close: price)
        }
        let rsi = try! #require(layout(zigzag, studies: studies).oscillator)
        // 21 rows: 70 is row 6, 30 row 14, 50 row 10.
        #expect(rsi.kind == .rsi && rsi.labels == [.init(position: 6, text: "70"), .init(position: 14, text: "30")])
        #expect(rsi.zeroRow == 10)
        let values = Indicators.relativeStrengthIndex(zigzag.map(\.close))
        #expect(rsi.title == "RSI(14) \(NumberFormat.fixed(values.last!!, decimals: 2))")
        #expect(rsi.lines[0].points.compactMap { $0 }.allSatisfy { (0...20).contains($0) })
        studies.oscillator = .macd
        let macd = try! #require(layout(zigzag, studies: studies).oscillator)
        #expect(macd.kind == .macd && macd.zeroRow == 10 && macd.lines.map(\.kind) == [.macd, .signal])
        // The histogram is defined from the 34th close (26 for the line, 9 for the signal).
        #expect(macd.histogram.firstIndex { $0 != nil } == 33)
        #expect(macd.title.hasPrefix("MACD(12,26,9) "))
    }

    @Test func aWindowZoomsAndPansWithinWhatIsThere() {
        var window = ChartWindow()
        #expect(window.shown(available: 500, columns: 1_000) == 380..<500)
        // The terminal's width limits it too.
        #expect(window.shown(available: 500, columns: 80) == 420..<500)
        window.zoom(by: 2)
        #expect(window.count == 77)
        window.zoom(by: -40)
        #expect(window.count == 1_000)
        window.zoom(by: 40)
        #expect(window.count == 20)
        window.pan(by: 30, available: 500)
        #expect(window.shown(available: 500, columns: 1_000) == 450..<470)
        window.pan(by: 10_000, available: 500)
        #expect(window.offset == 499 && window.shown(available: 500, columns: 1_000) == 0..<1)
        window.pan(by: -10_000, available: 500)
        #expect(window.offset == 0)
    }

    @Test func eachIntervalHasItsKeyAndItsTimesInKST() {
        #expect(
            CandleInterval.chartChoices(on: .korbit).map(\.chartName) == [
                "1m", "5m", "15m", "30m", "1h", "4h", "1D", "1W",
            ])
        #expect(CandleInterval.chartChoices(on: .upbit).compactMap(\.chartKey) == Array("s1234567890"))
        #expect(CandleInterval.hour.axisLabel(start) == "11-26 15h")
        #expect(CandleInterval.second.axisLabel(start + 5_000) == "15:00:05")
        #expect(CandleInterval.month.axisLabel(start) == "2026-11")
        #expect(CandleInterval.day.readoutTime(start) == "2026-11-26")
    }
}
