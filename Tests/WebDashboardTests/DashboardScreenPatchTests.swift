import Foundation
import MarketDomain
import MarketFeatures
import NIOCore
import NIOEmbedded
import Synchronization
import Testing
import WebSocketFrames

@testable import WebDashboard

/// A screen patch carries the board's changes and every other part as a JSON merge patch of the
/// screen's own form: what changed, key by key, and `null` for what closed; applying it gives the
/// new screen exactly.
@Suite struct DashboardScreenPatchTests {
    private let bitcoin = MarketID("KRW-BTC")!

    private func candles(closingAt close: Double) -> [Candle] {
        let today = TradingDay(unixMilliseconds: 1_773_240_058_519)
        return (0..<40).map { back in
            Candle(
                day: today.adding(days: back - 39), open: 100, high: max(110, close), low: 90,
                close: back == 39 ? close : 105, volume: 1, value: 1)
        }
    }

    private func screen(
        detailPrice: String?, close: Double = 105, watchlistRows: [String]? = nil
    )
        -> DashboardScreen
    {
        var output = DashboardScreen.Root.Output()
        output.board.tab = watchlistRows == nil ? .market : .watchlist
        if let detailPrice {
            var detail = DetailOutput(market: bitcoin)
            detail.price = detailPrice
            detail.candles = candles(closingAt: close)
            output.detail = detail
        }
        if let watchlistRows {
            var watchlist = DashboardScreen.Root.Watchlist.Output()
            watchlist.rows = watchlistRows.map { code in
                .init(
                    id: code, name: code, market: "KOSPI", price: "1", changeRate: "0.00%", changePrice: "0",
                    volume: "1", sparkline: "", direction: .even, state: .loading, isSelected: false)
            }
            output.watchlist = watchlist
        }
        return DashboardScreen(output)
    }

    /// A detail open on `count` five-minute candles, prices cycling over forty, the newest
    /// closing at `close`.
    private func fiveMinuteChart(count: Int, close: Double) -> DashboardScreen.Root.Output {
        var output = DashboardScreen.Root.Output()
        var detail = DetailOutput(market: bitcoin)
        detail.interval = .fiveMinutes
        detail.intervalCandles = (0..<count).map { index in
            let price = 1_000 + Double(index % 40)
            return IntervalCandle(
                start: Int64(index) * 300_000, open: price, high: 1_100, low: 900, close: price, volume: 1,
                value: price)
        }
        detail.intervalCandles[count - 1].close = close
        output.detail = detail
        return output
    }

    @Test func theDetailsChartIsTheTerminalsLayoutAndTravelsOnlyWhenItMoves() throws {
        let opened = screen(detailPrice: "105")
        let chart = try #require(opened.detail?.priceChart)
        // The window's 120 columns, 40 candles in them: the layout the terminal draws too.
        #expect(chart.bars.count == 40 && chart.columns == ChartWindow.defaultCount)
        #expect(!chart.priceLabels.isEmpty && !chart.timeLabels.isEmpty && chart.readouts.count == 40)
        #expect(opened.detail?.chart == nil)
        #expect(opened.detail?.figures.candles.isEmpty == true, "the chart stands for the candles")

        let opening = DashboardScreenPatch(from: screen(detailPrice: nil), to: opened)
        #expect(Set(opening.parts["detail"]?.members.keys ?? [:].keys) == ["figures", "priceChart"])
        #expect(opening.applied(to: screen(detailPrice: nil)) == opened)

        // A tick that moves the price but not the chart's rows sends the price alone.
        let ticked = screen(detailPrice: "105.01", close: 105.01)
        let small = DashboardScreenPatch(from: opened, to: ticked)
        #expect(small.parts == ["detail": .object(["figures": .object(["price": .string("105.01")])])])
        #expect(small.applied(to: opened) == ticked)

        // A jump to a new high redraws the chart.
        let jumped = screen(detailPrice: "150", close: 150)
        let big = DashboardScreenPatch(from: ticked, to: jumped)
        #expect(big.parts["detail"]?.members["priceChart"] != nil)
        #expect(big.applied(to: ticked) == jumped)

        let closed = DashboardScreenPatch(from: jumped, to: screen(detailPrice: nil))
        #expect(closed.parts == ["detail": .null])
        #expect(closed.applied(to: jumped) == screen(detailPrice: nil))
    }

    @Test func aTickOnTheNewestCandleSendsItsReadoutAloneNotTheChartsThousandValues() throws {
        func chart(close: Double) -> DashboardScreen {
            var output = fiveMinuteChart(count: 500, close: close)
            output.detail?.studies.averages = false
            return DashboardScreen(output)
        }
        let before = chart(close: 1_010)
        let after = chart(close: 1_011)
        let patch = DashboardScreenPatch(from: before, to: after)
        // The newest candle's body moved a row, and its readout: nothing else of the chart.
        let sent = try #require(patch.parts["detail"]?.members["priceChart"]?.members)
        #expect(Set(sent.keys) == ["bars", "readouts"])
        #expect(sent["readouts"]?.members.keys.sorted() == ["119"])
        #expect(patch.applied(to: before) == after)
        // Studies on: the bars, the lines and the oscillator travel only when they change.
        let same = DashboardScreenPatch(from: after, to: chart(close: 1_011))
        #expect(same.isEmpty)
    }

    /// A tab's next screen takes its price chart again while the candles and the chart's choices
    /// are the same, and lays it out anew when they change: either way the screen is the one
    /// laid out from scratch.
    @Test func aPriceChartIsLaidOutAgainOnlyWhenWhatItShowsChanged() throws {
        func output(close: Double, window: Int) -> DashboardScreen.Root.Output {
            var output = fiveMinuteChart(count: 300, close: close)
            output.detail?.window.count = window
            output.detail?.price = String(close)
            return output
        }
        var charts: DashboardScreen.PriceChartCache?
        for (close, window) in [(1_010.0, 60), (1_010.0, 60), (1_050.0, 60), (1_050.0, 90), (1_050.0, 90)] {
            let screen = DashboardScreen(output(close: close, window: window), charts: &charts)
            #expect(screen == DashboardScreen(output(close: close, window: window)), "\(close) \(window)")
            #expect(charts?.inputs.candles.last?.close == close && charts?.inputs.window.count == window)
        }
    }

    /// Tabs with charts of their own take the layout another tab made from equal inputs: each
    /// screen is the one laid out from scratch, and each distinct chart is laid out once.
    @Test func tabsOnOneChartShareItsLayout() throws {
        func output(close: Double, window: Int) -> DashboardScreen.Root.Output {
            var output = fiveMinuteChart(count: 300, close: close)
            output.detail?.window.count = window
            return output
        }
        let shared = PriceChartLayouts(depth: 16)
        var tabs = [DashboardScreen.PriceChartCache?](repeating: nil, count: 4)
        for (close, window) in [(1_010.0, 60), (1_050.0, 60), (1_050.0, 90)] {
            for tab in tabs.indices {
                let screen = DashboardScreen(output(close: close, window: window), charts: &tabs[tab], shared: shared)
                #expect(screen == DashboardScreen(output(close: close, window: window)), "\(close) \(window)")
            }
        }
        #expect(shared.count == 3)
        // Past its depth the oldest layouts are let go.
        let small = PriceChartLayouts(depth: 2)
        for close in [1_001.0, 1_002, 1_003] {
            var none: DashboardScreen.PriceChartCache?
            _ = DashboardScreen(output(close: close, window: 60), charts: &none, shared: small)
        }
        #expect(small.count == 2)
    }

    /// The screen's JSON is made without text (``JSONValueEncoder``), and is exactly what
    /// `JSONEncoder`'s text reads back as: whole numbers as integers, the rest as numbers.
    @Test func theScreensJSONIsWhatJSONEncodersTextReadsBackAs() throws {
        var output = DashboardScreen.Root.Output()
        var detail = DetailOutput(market: bitcoin)
        detail.price = "1,010.5"
        detail.interval = .fiveMinutes
        detail.intervalCandles = (0..<300).map { index in
            let price = 1_000.25 + Double(index % 40) * 0.37
            return IntervalCandle(
                start: Int64(index) * 300_000, open: price, high: price + 3, low: price - 2.5, close: price + 0.1,
                volume: 1e-7 * Double(index + 1), value: price * 1e12)
        }
        output.detail = detail
        let screens = [DashboardScreen(output), screen(detailPrice: nil, watchlistRows: ["005930", "000660"])]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for screen in screens {
            let throughText = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(screen))
            #expect(try JSONValueEncoder.encode(screen) == throughText)
            // And its text is JSONEncoder's, byte for byte.
            #expect(
                String(buffer: try JSONValueEncoder.encode(screen).text)
                    == String(decoding: try encoder.encode(screen), as: UTF8.self))
        }
        let awkward = ["b": "a\u{1}\u{1f}\u{8}\u{c}\n\r\t\"\\/é한\u{7f}", "10": "z", "9": "w", "B": "y", "é": "v"]
        #expect(
            String(buffer: try JSONValueEncoder.encode(awkward).text)
                == String(decoding: try encoder.encode(awkward), as: UTF8.self))
        let numbers = [0.1 + 0.2, 1e-5, 123.456, 5e-324, 1.7976931348623157e308, 1e16, 9_007_199_254_740_993, -0.0, 3]
        #expect(
            String(buffer: try JSONValueEncoder.encode(numbers).text)
                == String(decoding: try encoder.encode(numbers), as: UTF8.self))
        #expect(
            try JSONValueEncoder.encode([1.0, 1.5, 1e22, -0.0])
                == .array([.integer(1), .number(1.5), .number(1e22), .number(-0.0)]))
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encode(["x": Double.nan]) }
    }

    @Test func theWatchlistTravelsKeyByKeyAndIsNullWhenItCloses() throws {
        let none = screen(detailPrice: nil)
        let shown = screen(detailPrice: nil, watchlistRows: ["005930"])
        let grown = screen(detailPrice: nil, watchlistRows: ["005930", "000660"])
        #expect(DashboardScreenPatch(from: shown, to: shown).isEmpty)
        let growing = DashboardScreenPatch(from: shown, to: grown)
        #expect(growing.parts["watchlist"]?.members.keys.sorted() == ["rows"])
        #expect(growing.board == nil)
        #expect(growing.applied(to: shown) == grown)
        let leaving = DashboardScreenPatch(from: grown, to: none)
        #expect(leaving.parts == ["watchlist": .null])
        #expect(leaving.board?.fields["tab"] == .string("market"))
        #expect(leaving.applied(to: grown) == none)
        #expect(DashboardScreenPatch(from: none, to: shown).applied(to: none) == shown)
        // The patch travels flat, the board beside the parts, and reads back the same.
        let data = try JSONEncoder().encode(leaving)
        #expect(try JSONDecoder().decode(DashboardScreenPatch.self, from: data) == leaving)
        let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys.sorted()
        #expect(keys == ["board", "watchlist"])
    }

    @Test func aMergePatchOfAnyTwoValuesTurnsTheFirstIntoTheSecond() {
        let values: [JSONValue] = [
            .object([:]), .object(["a": .integer(1), "b": .object(["c": .string("x")])]),
            .object(["b": .object(["c": .string("y"), "d": .array([.integer(1)])])]), .string("s"), .integer(2),
            .array([.object(["a": .integer(1)])]), .object(["a": .object([:])]),
        ]
        for old in values {
            for new in values {
                let patch = DashboardScreenPatch.mergePatch(from: old, to: new)
                #expect((patch.map { DashboardScreenPatch.merge(old, $0) } ?? old) == new, "\(old) → \(new)")
            }
        }
    }
}

/// A tab's outlet writes its frames in order; a tab whose connection stops taking them loses the
/// numbered ones until it drains, then gets one snapshot: bounded memory, never a gap.
@Suite struct TabOutletTests {
    @Test func aTabThatStopsReadingIsCaughtUpWithASnapshotOnceItsConnectionDrains() throws {
        let asked = Mutex(0)
        let handler = TabOutletHandler(requestCatchUp: { asked.withLock { $0 += 1 } })
        let channel = EmbeddedChannel(handler: handler)
        func written() throws -> [String] {
            var texts: [String] = []
            while let buffer = try channel.readOutbound(as: ByteBuffer.self) { texts.append(String(buffer: buffer)) }
            return texts
        }
        handler.write(ByteBuffer(string: "1"), numbered: true)
        handler.write(ByteBuffer(string: "2"), numbered: true)
        #expect(try written() == ["1", "2"])

        // The connection holds too much: the numbered messages are dropped, an error still goes.
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        handler.write(ByteBuffer(string: "3"), numbered: true)
        handler.write(ByteBuffer(string: "error"), numbered: false)
        #expect(try written() == ["error"])
        #expect(handler.flow == .behind && asked.withLock { $0 } == 0)

        // Drained: the session is asked once, and nothing numbered goes until its snapshot.
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        channel.pipeline.fireChannelWritabilityChanged()
        #expect(asked.withLock { $0 } == 1 && handler.flow == .catchingUp)
        handler.write(ByteBuffer(string: "4"), numbered: true)
        handler.catchUp(ByteBuffer(string: "snapshot 4"))
        handler.write(ByteBuffer(string: "5"), numbered: true)
        #expect(try written() == ["snapshot 4", "5"])
        #expect(handler.flow == .current)
    }

    @Test func aSharedMessageGoesToEveryTabOfTheLoopThatKeepsUpAndToNoneThatLeft() throws {
        let loop = EmbeddedEventLoop()
        let channels = (0..<4).map { _ in EmbeddedChannel(loop: loop) }
        var writers = SharedFrameWriters(loop: loop)
        for channel in channels { writers.append(try TabOutlet.install(on: channel)) }
        func written(_ channel: EmbeddedChannel) throws -> [String] {
            var texts: [String] = []
            while var buffer = try channel.readOutbound(as: ByteBuffer.self) {
                // A server's text frame of a short message: two header bytes, then the text.
                let textLength = UInt8(buffer.readableBytes - 2)
                #expect(buffer.readBytes(length: 2) == [0x81, textLength])
                texts.append(String(buffer: buffer))
            }
            return texts
        }

        writers.write(WebSocketFrameBatch.text(ByteBuffer(string: #"{"seq":1}"#)))
        for channel in channels { #expect(try written(channel) == [#"{"seq":1}"#]) }

        // The second tab falls behind and the last one closes: the others still get the next one.
        channels[1].isWritable = false
        channels[1].pipeline.fireChannelWritabilityChanged()
        _ = try channels[3].finish()
        writers.write(WebSocketFrameBatch.text(ByteBuffer(string: #"{"seq":2}"#)))
        #expect(try written(channels[0]) == [#"{"seq":2}"#])
        #expect(try written(channels[1]) == [])
        #expect(try written(channels[2]) == [#"{"seq":2}"#])
    }
}
