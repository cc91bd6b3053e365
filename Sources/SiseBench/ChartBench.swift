import ArgumentParser
import Foundation
import HeadlessOutput
import MarketDomain
import MarketFeatures
import MarketStore
import TerminalUI
import WebDashboard

/// `sise bench chart`: a detail's price chart (issue 30) per frame with 1,000 candles and every
/// study on — the layout alone, the terminal's frame (layout, drawing, the bytes that changed) and
/// the page's (its screen and the patch a tab is sent) — and an interval switch served by the
/// store's candle cache, and one that must be fetched (``ChartFirstPaint``). Issue 30's targets:
/// the terminal's frame within 5 ms, a switch within 300 ms from the cache and within one REST
/// round trip when it must fetch.
struct ChartBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart", abstract: "Measure a detail chart's frame and an interval switch from the cache.")

    @Option(parsing: .unconditional, help: "Candles loaded and shown (the page's most zoomed-out window).")
    var candles = 1_000

    @Option(parsing: .unconditional, help: "Frames per measurement; the mean is reported.")
    var frames = 200

    @Option(parsing: .unconditional, help: "The terminal's size, columns x rows.")
    var size = "200x50"

    func validate() throws {
        guard (100...10_000).contains(candles) else { throw ValidationError("--candles must be 100 to 10000.") }
        guard frames >= 1 else { throw ValidationError("--frames must be at least 1.") }
        guard terminalSize != nil else { throw ValidationError("--size takes COLUMNSxROWS, at least 80x24.") }
    }

    private var terminalSize: (columns: Int, rows: Int)? {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] >= 80, parts[1] >= 24 else { return nil }
        return (parts[0], parts[1])
    }

    @MainActor func run() async throws {
        guard let terminal = terminalSize else { return }
        let series = Self.series(count: candles)
        var detail = DetailOutput(market: MarketID("KRW-BTC")!)
        detail.name = "비트코인"
        detail.interval = .fiveMinutes
        detail.intervals = CandleInterval.chartChoices(on: .upbit)
        detail.studies.bands = true
        detail.studies.oscillator = .macd
        detail.window.count = candles
        StandardError.writeLine(
            "sise bench chart: \(candles) five-minute candles, MA 20/60, Bollinger, MACD; \(frames) frames a measurement"
        )
        // Each frame's newest candle moves, as a trade moves it.
        func ticked(_ frame: Int) -> DetailOutput {
            var next = detail
            var last = series[series.count - 1]
            last.close += Double(frame % 50 - 25) * 1_000
            last.high = max(last.high, last.close)
            last.low = min(last.low, last.close)
            next.intervalCandles = Array(series.dropLast()) + [last]
            return next
        }
        let layout = try measure("chart layout, \(candles) candles (page)") { frame in
            let output = ticked(frame)
            let rows = DashboardScreen.priceChartRows
            _ = output.priceChart(
                columns: output.window.count, priceRows: rows.price, volumeRows: rows.volume,
                oscillatorRows: rows.oscillator, labelSpacing: output.window.count / 6)
        }
        var board = BoardOutput()
        board.status.exchange = "Upbit"
        let screen = DetailScreen(theme: Theme())
        let writer = FrameWriter()
        var previousBuffer: ScreenBuffer?
        let terminalFrame = try measure("terminal frame, \(terminal.columns)×\(terminal.rows)") { frame in
            var buffer = ScreenBuffer(width: terminal.columns, height: terminal.rows)
            screen.draw(ticked(frame), status: board, into: &buffer)
            _ = writer.output(from: previousBuffer, to: buffer)
            previousBuffer = buffer
        }
        // The page's frame: the tab's screen and the patch it is sent, at the most zoomed-out
        // window and at the window a detail opens with.
        func measurePage(window: Int) throws -> Double {
            var previousScreen: DashboardScreen?
            return try measure("page frame, \(window) shown (screen, patch)") { frame in
                var output = RootViewModel.Output()
                var detail = ticked(frame)
                detail.window.count = window
                output.detail = detail
                let next = DashboardScreen(output)
                if let previousScreen {
                    _ = try JSONEncoder().encode(DashboardScreenPatch(from: previousScreen, to: next))
                }
                previousScreen = next
            }
        }
        let pageFrame = try measurePage(window: candles)
        let pageOpening = try measurePage(window: ChartWindow.defaultCount)
        let switchTime = try await intervalSwitch(series)
        try StandardOutput.writeLine(
            "\(Self.pad("interval switch from the store's cache"))\(NumberFormat.fixed(switchTime, decimals: 1)) ms")
        let fetched = try await ChartFirstPaint.measure()
        try StandardOutput.writeLine(
            "\(Self.pad("one request of 200 candles, loopback"))\(NumberFormat.fixed(fetched.roundTrip, decimals: 1)) ms"
        )
        try StandardOutput.writeLine(
            "\(Self.pad("first paint of an interval never fetched"))\(NumberFormat.fixed(fetched.firstPaint, decimals: 1)) ms"
        )
        try StandardOutput.writeLine(
            "\(Self.pad("all 1,000 of its candles in"))\(NumberFormat.fixed(fetched.allCandles, decimals: 1)) ms")
        try StandardOutput.writeLine(
            "target: the terminal's frame ≤ 5 ms (\(NumberFormat.fixed(terminalFrame / 1_000, decimals: 2)) ms), "
                + "a switch ≤ 300 ms (\(NumberFormat.fixed(switchTime, decimals: 1)) ms), "
                + "a fetched one within a round trip (\(NumberFormat.fixed(fetched.firstPaint, decimals: 1)) ms "
                + "against \(NumberFormat.fixed(fetched.roundTrip, decimals: 1)) ms); "
                + "layout \(NumberFormat.fixed(layout / 1_000, decimals: 2)) ms, "
                + "page \(NumberFormat.fixed(pageFrame / 1_000, decimals: 2)) ms")
        let figures = [
            ("terminal_frame_ms", terminalFrame / 1_000), ("layout_ms", layout / 1_000),
            ("page_frame_ms", pageFrame / 1_000), ("page_frame_default_ms", pageOpening / 1_000),
            ("switch_ms", switchTime), ("round_trip_ms", fetched.roundTrip), ("first_paint_ms", fetched.firstPaint),
            ("all_candles_ms", fetched.allCandles),
        ]
        try StandardOutput.writeLine(
            "candles=\(candles) "
                + figures.map { "\($0)=\(NumberFormat.machine($1, decimals: 2))" }.joined(separator: " "))
    }

    /// The mean µs of `frames` calls of `body`, printed under `name`.
    private func measure(_ name: String, _ body: (Int) throws -> Void) throws -> Double {
        for frame in 0..<min(frames, 20) { try body(frame) }  // warm-up, not reported
        let clock = ContinuousClock()
        let start = clock.now
        for frame in 0..<frames { try body(frame) }
        let microseconds = (clock.now - start) / .microseconds(1) / Double(frames)
        try StandardOutput.writeLine("\(Self.pad(name))\(NumberFormat.fixed(microseconds, decimals: 0)) µs")
        return microseconds
    }

    /// Milliseconds for a chart's candles of an interval kept in a store on disk (SQLite) and
    /// fetched before: the cache reads them back and asks the exchange for the newest alone; the
    /// chart is laid out from them. The median of five.
    @MainActor private func intervalSwitch(_ series: [IntervalCandle]) async throws -> Double {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sise-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try MarketStore.open(path: folder.appendingPathComponent("sise.sqlite").path).candleStore
        let newest = series[series.count - 1].start
        let client = MarketDataClient(
            exchange: .upbit, fetchMarkets: { [] }, fetchTickers: { _ in [] }, fetchDailyCandles: { _, _ in [] },
            fetchCandles: { _, _, before, count in
                Array(series.filter { $0.start < before ?? .max }.suffix(count))
            },
            liveTickers: { _ in
                let (events, continuation) = LiveFeedEvents.makeStream()
                continuation.finish()
                return events
            })
        let cache = CandleCache(store: store, client: client) { newest + 1 }
        let market = MarketID("KRW-BTC")!
        _ = try await cache.candles(market, .fiveMinutes, count: series.count)  // the first fetch, kept
        var times: [Double] = []
        for _ in 0..<5 {
            let clock = ContinuousClock()
            let start = clock.now
            var detail = DetailOutput(market: market)
            detail.interval = .fiveMinutes
            detail.intervalCandles = try await cache.candles(market, .fiveMinutes, count: series.count)
            _ = detail.priceChart(columns: 120, priceRows: 320, volumeRows: 64, oscillatorRows: 96, labelSpacing: 20)
            times.append((clock.now - start) / .milliseconds(1))
        }
        return times.median
    }

    /// `count` five-minute candles of a walk from 100,000,000.
    static func series(count: Int) -> [IntervalCandle] {
        var price = 100_000_000.0
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let start: Int64 = 1_795_672_800_000 - Int64(count) * 300_000
        return (0..<count).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let move = (Double(state >> 11) / Double(1 << 53) - 0.5) * 400_000
            let open = price
            price = max(1_000_000, price + move)
            return IntervalCandle(
                start: start + Int64(index) * 300_000, open: open, high: max(open, price) + 50_000,
                low: min(open, price) - 50_000, close: price, volume: 1 + Double(index % 7), value: price)
        }
    }

    private static func pad(_ text: String) -> String {
        text.padding(toLength: 42, withPad: " ", startingAt: 0)
    }
}
