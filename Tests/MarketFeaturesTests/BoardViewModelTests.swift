import Clocks
import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The board view model driven by a scripted exchange, an in-memory store and a test clock:
/// every step is an input, a live update or a tick of the clock, followed by a frame.
@MainActor
@Suite struct BoardViewModelTests {
    let bitcoin = MarketFixtures.bitcoin
    let ethereum = MarketFixtures.ethereum
    let ripple = MarketFixtures.ripple
    let bittorrent = MarketFixtures.bittorrent

    /// Trade values: BTC 300, XRP 200, ETH 100, BTT 10 (billions).
    private func startingTickers() -> [Ticker] {
        [
            MarketFixtures.ticker(bitcoin, price: 140_000_000, change: 1_400_000, value: 300e9, timestamp: 100),
            MarketFixtures.ticker(ripple, price: 3_500, change: -35, value: 200e9, timestamp: 100),
            MarketFixtures.ticker(ethereum, price: 5_000_000, change: 0, value: 100e9, timestamp: 100),
            MarketFixtures.ticker(bittorrent, price: 1.5, change: 0.01, value: 10e9, timestamp: 100),
        ]
    }

    private struct Harness {
        let viewModel: BoardViewModel
        let clock: TestClock<Duration>
        let store: InMemoryPreferenceStore

        @MainActor func step(_ input: BoardInput) async -> BoardOutput {
            viewModel.send(input)
            viewModel.frame()
            return viewModel.output
        }

        /// The feed delivers `update` to the shared board; the next frame takes what moved.
        @MainActor func live(_ update: BoardUpdate) async -> BoardOutput {
            await viewModel.board.handle(update.feedEvents)
            await viewModel.takeBoardFrames()
            viewModel.frame()
            return viewModel.output
        }

        @MainActor func wait(_ duration: Duration) async -> BoardOutput {
            await clock.advance(by: duration)
            viewModel.frame()
            return viewModel.output
        }
    }

    private func harness(store: InMemoryPreferenceStore = InMemoryPreferenceStore()) async throws -> Harness {
        let script = ScriptedMarketClient(markets: MarketFixtures.markets, tickers: startingTickers())
        let board = LiveBoard(client: script.client)
        try await board.load()
        let clock = TestClock<Duration>()
        let viewModel = BoardViewModel(
            board: board, store: store.store, clock: ViewClock(clock), isSimulated: true)
        await viewModel.prepare()
        viewModel.send(.viewportResized(rows: 10))
        viewModel.frame()
        return Harness(viewModel: viewModel, clock: clock, store: store)
    }

    private func symbols(_ output: BoardOutput) -> [String] { output.rows.map(\.symbol) }

    @Test func theFirstFrameShowsTheSnapshotByTradeValueWithTheTopRowSelected() async throws {
        let output = try await harness().viewModel.output
        #expect(symbols(output) == ["BTC", "XRP", "ETH", "BTT"])
        #expect(output.selectedRowIndex == 0)
        #expect(output.rows[0].isSelected)
        #expect(output.rows[0].name == "비트코인")
        #expect(output.rows[0].price == "140,000,000")
        #expect(output.rows[0].changeRate == "+1.01%")
        #expect(output.rows[1].direction == .fall)
        #expect(output.rows[0].tradeValue == "300,000백만")
        #expect(output.status.isSimulated)
        #expect(output.status.exchange == "Upbit")
        #expect(output.order == .standard)
    }

    @Test func searchNarrowsRowsAsYouTypeInitialConsonantsIncludedAndEscRestoresThem() async throws {
        let h = try await harness()
        #expect(await h.step(.searchFocused).isSearchFocused)
        #expect(symbols(await h.step(.searchTextChanged("ㅂ"))) == ["BTC", "BTT"])
        let narrowed = await h.step(.searchTextChanged("ㅂㅌㅋ"))
        #expect(symbols(narrowed) == ["BTC"])
        #expect(narrowed.searchText == "ㅂㅌㅋ")
        let none = await h.step(.searchTextChanged("doge"))
        #expect(none.rows.isEmpty)
        #expect(none.placeholder == "No market matches “doge” — Esc clears the search")
        let cleared = await h.step(.searchCleared)
        #expect(symbols(cleared) == ["BTC", "XRP", "ETH", "BTT"])
        #expect(!cleared.isSearchFocused)
        #expect(cleared.searchText == "")
    }

    @Test func choosingTheSortKeyTogglesAndANewKeyStartsDescending() async throws {
        let h = try await harness()
        let ascending = await h.step(.sortKeyChosen(.value))
        #expect(ascending.order == QuoteOrder(key: .value, direction: .ascending))
        #expect(symbols(ascending) == ["BTT", "ETH", "XRP", "BTC"])
        let byPrice = await h.step(.sortKeyChosen(.price))
        #expect(byPrice.order == QuoteOrder(key: .price, direction: .descending))
        #expect(symbols(byPrice) == ["BTC", "ETH", "XRP", "BTT"])
        // ETH and BTT have the same change rate (0): the tie breaks by name, 비트토렌트 before 이더리움.
        #expect(symbols(await h.step(.sortKeyChosen(.change))) == ["BTC", "BTT", "ETH", "XRP"])
    }

    @Test func theSelectionStaysOnTheSameMarketAcrossReSorts() async throws {
        let h = try await harness()
        let onEthereum = await h.step(.selectionMoved(by: 2))
        #expect(onEthereum.rows[2].symbol == "ETH" && onEthereum.rows[2].isSelected)
        let resorted = await h.step(.sortKeyChosen(.price))
        #expect(resorted.selectedRowIndex == 1)
        #expect(resorted.rows[1].symbol == "ETH" && resorted.rows[1].isSelected)
        #expect((await h.step(.selectionMovedToLast)).rows.last?.isSelected == true)
        #expect((await h.step(.selectionMovedToFirst)).selectedRowIndex == 0)
        #expect((await h.step(.selectionMoved(by: -5))).selectedRowIndex == 0)
    }

    @Test func aChosenMarketBecomesTheSelectionAndAMarketNotShownIsIgnored() async throws {
        let h = try await harness()
        let chosen = await h.step(.marketChosen(MarketID("KRW-ETH")!))
        #expect(chosen.selectedRowIndex == 2 && chosen.rows[2].symbol == "ETH" && chosen.rows[2].isSelected)
        _ = await h.step(.searchTextChanged("ㅂ"))
        // Ethereum is not on the narrowed tab: the selection stays where the search put it.
        let ignored = await h.step(.marketChosen(MarketID("KRW-ETH")!))
        #expect(symbols(ignored) == ["BTC", "BTT"])
        #expect(ignored.selectedRowIndex == 0)
        #expect(await h.step(.marketChosen(MarketID("KRW-BTT")!)).selectedRowIndex == 1)
    }

    @Test func liveDataMovesPricesAtOnceButTheOrderAtMostOnceASecond() async throws {
        let h = try await harness()
        // BTT suddenly trades the most.
        let surge = MarketFixtures.ticker(bittorrent, price: 1.6, change: 0.11, value: 900e9, timestamp: 200)
        let atOnce = await h.live(.quotes([Quote(market: bittorrent, ticker: surge)]))
        #expect(symbols(atOnce) == ["BTC", "XRP", "ETH", "BTT"])
        #expect(atOnce.rows[3].price == "1.600")
        #expect(symbols(await h.wait(.milliseconds(500))) == ["BTC", "XRP", "ETH", "BTT"])
        #expect(symbols(await h.wait(.milliseconds(500))) == ["BTT", "BTC", "XRP", "ETH"])
        // The selection stayed on Bitcoin, now the second row.
        #expect(h.viewModel.output.selectedRowIndex == 1)
    }

    @Test func aChangedPriceFlashesInItsDirectionForAbout300Milliseconds() async throws {
        let h = try await harness()
        let up = MarketFixtures.ticker(bitcoin, price: 140_100_000, change: 1_500_000, value: 300e9, timestamp: 200)
        let flashing = await h.live(.quotes([Quote(market: bitcoin, ticker: up)]))
        #expect(flashing.rows[0].flash == .rise)
        #expect(flashing.rows[1].flash == nil)
        #expect((await h.wait(.milliseconds(299))).rows[0].flash == .rise)
        #expect((await h.wait(.milliseconds(1))).rows[0].flash == nil)
        let down = MarketFixtures.ticker(bitcoin, price: 139_000_000, change: 400_000, value: 300e9, timestamp: 300)
        #expect((await h.live(.quotes([Quote(market: bitcoin, ticker: down)]))).rows[0].flash == .fall)
    }

    @Test func anOlderTickNeverOverwritesNewerData() async throws {
        let h = try await harness()
        let stale = MarketFixtures.ticker(bitcoin, price: 1, value: 300e9, timestamp: 50)
        #expect((await h.live(.quotes([Quote(market: bitcoin, ticker: stale)]))).rows[0].price == "140,000,000")
    }

    @Test func favoritingShowsAToastPersistsAndFillsTheFavoritesTab() async throws {
        let h = try await harness()
        let added = await h.step(.favoriteToggled)
        #expect(added.toast == "★ Added 비트코인 (BTC)")
        #expect(added.rows[0].isFavorite)
        #expect(try h.store.store.favorites(.upbit) == [bitcoin.id])
        #expect((await h.wait(.milliseconds(1999))).toast == "★ Added 비트코인 (BTC)")
        #expect((await h.wait(.milliseconds(1))).toast == nil)

        let favorites = await h.step(.tabChosen(.favorites))
        #expect(favorites.tab == .favorites)
        #expect(symbols(favorites) == ["BTC"])
        let removed = await h.step(.favoriteToggled)
        #expect(removed.toast == "☆ Removed 비트코인 (BTC)")
        #expect(removed.rows.isEmpty)
        #expect(removed.placeholder == "No favorites yet — press f on a market to add it")
        #expect(try h.store.store.favorites(.upbit).isEmpty)
    }

    /// Another copy sorts its board differently: this one takes the order at its next reading of
    /// the store, and keeps its own tab and search.
    @Test func aSortChosenInAnotherCopyShowsAtTheNextReadingOfTheStore() async throws {
        let h = try await harness()
        #expect(h.viewModel.reloadStoredSettings() == false)
        _ = await h.step(.searchTextChanged("비트"))
        let before = h.viewModel.output.order
        var elsewhere = try #require(try h.store.store.boardSettings(.upbit))
        elsewhere.tab = .favorites
        elsewhere.searches = [:]
        elsewhere.orders[.market] = QuoteOrder(key: .name, direction: .ascending)
        try h.store.store.saveBoardSettings(.upbit, elsewhere)
        #expect(h.viewModel.reloadStoredSettings())
        let output = await h.step(.selectionMovedToFirst)
        #expect(output.order == QuoteOrder(key: .name, direction: .ascending) && output.order != before)
        #expect(output.tab == .market)
        #expect(output.searchText == "비트")
        #expect(h.viewModel.reloadStoredSettings() == false)
        // This copy's own change is not taken for another's.
        _ = await h.step(.sortKeyChosen(.change))
        #expect(h.viewModel.reloadStoredSettings() == false)
    }

    /// Another copy of Sise (or `sise favorites`) edits the store: this one shows it at its next
    /// reading of the store, which ``BoardViewModel/run()`` does every second.
    @Test func favoritesChangedElsewhereShowAtTheNextReadingOfTheStore() async throws {
        let h = try await harness()
        #expect(h.viewModel.reloadStoredFavorites() == false)
        _ = await h.step(.tabChosen(.favorites))
        try h.store.store.setFavorite(.upbit, ethereum.id, true)
        #expect(h.viewModel.reloadStoredFavorites())
        var output = await h.step(.selectionMovedToFirst)
        #expect(symbols(output) == ["ETH"])
        #expect(output.rows.allSatisfy { $0.isFavorite })
        _ = try h.store.store.clearFavorites(.upbit)
        #expect(h.viewModel.reloadStoredFavorites())
        output = await h.step(.selectionMovedToFirst)
        #expect(output.rows.isEmpty)
        #expect(h.viewModel.reloadStoredFavorites() == false)
    }

    @Test func clearingFavoritesAsksFirstAndOnlyAYesClears() async throws {
        let h = try await harness(
            store: InMemoryPreferenceStore(favorites: [MarketFixtures.bitcoin.id, MarketFixtures.ripple.id]))
        #expect((await h.step(.clearFavoritesRequested)).confirmation == "Clear all 2 favorites? (y/n)")
        // While asking, other keys do nothing.
        #expect((await h.step(.sortKeyChosen(.name))).order == .standard)
        let kept = await h.step(.confirmationAnswered(false))
        #expect(kept.confirmation == nil)
        #expect(try h.store.store.favorites(.upbit).count == 2)
        _ = await h.step(.clearFavoritesRequested)
        let cleared = await h.step(.confirmationAnswered(true))
        #expect(cleared.confirmation == nil)
        #expect(cleared.toast == "Cleared 2 favorites")
        #expect(cleared.rows.allSatisfy { !$0.isFavorite })
        #expect(try h.store.store.favorites(.upbit).isEmpty)
    }

    @Test func choicesSurviveARestartThroughTheStore() async throws {
        let store = InMemoryPreferenceStore()
        let first = try await harness(store: store)
        _ = await first.step(.selectionMoved(by: 1))
        _ = await first.step(.favoriteToggled)
        _ = await first.step(.sortKeyChosen(.price))
        _ = await first.step(.tabChosen(.favorites))
        _ = await first.step(.searchTextChanged("엑스"))

        let second = try await harness(store: store).viewModel.output
        #expect(second.tab == .favorites)
        #expect(second.searchText == "엑스")
        #expect(symbols(second) == ["XRP"])
        #expect(second.rows[0].isFavorite)
        #expect(await harnessOrder(store) == QuoteOrder(key: .price))
    }

    private func harnessOrder(_ store: InMemoryPreferenceStore) async -> QuoteOrder? {
        try? store.store.boardSettings(.upbit)?.order(for: .market)
    }

    @Test func tabsCycleAndKeepTheirOwnSearchAndSort() async throws {
        let h = try await harness()
        _ = await h.step(.searchTextChanged("ㅇ"))
        #expect((await h.step(.nextTabChosen)).tab == .favorites)
        let compare = await h.step(.nextTabChosen)
        #expect(compare.tab == .compare)
        #expect(compare.compareRows.isEmpty)
        #expect(compare.placeholder?.hasPrefix("Compare across exchanges") == true)
        #expect((await h.step(.nextTabChosen)).tab == .watchlist)
        let market = await h.step(.nextTabChosen)
        #expect(market.tab == .market)
        #expect(market.searchText == "ㅇ")
        #expect((await h.step(.previousTabChosen)).tab == .watchlist)
    }

    @Test func theStatusShowsReconnectsTicksAndTheLastUpdate() async throws {
        let h = try await harness()
        #expect((await h.live(.connection(.live))).status.connection == .live)
        let tick = MarketFixtures.ticker(ethereum, price: 5_001_000, value: 100e9, timestamp: 1_773_240_058_519)
        let ticked = await h.live(.quotes([Quote(market: ethereum, ticker: tick)]))
        #expect(ticked.status.ticksPerSecond == 1)
        #expect(ticked.status.lastUpdate == "23:40:58")
        let reconnecting = await h.live(.connection(.reconnecting(attempt: 2, delay: .seconds(2))))
        #expect(reconnecting.status.connection.label == "reconnecting in 2s")
        #expect((await h.wait(.seconds(1))).status.ticksPerSecond == 0)
    }

    @Test func theTickRateAloneRedrawsAtMostOnceASecond() async throws {
        let h = try await harness()
        func tick(at timestamp: Int64) -> BoardUpdate {
            // The same price as held: the row reads the same, only the rate moves.
            .quotes([
                Quote(
                    market: ethereum,
                    ticker: MarketFixtures.ticker(ethereum, price: 5_000_000, value: 100e9, timestamp: timestamp))
            ])
        }
        #expect((await h.live(tick(at: 200))).status.ticksPerSecond == 1)
        _ = await h.wait(.milliseconds(400))
        #expect((await h.live(tick(at: 300))).status.ticksPerSecond == 2)
        // At 1.1 s the first tick has left the window, but the figure changed 0.7 s ago: it waits.
        #expect((await h.wait(.milliseconds(700))).status.ticksPerSecond == 2)
        // At 1.5 s both have left, and a second has passed since the figure last changed.
        #expect((await h.wait(.milliseconds(400))).status.ticksPerSecond == 0)
    }

    @Test func aStoreThatCannotWriteSaysSoInAToast() async throws {
        let store = InMemoryPreferenceStore()
        let h = try await harness(store: store)
        store.failWrites()
        let failed = await h.step(.favoriteToggled)
        #expect(failed.toast == "⚠ Could not save: disk full")
        // The row shows what is stored: no ★ that was never saved (issue 26, item 8).
        #expect(failed.rows.allSatisfy { !$0.isFavorite })
        #expect(try store.store.favorites(.upbit).isEmpty)
    }

    /// A browser tab's view model (issue 26, item 7): it opens on the defaults whatever another
    /// viewer stored (only the sort orders, the person's preference, are taken), stores only its
    /// sort orders, and never keeps a control character of a search.
    @Test func aViewerThatDoesNotResumeStartsFromTheDefaultsAndStoresOnlyItsOrders() async throws {
        let store = InMemoryPreferenceStore()
        let stored = BoardSettings(
            tab: .favorites, orders: [.market: QuoteOrder(key: .name, direction: .ascending)],
            searches: [.market: "zzz"])
        try store.store.saveBoardSettings(.upbit, stored)
        let script = ScriptedMarketClient(markets: MarketFixtures.markets, tickers: startingTickers())
        let board = LiveBoard(client: script.client)
        try await board.load()
        let clock = TestClock<Duration>()
        let viewModel = BoardViewModel(
            board: board, store: store.store, clock: ViewClock(clock), isSimulated: true, resumesStoredView: false)
        await viewModel.prepare()
        let h = Harness(viewModel: viewModel, clock: clock, store: store)
        let first = await h.step(.viewportResized(rows: 10))
        #expect(first.tab == .market)
        #expect(first.searchText == "")
        #expect(first.rows.count == 4)
        let searched = await h.step(.searchTextChanged("ㅂ\u{1B}]0;T\u{07}ㅌ"))
        #expect(searched.searchText == "ㅂ]0;Tㅌ")
        _ = await h.step(.sortKeyChosen(.price))
        let after = try #require(try store.store.boardSettings(.upbit))
        #expect(after.tab == .favorites)
        #expect(after.searches == [.market: "zzz"])
        #expect(after.orders[.market] != stored.orders[.market])
    }

    @Test func helpAndDetailOpenAndClose() async throws {
        let h = try await harness()
        #expect((await h.step(.helpToggled)).isHelpVisible)
        #expect(!(await h.step(.helpToggled)).isHelpVisible)
        #expect((await h.step(.detailOpened)).detailMarket == bitcoin.id)
        #expect((await h.step(.detailClosed)).detailMarket == nil)
    }
}

extension BoardUpdate {
    /// The feed events that make this update on a board.
    var feedEvents: [LiveFeedEvent] {
        switch self {
        case .quotes(let quotes): quotes.map { .ticker($0.ticker) }
        case .connection(let state): [.connection(state)]
        case .snapshotApplied: [.snapshot([])]
        }
    }
}
