import Clocks
import Foundation
import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The root view model as a browser tab drives it: every input decoded from JSON, every output
/// encoded to JSON and read back equal; the board opens and closes the detail and the Watchlist
/// tab, and the outputs say so in order.
@MainActor
@Suite struct RootViewModelTests {
    private typealias Root = RootViewModel

    private let bitcoin = MarketFixtures.bitcoin
    /// 2026-03-11 14:40:58 UTC.
    private let now: Int64 = 1_773_240_058_519

    private struct Harness {
        let root: Root
        let driver: TaskDriver
        let source: ScriptedStockClient
        /// Every output the root published after its first, in order.
        let outputs: OutputLog<Root.Output>
        /// The root's ``RootViewModel/run()``, on the driver.
        let running: Task<Void, Never>
    }

    private func harness() async throws -> Harness {
        let today = TradingDay(unixMilliseconds: now)
        let candles = (0..<30).map { back in
            let day = today.adding(days: back - 29)
            return Candle(
                day: day, open: 100_000_000, high: 101_000_000, low: 99_000_000, close: 100_500_000, volume: 1,
                value: 1)
        }
        let script = ScriptedMarketClient(
            markets: MarketFixtures.markets,
            tickers: [
                MarketFixtures.ticker(bitcoin, price: 100_500_000, change: 500_000, value: 300e9, timestamp: now)
            ],
            candles: [bitcoin.id: candles])
        let board = LiveBoard(client: script.client)
        try await board.load()
        await board.follow()
        let driver = TaskDriver()
        let preferences = InMemoryPreferenceStore()
        let boardViewModel = BoardViewModel(
            board: board, store: preferences.store, clock: ViewClock(driver.clock), isSimulated: true)
        await boardViewModel.prepare()
        let source = ScriptedStockClient { driver.elapsed }
        let watchlist = WatchlistViewModel(
            source: .kis, client: source.client,
            directory: StockDirectory([StockFixtures.samsung]),
            store: InMemoryWatchlistStore([.kis: ["005930"]]).store, clock: ViewClock(driver.clock),
            requestsPerSecond: 18,
            executor: driver)
        let loader = DailyCandleLoader(
            exchange: .upbit, fetch: script.client.fetchDailyCandles, store: preferences.store)
        let root = Root(board: boardViewModel, watchlist: watchlist, executor: driver) { market in
            DetailViewModel(market: market, board: board, loader: loader)
        }
        let outputs = OutputLog<Root.Output>()
        let log = root.outputs(bufferingPolicy: .unbounded)
        _ = driver.start { @MainActor in
            for await output in log.dropFirst() { outputs.append(output) }
        }
        let running = driver.start { await root.run() }
        return Harness(
            root: root, driver: driver, source: source, outputs: outputs, running: running)
    }

    /// Sends the input in `json` as a browser would, and checks the output survives JSON.
    private func send(_ json: String, to h: Harness) async throws -> Root.Output {
        let input = try JSONDecoder().decode(Root.Input.self, from: Data(json.utf8))
        #expect(try JSONDecoder().decode(Root.Input.self, from: try JSONEncoder().encode(input)) == input)
        h.root.send(input)
        await h.driver.settle()
        let output = h.root.output
        let back = try JSONDecoder().decode(Root.Output.self, from: try JSONEncoder().encode(output))
        #expect(back == output)
        return output
    }

    @Test func theBoardOpensTheDetailAndTheWatchlistAndClosesThem() async throws {
        let h = try await harness()
        var output = try await send(#"{"board":{"viewportResized":{"rows":10}}}"#, to: h)
        #expect(output.board.rows.first?.symbol == "BTC")
        #expect(output.detail == nil && output.watchlist == nil)

        output = try await send(#"{"board":{"detailOpened":{}}}"#, to: h)
        #expect(output.board.detailMarket == bitcoin.id)
        #expect(output.detail?.market == bitcoin.id)
        // The detail's own task (on the driver) loads the candles; its outputs reach the root's.
        try await h.driver.advance(until: "the detail's candles", limit: .seconds(10)) {
            !(h.root.output.detail?.candles.isEmpty ?? true)
        }
        #expect(h.root.output.detail?.candles.count == 30)
        #expect(h.root.output.detail?.price == "100,500,000")

        output = try await send(#"{"board":{"detailClosed":{}}}"#, to: h)
        #expect(output.detail == nil)

        output = try await send(#"{"board":{"tabChosen":{"tab":"watchlist"}}}"#, to: h)
        #expect(output.board.tab == .watchlist)
        #expect(output.watchlist?.rows.map(\.id) == ["005930"])
        try await h.driver.advance(until: "the row filled", limit: .seconds(10)) {
            h.root.output.watchlist?.rows.first?.state == .loaded
        }

        output = try await send(#"{"watchlist":{"addRequested":{}}}"#, to: h)
        #expect(output.watchlist?.search != nil)
        output = try await send(#"{"watchlist":{"searchCancelled":{}}}"#, to: h)
        #expect(output.watchlist?.search == nil)

        output = try await send(#"{"board":{"tabChosen":{"tab":"market"}}}"#, to: h)
        #expect(output.watchlist == nil)
        #expect(output.board.tab == .market)
        h.running.cancel()
        await h.driver.settle()

        // In order: the board's frames, the detail open then filled then closed, the tab shown
        // (placeholder, then filled), its search, then gone.
        let log = h.outputs.values
        let detailStates = log.map { $0.detail.map { $0.candles.isEmpty ? "loading" : "shown" } ?? "none" }
        #expect(detailStates.removingAdjacentDuplicates() == ["none", "loading", "shown", "none"])
        let tabStates = log.map { output in
            output.watchlist.map { $0.search != nil ? "search" : ($0.rows.first?.state == .loaded ? "filled" : "rows") }
                ?? "none"
        }
        #expect(tabStates.removingAdjacentDuplicates() == ["none", "rows", "filled", "search", "filled", "none"])
    }

    @Test func keysSentAsInputsMeanWhatTheKeyTableSaysInTheFocus() async throws {
        let h = try await harness()
        var output = try await send(#"{"board":{"viewportResized":{"rows":10}}}"#, to: h)
        // Only keys are counted as read.
        #expect(output.focus == .board && output.keysRead == 0)
        output = try await send(#"{"key":"Enter"}"#, to: h)
        #expect(output.focus == .detail && output.detail?.market == bitcoin.id)
        output = try await send(#"{"key":"o"}"#, to: h)
        #expect(output.detail?.pane == .orderBook)
        output = try await send(#"{"key":"Escape"}"#, to: h)
        #expect(output.focus == .board && output.detail == nil)
        output = try await send(#"{"key":"/"}"#, to: h)
        #expect(output.focus == .search && output.keysRead == 4)
        // The output that has read a key has its effect (a page holds the letters typed behind
        // `/` until it sees this).
        output = try await send(#"{"key":"ㅂ"}"#, to: h)
        #expect(output.board.searchText == "ㅂ" && output.keysRead == 5)
        output = try await send(#"{"key":"Escape"}"#, to: h)
        #expect(output.focus == .board && output.board.searchText.isEmpty)
        // `q` quits the terminal; sent by a page it does nothing.
        var unchanged = h.root.output
        output = try await send(#"{"key":"q"}"#, to: h)
        unchanged.keysRead += 1
        #expect(output == unchanged)
        for _ in 0..<3 { output = try await send(#"{"key":"Tab"}"#, to: h) }
        #expect(output.board.tab == .watchlist && output.focus == .watchlist)
        output = try await send(#"{"key":"a"}"#, to: h)
        #expect(output.focus == .stockSearch)
        output = try await send(#"{"key":"Escape"}"#, to: h)
        #expect(output.focus == .watchlist)
        h.running.cancel()
        await h.driver.settle()
    }

    @Test func anInputOfNoPartOrOfTwoIsRefused() throws {
        for json in [#"{"hack":{}}"#, #"{}"#, #"{"board":{"detailOpened":{}},"watchlist":{"addRequested":{}}}"#] {
            #expect(throws: DecodingError.self, "\(json)") {
                try JSONDecoder().decode(Root.Input.self, from: Data(json.utf8))
            }
        }
    }
}

extension Array where Element: Equatable {
    /// The elements without runs of the same one.
    fileprivate func removingAdjacentDuplicates() -> [Element] {
        reduce(into: []) { kept, element in
            if kept.last != element { kept.append(element) }
        }
    }
}
