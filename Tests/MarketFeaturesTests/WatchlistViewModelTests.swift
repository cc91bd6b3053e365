import Clocks
import Foundation
import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The Watchlist tab's view model with a scripted KIS, an in-memory store and a test clock.
@MainActor
@Suite struct WatchlistViewModelTests {
    private static let stocks = [
        StockFixtures.samsung,
        StockFixtures.hynix,
        StockFixtures.kakao,
        StockFixtures.apple,
    ]

    /// The view model's tasks run on the driver, which the test drains: nothing of it runs behind
    /// the test's back and only the test clock moves time, so no step depends on the machine's speed.
    private struct Harness {
        let viewModel: WatchlistViewModel
        let driver: TaskDriver
        let source: ScriptedStockClient
        let store: InMemoryWatchlistStore
        /// Every output the view model published, in order.
        let outputs: OutputLog<WatchlistViewModel.Output>

        /// Runs what can run without time passing.
        @MainActor func settle() async { await driver.settle() }

        /// Moves the test clock, letting each task woken on the way run before it moves on.
        @MainActor func advance(by duration: Duration) async { await driver.advance(by: duration) }

        /// Moves the test clock a tenth of a second at a time until the output shows what is
        /// expected, failing after a minute of the test clock.
        @MainActor func settle(
            until what: String, _ condition: @MainActor (WatchlistViewModel.Output) -> Bool
        ) async throws {
            let viewModel = viewModel
            try await driver.advance(until: "\(what) (output: \(viewModel.output))", limit: .seconds(60)) {
                condition(viewModel.output)
            }
        }
    }

    /// English names kept in memory, as the store keeps them.
    private final class NameShelf: Sendable {
        let names = Mutex<[String: String]>([:])
        var store: StockNameStore {
            StockNameStore(
                load: { self.names.withLock { $0 } }, save: { code, name in self.names.withLock { $0[code] = name } })
        }
    }

    private func harness(
        _ codes: [String] = ["005930", "000660", "035720"], names: NameShelf = NameShelf(),
        driver: TaskDriver = TaskDriver()
    ) -> Harness {
        let source = ScriptedStockClient { driver.elapsed }
        let store = InMemoryWatchlistStore([.kis: codes])
        let viewModel = WatchlistViewModel(
            source: .kis, client: source.client, directory: StockDirectory(Self.stocks), store: store.store,
            clock: ViewClock(driver.clock), requestsPerSecond: 18, names: names.store, executor: driver)
        let outputs = OutputLog<WatchlistViewModel.Output>()
        // Every output after the first (the current one), in order, as a remote client reads them.
        let stream = viewModel.outputs(bufferingPolicy: .unbounded)
        _ = driver.start { @MainActor in
            for await output in stream.dropFirst() { outputs.append(output) }
        }
        return Harness(viewModel: viewModel, driver: driver, source: source, store: store, outputs: outputs)
    }

    @Test func anEmptyWatchlistOffersOnlyWhatItsSourceCanFind() {
        let h = harness([])
        h.viewModel.send(.appeared)
        let hint = h.viewModel.output.placeholder ?? ""
        #expect(hint.contains("press a to add"))
        // KIS finds KRX stocks and, through its overseas quotations, US tickers.
        #expect(hint == "No stocks yet — press a to add one (삼성전자, ㅅㅅㅈㅈ, 005930, AAPL)")
        h.viewModel.send(.disappeared)
    }

    /// Another copy of Sise (or `sise watchlist add`) edits the store: the tab takes the new list
    /// at its next reading (every second while it shows), keeps the rows it had and loads the new one.
    @Test func aWatchlistEditedElsewhereShowsAtTheNextReadingOfTheStore() async throws {
        let h = harness(["005930"])
        h.viewModel.send(.appeared)
        try await h.settle(until: "the row filled") { $0.rows.map(\.state) == [.loaded] }
        #expect(h.viewModel.reloadStoredWatchlist() == false)
        _ = try h.store.store.edit(.kis) { list in
            _ = list.add("035720")
            return list.move("035720", by: -1)
        }
        #expect(h.viewModel.reloadStoredWatchlist())
        #expect(h.viewModel.output.rows.map(\.name) == ["카카오", "삼성전자"])
        #expect(h.viewModel.output.rows[1].state == .loaded)
        try await h.settle(until: "the new row filled") { $0.rows.map(\.state) == [.loaded, .loaded] }
        h.viewModel.send(.disappeared)
    }

    /// The KRX list names stocks in Korean only: while the tab shows, KIS's `search-info` fills the
    /// English names in the background (largest first, one every half second), they are kept in the
    /// store, and a Latin search then finds the Korean stock.
    @Test func englishNamesFromTheSourceAreKeptAndALatinSearchFindsKoreanStocks() async throws {
        let shelf = NameShelf()
        let h = harness([], names: shelf)
        h.source.setEnglishName("005930", "Samsung Electronics")
        h.source.setEnglishName("000660", "SK hynix")
        h.source.setEnglishName("035720", "카카오")  // a Korean name sent as the English one is not taken
        h.viewModel.send(.addRequested)
        h.viewModel.send(.searchTextChanged("sams"))
        #expect(h.viewModel.output.search?.results.isEmpty == true)
        h.viewModel.send(.searchCancelled)
        h.viewModel.send(.appeared)
        await h.advance(by: .seconds(2))
        let asked = h.source.requests.filter { $0.kind == .englishName }
        #expect(asked.map(\.code) == ["005930", "000660", "035720"])
        #expect(asked.map(\.at) == [.zero, .milliseconds(500), .seconds(1)])
        #expect(shelf.names.withLock { $0 } == ["005930": "Samsung Electronics", "000660": "SK hynix"])
        h.viewModel.send(.addRequested)
        h.viewModel.send(.searchTextChanged("sams"))
        #expect(h.viewModel.output.search?.results.map(\.code) == ["005930"])
        h.viewModel.send(.searchTextChanged("hynix"))
        #expect(h.viewModel.output.search?.results.map(\.code) == ["000660"])
        h.viewModel.send(.searchCancelled)
        h.viewModel.send(.disappeared)

        // The next run knows them from the store, and asks only for the one still missing.
        let next = harness([], names: shelf)
        next.viewModel.send(.addRequested)
        next.viewModel.send(.searchTextChanged("sams"))
        #expect(next.viewModel.output.search?.results.map(\.code) == ["005930"])
        next.viewModel.send(.searchCancelled)
        next.viewModel.send(.appeared)
        await next.advance(by: .seconds(2))
        #expect(next.source.requests.filter { $0.kind == .englishName }.map(\.code) == ["035720"])
        next.viewModel.send(.disappeared)
    }

    /// As a browser would drive it: every input decoded from JSON, every output encoded to JSON
    /// and read back equal.
    @Test func theTabCanBeDrivenOnlyThroughJSON() async throws {
        let h = harness(["005930"])
        let messages = [
            #"{"appeared":{}}"#, #"{"addRequested":{}}"#, #"{"searchTextChanged":{"text":"ㅋㅋ"}}"#,
            #"{"searchChosen":{}}"#, #"{"selectionMoved":{"by":1}}"#,
        ]
        var sent: [String] = []
        for message in messages {
            let input = try JSONDecoder().decode(
                WatchlistViewModel.Input.self, from: Data(message.utf8))
            h.viewModel.send(input)
            await h.settle()
            let json = try JSONEncoder().encode(h.viewModel.output)
            let back = try JSONDecoder().decode(WatchlistViewModel.Output.self, from: json)
            #expect(back == h.viewModel.output)
            sent.append(String(decoding: json, as: UTF8.self))
        }
        #expect(h.viewModel.output.rows.map(\.id) == ["005930", "035720"])
        #expect(h.viewModel.output.selectedIndex == 1)
        #expect(sent[2].contains(#""text":"ㅋㅋ""#) && sent[2].contains(#""code":"035720""#))
        #expect(sent[3].contains(#""toast":"★ Added 카카오 (035720)""#))
        #expect(
            throws: DecodingError.self,
            "an unknown input is refused, not guessed"
        ) {
            try JSONDecoder().decode(
                WatchlistViewModel.Input.self, from: Data(#"{"hack":{}}"#.utf8))
        }
        h.viewModel.send(.disappeared)
    }

    @Test func placeholdersComeFirstInOrderThenFillIn() async throws {
        let h = harness()
        h.source.hold("000660")
        h.viewModel.send(.appeared)
        let first = h.viewModel.output
        #expect(first.rows.map(\.name) == ["삼성전자", "SK하이닉스", "카카오"])
        #expect(first.rows.allSatisfy { $0.state == .loading && $0.price == "…" })
        #expect(first.selectedIndex == 0)
        await h.settle()
        // The whole sequence: each answer lands in its own row the moment it arrives.
        #expect(
            h.outputs.values.map { $0.rows.map(\.state) } == [
                [.loading, .loading, .loading], [.loaded, .loading, .loading], [.loaded, .loading, .loaded],
            ])
        let partly = h.viewModel.output
        #expect(partly.rows[0].price == "1,000")
        #expect(partly.rows[0].sparkline.count == 30)
        #expect(partly.status == "2/3 loaded")
        h.source.release("000660")
        try await h.settle(until: "every row filled") { $0.rows.map(\.state) == [.loaded, .loaded, .loaded] }
    }

    @Test func aFailingRowShowsItsErrorAndRetriesWhileTheOthersLoad() async throws {
        let h = harness()
        h.source.fail("000660", times: 1)
        h.viewModel.send(.appeared)
        try await h.settle(until: "the failure shown") {
            if case .failed = $0.rows[1].state { $0.rows[0].state == .loaded } else { false }
        }
        guard case .failed(let message) = h.viewModel.output.rows[1].state else {
            Issue.record("row 2 is \(h.viewModel.output.rows[1].state)")
            return
        }
        #expect(message.contains("retrying in"))
        try await h.settle(until: "the retry") { $0.rows.map(\.state) == [.loaded, .loaded, .loaded] }
    }

    @Test func leavingTheTabCancelsEverythingPending() async {
        let h = harness()
        h.source.fail("000660", times: 99)
        h.viewModel.send(.appeared)
        await h.advance(by: .milliseconds(300))
        #expect(h.source.requests.count >= 3)
        h.viewModel.send(.disappeared)
        await h.settle()
        let before = h.source.requests.count
        await h.advance(by: .seconds(10))
        #expect(h.source.requests.count == before)
    }

    @Test func addingFromTheSearchSavesAtOnceWithAToastAndLoadsTheRow() async throws {
        let h = harness(["005930"])
        h.viewModel.send(.appeared)
        h.viewModel.send(.addRequested)
        h.viewModel.send(.searchTextChanged("ㅋㅋ"))
        #expect(h.viewModel.output.search?.results.map(\.code) == ["035720"])
        h.viewModel.send(.searchChosen)
        #expect(h.viewModel.output.search == nil)
        #expect(h.viewModel.output.toast == "★ Added 카카오 (035720)")
        #expect(h.store.codes(.kis) == ["005930", "035720"])
        try await h.settle(until: "both rows filled") { $0.rows.map(\.state) == [.loaded, .loaded] }
        h.viewModel.send(.addRequested)
        h.viewModel.send(.searchTextChanged("005930"))
        h.viewModel.send(.searchChosen)
        #expect(h.viewModel.output.toast == "삼성전자 (005930) is already in the watchlist")
        try await h.settle(until: "the toast gone") { $0.toast == nil }
    }

    @Test func removingAsksFirstAndMovingIsSaved() async {
        let h = harness()
        h.viewModel.send(.appeared)
        h.viewModel.send(.selectionMoved(by: 1))
        h.viewModel.send(.selectedMoved(by: 1))
        #expect(h.viewModel.output.rows.map(\.id) == ["005930", "035720", "000660"])
        #expect(h.store.codes(.kis) == ["005930", "035720", "000660"])
        #expect(h.viewModel.output.selectedIndex == 2)
        h.viewModel.send(.removeRequested)
        #expect(h.viewModel.output.confirmation == "Remove SK하이닉스 (000660)? (y/n)")
        h.viewModel.send(.confirmationAnswered(false))
        #expect(h.store.codes(.kis).count == 3)
        h.viewModel.send(.removeRequested)
        h.viewModel.send(.confirmationAnswered(true))
        #expect(h.store.codes(.kis) == ["005930", "035720"])
        #expect(h.viewModel.output.toast == "☆ Removed SK하이닉스 (000660)")
        #expect(h.viewModel.output.confirmation == nil)
    }

    @Test func enterOpensTheSelectedStocksDailyChartAndEscCloses() async throws {
        let h = harness()
        h.viewModel.send(.appeared)
        try await h.settle(until: "the rows filled") { $0.rows.allSatisfy { $0.state == .loaded } }
        h.viewModel.send(.selectionMoved(by: 2))
        h.viewModel.send(.detailOpened)
        let opening = h.viewModel.output.detail
        #expect(opening?.code == "035720")
        #expect(opening?.name == "카카오")
        #expect(opening?.isLoading == true)
        #expect(opening?.summary.hasPrefix("1,000 KRW  +1.01%  +10") == true)
        try await h.settle(until: "the chart's bars") { $0.detail?.isLoading == false }
        #expect(h.viewModel.output.detail?.bars.count == 120)
        h.viewModel.send(.detailClosed)
        #expect(h.viewModel.output.detail == nil)
        #expect(h.viewModel.output.rows.count == 3)
    }
}
