import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The detail's price chart (issue 30) on a test clock: an interval's candles fetched once and
/// moved on by the trades of the depth feed, the studies and the window as a person sets them,
/// and what the screen saw at each step.
@MainActor
@Suite struct DetailChartTests {
    private let bitcoin = MarketFixtures.bitcoin.id
    /// 2026-11-26 06:00 UTC.
    private let now: Int64 = 1_795_672_800_000

    /// 300 five-minute candles up to the one starting at `now`.
    private var fiveMinutes: [IntervalCandle] {
        (0..<300).map { index in
            let start = now - Int64(299 - index) * 300_000
            let price = 100_000_000 + Double(index) * 1_000
            return IntervalCandle(
                start: start, open: price, high: price + 500, low: price - 500, close: price, volume: 1, value: price)
        }
    }

    private func trade(_ id: Int64, price: Double, at time: Int64) -> Trade {
        Trade(market: bitcoin, price: price, size: 0.5, side: .buy, timestamp: time, id: id)
    }

    @Test func anIntervalIsFetchedOnceMovedOnByTradesAndShownAgainAtOnce() async throws {
        let driver = TaskDriver()
        let parts = try await DetailTestParts.make(price: 100_299_000, timestamp: now + 10)
        let (board, loader) = (parts.board, parts.loader)
        let asked = Mutex<[String]>([])
        let candles = fiveMinutes
        let (feed, depthEvents) = AsyncStream<MarketDepthEvent>.makeStream()
        let viewModel = DetailViewModel(
            market: bitcoin, board: board, loader: loader, depth: { _ in feed },
            candles: { _, interval, count in
                asked.withLock { $0.append("\(interval) \(count)") }
                guard interval == .fiveMinutes else { throw ExchangeError.unavailable("offline") }
                return Array(candles.suffix(count))
            }, clock: driver.clock)
        let log = OutputLog<DetailOutput>()
        let outputs = viewModel.outputs(bufferingPolicy: .unbounded)
        let recorder = driver.start { @MainActor in
            for await output in outputs { log.append(output) }
        }
        let running = driver.start { @MainActor in await viewModel.run() }
        await driver.settle()
        #expect(viewModel.output.interval == .day)
        #expect(
            viewModel.output.intervals.map(\.chartName) == [
                "1s", "1m", "3m", "5m", "15m", "30m", "1h", "4h", "1D", "1W", "1M",
            ])
        let before = log.values.count

        viewModel.send(.chartIntervalChosen(.fiveMinutes))
        await driver.settle()
        // A trade in the newest candle moves it; a later one opens the next; an older one was counted.
        depthEvents.yield(.trades([trade(1, price: 100_400_000, at: now + 60_000)]))
        depthEvents.yield(.trades([trade(2, price: 100_350_000, at: now + 300_000), trade(0, price: 1, at: now + 5)]))
        await driver.settle()
        viewModel.send(.chartIntervalChosen(.hour))
        await driver.settle()
        viewModel.send(.chartIntervalChosen(.fiveMinutes))
        let shownAtOnce = viewModel.output.intervalCandles.count
        viewModel.send(.chartIntervalChosen(.threeMinutes))
        await driver.settle()

        struct Seen: Equatable {
            var interval: CandleInterval
            var status: String?
            var count: Int
            var last: String
        }
        let steps = log.values[before...].map { output in
            Seen(
                interval: output.interval, status: output.candleStatus, count: output.intervalCandles.count,
                last: output.intervalCandles.last.map { "\($0.open) \($0.high) \($0.close) \($0.volume)" } ?? "")
        }
        var changes: [Seen] = []
        for step in steps where changes.last != step { changes.append(step) }
        #expect(
            changes == [
                Seen(interval: .fiveMinutes, status: "Loading 5m candles…", count: 0, last: ""),
                // One page first, then the older ones before it.
                Seen(interval: .fiveMinutes, status: nil, count: 200, last: "100299000.0 100299500.0 100299000.0 1.0"),
                Seen(interval: .fiveMinutes, status: nil, count: 300, last: "100299000.0 100299500.0 100299000.0 1.0"),
                Seen(interval: .fiveMinutes, status: nil, count: 300, last: "100299000.0 100400000.0 100400000.0 1.5"),
                Seen(interval: .fiveMinutes, status: nil, count: 301, last: "100350000.0 100350000.0 100350000.0 0.5"),
                Seen(interval: .hour, status: "Loading 1h candles…", count: 0, last: ""),
                Seen(
                    interval: .hour,
                    status: "1h candles unavailable: exchange unavailable: offline (trying again in 3 s)", count: 0,
                    last: ""
                ),
                Seen(interval: .fiveMinutes, status: nil, count: 301, last: "100350000.0 100350000.0 100350000.0 0.5"),
                Seen(interval: .threeMinutes, status: "Loading 3m candles…", count: 0, last: ""),
                Seen(
                    interval: .threeMinutes,
                    status: "3m candles unavailable: exchange unavailable: offline (trying again in 3 s)", count: 0,
                    last: ""),
            ])
        // Five minutes again came from what was fetched, in the same step, without a request.
        #expect(shownAtOnce == 301)
        #expect(asked.withLock { $0 } == ["5m 200", "5m 1000", "1h 200", "3m 200"])
        // The shown interval that failed is asked for again after 3 s of the clock; 1h, left, is not.
        await driver.advance(by: .seconds(3), step: .seconds(1))
        #expect(asked.withLock { $0 } == ["5m 200", "5m 1000", "1h 200", "3m 200", "3m 200"])
        running.cancel()
        recorder.cancel()
        depthEvents.finish()
        await driver.settle()
    }

    @Test func studiesAndTheWindowFollowTheirInputsAndAnIntervalTheExchangeLacksSaysSo() async throws {
        let parts = try await DetailTestParts.make(exchange: .korbit)
        let (board, loader) = (parts.board, parts.loader)
        let viewModel = DetailViewModel(
            market: bitcoin, board: board, loader: loader, candles: { _, _, _ in [] })
        #expect(viewModel.output.studies == ChartStudies())
        viewModel.send(.averagesToggled)
        viewModel.send(.bandsToggled)
        viewModel.send(.oscillatorCycled)
        #expect(!viewModel.output.studies.averages && viewModel.output.studies.bands)
        #expect(viewModel.output.studies.oscillator == .rsi)
        viewModel.send(.oscillatorCycled)
        #expect(viewModel.output.studies.oscillator == .macd)
        viewModel.send(.oscillatorCycled)
        #expect(viewModel.output.studies.oscillator == .none)
        viewModel.send(.chartZoomed(by: 1))
        #expect(viewModel.output.window.count == 96)
        // Nothing loaded yet: nothing to pan over.
        viewModel.send(.chartPanned(by: 10))
        #expect(viewModel.output.window.offset == 0)
        // Korbit has no three-minute candles: not offered, the key changes nothing.
        viewModel.send(.chartIntervalChosen(.threeMinutes))
        #expect(viewModel.output.interval == .day && !viewModel.output.intervals.contains(.threeMinutes))
        // Without a source of intraday candles, days only.
        let daysOnly = DetailViewModel(market: bitcoin, board: board, loader: loader)
        #expect(daysOnly.output.intervals == [.day])
        daysOnly.send(.chartIntervalChosen(.fiveMinutes))
        #expect(daysOnly.output.interval == .day)
    }

    /// Issue 30's target: a new interval shows within one REST round trip. Its first page (200
    /// candles, one request on every exchange) is drawn while the older ones are still on their
    /// way; a trade meanwhile moves the page, and the older candles go in front of it unchanged.
    @Test func theFirstPageIsDrawnWhileTheOlderCandlesAreOnTheirWay() async throws {
        let driver = TaskDriver()
        let parts = try await DetailTestParts.make(price: 100_299_000, timestamp: now + 10)
        let candles = fiveMinutes
        let (feed, depthEvents) = AsyncStream<MarketDepthEvent>.makeStream()
        let (olderReleased, releaseOlder) = AsyncStream<Void>.makeStream()
        let viewModel = DetailViewModel(
            market: bitcoin, board: parts.board, loader: parts.loader, depth: { _ in feed },
            candles: { _, _, count in
                if count > 200 {
                    for await _ in olderReleased { break }
                }
                return Array(candles.suffix(count))
            }, clock: driver.clock)
        let running = driver.start { @MainActor in await viewModel.run() }
        await driver.settle()
        viewModel.send(.chartIntervalChosen(.fiveMinutes))
        await driver.settle()
        #expect(viewModel.output.intervalCandles.count == 200)
        #expect(viewModel.output.candleStatus == nil)
        #expect(viewModel.output.intervalCandles.first?.start == candles[100].start)
        depthEvents.yield(.trades([trade(1, price: 100_400_000, at: now + 60_000)]))
        await driver.settle()
        #expect(viewModel.output.intervalCandles.last?.close == 100_400_000)

        releaseOlder.yield()
        await driver.settle()
        #expect(viewModel.output.intervalCandles.count == 300)
        #expect(viewModel.output.intervalCandles.first == candles.first)
        #expect(viewModel.output.intervalCandles.last?.close == 100_400_000, "the trade's move is kept")
        running.cancel()
        releaseOlder.finish()
        depthEvents.finish()
        await driver.settle()
    }
}
