import Clocks
import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The board view model as the app runs it — its `run()` on a ``TaskDriver``, frames every 100 ms
/// of a test clock — seen only through its outputs. Each step is an input, a live update or a
/// wait, and names the whole output it must produce as a change of the one before (or none), so
/// a field that moves unasked fails the test; each test ends with nothing more to come.
@MainActor
@Suite struct BoardViewModelTests {
    let bitcoin = MarketFixtures.bitcoin
    let ethereum = MarketFixtures.ethereum
    let ripple = MarketFixtures.ripple
    let bittorrent = MarketFixtures.bittorrent

    /// Trade values: BTC 300, XRP 200, ETH 100, BTT 10 (billions).
    private static func startingTickers() -> [Ticker] {
        [
            MarketFixtures.ticker(
                MarketFixtures.bitcoin, price: 140_000_000, change: 1_400_000, value: 300e9, timestamp: 100),
            MarketFixtures.ticker(MarketFixtures.ripple, price: 3_500, change: -35, value: 200e9, timestamp: 100),
            MarketFixtures.ticker(MarketFixtures.ethereum, price: 5_000_000, change: 0, value: 100e9, timestamp: 100),
            MarketFixtures.ticker(MarketFixtures.bittorrent, price: 1.5, change: 0.01, value: 10e9, timestamp: 100),
        ]
    }

    /// The view model running on a driver, and the outputs it produced.
    @MainActor private final class Harness {
        let driver = TaskDriver()
        let store: InMemoryPreferenceStore
        let board: LiveBoard
        /// The exchange behind the board: its feed delivers what ``live(_:_:)`` sends.
        let script: ScriptedMarketClient
        let viewModel: BoardViewModel
        private let log = OutputLog<BoardOutput>()
        private var seen = 0
        /// The last output seen: each step's expectation starts from it.
        private(set) var shown = BoardOutput()

        /// With `onBeat`, the view model frames on a ``FrameBeat`` of the driver's clock (as each
        /// of `sise serve`'s tabs does) instead of a timer of its own.
        init(store: InMemoryPreferenceStore, resumesStoredView: Bool = true, onBeat: Bool = false) async throws {
            self.store = store
            let script = ScriptedMarketClient(markets: MarketFixtures.markets, tickers: startingTickers())
            self.script = script
            board = LiveBoard(client: script.client)
            try await board.load()
            await board.follow()
            viewModel = BoardViewModel(
                board: board, store: store.store, clock: ViewClock(driver.clock), isSimulated: true,
                resumesStoredView: resumesStoredView,
                beat: onBeat ? FrameBeat(clock: ViewClock(driver.clock), executor: driver) : nil)
            let outputs = viewModel.outputs(bufferingPolicy: .unbounded)
            let log = self.log
            driver.start { @MainActor in
                for await output in outputs.dropFirst() { log.append(output) }
            }
            driver.start { [viewModel] in await viewModel.run() }
            await driver.settle()
        }

        /// Sizes the viewport and lets a frame pass: the board as loaded showed at once, before
        /// any frame interval, and what shows now must be `first` (whatever frames came between).
        func show(
            rows: Int, sourceLocation: SourceLocation, first: (inout BoardOutput) -> Void
        ) async {
            #expect(!log.values.isEmpty, "the board as loaded showed at once", sourceLocation: sourceLocation)
            viewModel.send(.viewportResized(rows: rows))
            await driver.advance(by: .milliseconds(100))
            var expected = BoardOutput()
            first(&expected)
            Self.deriveColumns(&expected)
            expectNoDifference(log.values.last, expected, sourceLocation: sourceLocation)
            shown = log.values.last ?? shown
            seen = log.values.count
        }

        /// Sends `input` and lets one frame pass: the frame must be the last output changed by
        /// `change`, or none when `change` is nil (the screen would not move).
        func send(
            _ input: BoardInput, sourceLocation: SourceLocation = #_sourceLocation,
            _ change: ((inout BoardOutput) -> Void)? = nil
        ) async {
            viewModel.send(input)
            await driver.advance(by: .milliseconds(100))
            expect(change.map { [$0] } ?? [], sourceLocation: sourceLocation)
        }

        /// The feed delivers `update` to the shared board; the next frame must show `change`.
        func live(
            _ update: BoardUpdate, sourceLocation: SourceLocation = #_sourceLocation,
            _ change: ((inout BoardOutput) -> Void)? = nil
        ) async {
            for event in update.feedEvents { script.send(event) }
            await driver.advance(by: .milliseconds(100))
            expect(change.map { [$0] } ?? [], sourceLocation: sourceLocation)
        }

        /// Lets `duration` pass: the frames in it must be `changes`, one output each, in order.
        func wait(
            _ duration: Duration, sourceLocation: SourceLocation = #_sourceLocation,
            _ changes: ((inout BoardOutput) -> Void)...
        ) async {
            await driver.advance(by: duration)
            expect(changes, sourceLocation: sourceLocation)
        }

        /// Lets ten seconds pass: nothing more may show.
        func expectNothingMore(sourceLocation: SourceLocation = #_sourceLocation) async {
            await driver.advance(by: .seconds(10), step: .seconds(1))
            expect([], sourceLocation: sourceLocation)
        }

        private func expect(_ changes: [(inout BoardOutput) -> Void], sourceLocation: SourceLocation) {
            let derived = changes.map { change in
                { (output: inout BoardOutput) in
                    change(&output)
                    Self.deriveColumns(&output)
                }
            }
            shown = log.expectChanges(derived, from: shown, since: &seen, sourceLocation: sourceLocation)
        }

        /// The columns' order of giving way follows the tab and its sort (``BoardColumn``'s own
        /// tests hold the order): an expected output derives it as the view model does.
        static func deriveColumns(_ output: inout BoardOutput) {
            output.columnsGivingWay = BoardColumn.givingWay(on: output.tab, sortedBy: output.order.key)
        }
    }

    /// A running view model whose first frame (at the first viewport size) must be
    /// ``firstFrame()`` changed by `first`.
    private func harness(
        store: InMemoryPreferenceStore = InMemoryPreferenceStore(), onBeat: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation, first: @escaping (inout BoardOutput) -> Void = { _ in }
    ) async throws -> Harness {
        let h = try await Harness(store: store, onBeat: onBeat)
        await h.show(rows: 10, sourceLocation: sourceLocation) {
            $0 = Self.firstFrame()
            first(&$0)
        }
        return h
    }

    /// The first frame of a fresh store: the Market tab by trade value, the top row selected.
    static func firstFrame() -> BoardOutput {
        var output = BoardOutput()
        output.rows = [
            BoardRow(
                id: MarketFixtures.bitcoin.id, name: "비트코인", symbol: "BTC", price: "140,000,000",
                changeRate: "+1.01%", changePrice: "+1,400,000", tradeValue: "300,000백만", direction: .rise,
                flash: nil, isFavorite: false, isSelected: true),
            BoardRow(
                id: MarketFixtures.ripple.id, name: "엑스알피", symbol: "XRP", price: "3,500",
                changeRate: "-0.99%", changePrice: "-35", tradeValue: "200,000백만", direction: .fall,
                flash: nil, isFavorite: false, isSelected: false),
            BoardRow(
                id: MarketFixtures.ethereum.id, name: "이더리움", symbol: "ETH", price: "5,000,000",
                changeRate: "0.00%", changePrice: "0", tradeValue: "100,000백만", direction: .even,
                flash: nil, isFavorite: false, isSelected: false),
            BoardRow(
                id: MarketFixtures.bittorrent.id, name: "비트토렌트", symbol: "BTT", price: "1.500",
                changeRate: "+0.67%", changePrice: "+0.010", tradeValue: "10,000백만", direction: .rise,
                flash: nil, isFavorite: false, isSelected: false),
        ]
        output.rowCount = 4
        output.selectedRowIndex = 0
        output.status.exchange = "Upbit"
        output.status.notice = "Connecting to Upbit…"
        output.quoteGroups = ["KRW", "BTC", "USDT"]
        return output
    }

    @Test func theFirstFrameShowsTheSnapshotByTradeValueWithTheTopRowSelected() async throws {
        let h = try await harness()
        expectNoDifference(h.shown, Self.firstFrame())
        await h.expectNothingMore()
    }

    @Test func searchNarrowsRowsAsYouTypeInitialConsonantsIncludedAndEscRestoresThem() async throws {
        let h = try await harness()
        let all = h.shown.rows
        await h.send(.searchFocused) { $0.isSearchFocused = true }
        await h.send(.searchTextChanged("ㅂ")) {
            $0.searchText = "ㅂ"
            $0.rows = [all[0], all[3]]
            $0.rowCount = 2
        }
        await h.send(.searchTextChanged("ㅂㅌㅋ")) {
            $0.searchText = "ㅂㅌㅋ"
            $0.rows = [all[0]]
            $0.rowCount = 1
        }
        await h.send(.searchTextChanged("doge")) {
            $0.searchText = "doge"
            $0.rows = []
            $0.rowCount = 0
            $0.selectedRowIndex = nil
            $0.placeholder = "No market matches “doge” — Esc clears the search"
        }
        await h.send(.searchCleared) {
            $0.searchText = ""
            $0.isSearchFocused = false
            $0.rows = all
            $0.rowCount = 4
            $0.selectedRowIndex = 0
            $0.placeholder = nil
        }
        await h.expectNothingMore()
    }

    @Test func choosingTheSortKeyTogglesAndANewKeyStartsDescending() async throws {
        let h = try await harness()
        let (btc, xrp, eth, btt) = (h.shown.rows[0], h.shown.rows[1], h.shown.rows[2], h.shown.rows[3])
        await h.send(.sortKeyChosen(.value)) {
            $0.order = QuoteOrder(key: .value, direction: .ascending)
            $0.rows = [btt, eth, xrp, btc]
            $0.selectedRowIndex = 3
        }
        await h.send(.sortKeyChosen(.price)) {
            $0.order = QuoteOrder(key: .price, direction: .descending)
            $0.rows = [btc, eth, xrp, btt]
            $0.selectedRowIndex = 0
        }
        // ETH and BTT have the same change rate (0): the tie breaks by name, 비트토렌트 before 이더리움.
        await h.send(.sortKeyChosen(.change)) {
            $0.order = QuoteOrder(key: .change, direction: .descending)
            $0.rows = [btc, btt, eth, xrp]
        }
        await h.expectNothingMore()
    }

    @Test func theSelectionStaysOnTheSameMarketAcrossReSorts() async throws {
        let h = try await harness()
        await h.send(.selectionMoved(by: 2)) {
            $0.rows[0].isSelected = false
            $0.rows[2].isSelected = true
            $0.selectedRowIndex = 2
        }
        let (btc, xrp, eth, btt) = (h.shown.rows[0], h.shown.rows[1], h.shown.rows[2], h.shown.rows[3])
        await h.send(.sortKeyChosen(.price)) {
            $0.order = QuoteOrder(key: .price, direction: .descending)
            $0.rows = [btc, eth, xrp, btt]
            $0.selectedRowIndex = 1
        }
        await h.send(.selectionMovedToLast) {
            $0.rows[1].isSelected = false
            $0.rows[3].isSelected = true
            $0.selectedRowIndex = 3
        }
        await h.send(.selectionMovedToFirst) {
            $0.rows[3].isSelected = false
            $0.rows[0].isSelected = true
            $0.selectedRowIndex = 0
        }
        await h.send(.selectionMoved(by: -5))
        await h.expectNothingMore()
    }

    @Test func aChosenMarketBecomesTheSelectionAndAMarketNotShownIsIgnored() async throws {
        let h = try await harness()
        await h.send(.marketChosen(ethereum.id)) {
            $0.rows[0].isSelected = false
            $0.rows[2].isSelected = true
            $0.selectedRowIndex = 2
        }
        let (btc, btt) = (h.shown.rows[0], h.shown.rows[3])
        await h.send(.searchTextChanged("ㅂ")) {
            $0.searchText = "ㅂ"
            $0.rows = [btc, btt]
            $0.rows[0].isSelected = true
            $0.rowCount = 2
            $0.selectedRowIndex = 0
        }
        // Ethereum is not on the narrowed tab: the selection stays where the search put it.
        await h.send(.marketChosen(ethereum.id))
        await h.send(.marketChosen(bittorrent.id)) {
            $0.rows[0].isSelected = false
            $0.rows[1].isSelected = true
            $0.selectedRowIndex = 1
        }
        await h.expectNothingMore()
    }

    /// The same on a shared beat (a `sise serve` tab's view model) as on the view model's own timer.
    @Test(arguments: [false, true])
    func liveDataMovesPricesAtOnceButTheOrderAtMostOnceASecond(onBeat: Bool) async throws {
        let h = try await harness(onBeat: onBeat)
        // Half a second after the first order: the next one is due half a second after the tick.
        await h.wait(.milliseconds(500))
        // BTT suddenly trades the most.
        let surge = MarketFixtures.ticker(bittorrent, price: 1.6, change: 0.11, value: 900e9, timestamp: 200)
        await h.live(.quotes([Quote(market: bittorrent, ticker: surge)])) {
            $0.rows[3].price = "1.600"
            $0.rows[3].changeRate = "+7.38%"
            $0.rows[3].changePrice = "+0.110"
            $0.rows[3].tradeValue = "900,000백만"
            $0.rows[3].flash = .rise
            $0.status.ticksPerSecond = 1
            $0.status.lastUpdate = "09:00:00"
        }
        // The flash ends at 300 ms; the new order waits for a second since the last one, and
        // the tick leaves the rate a second after it came.
        let (btc, xrp, eth) = (h.shown.rows[0], h.shown.rows[1], h.shown.rows[2])
        await h.wait(
            .seconds(1),
            { $0.rows[3].flash = nil },
            {
                var btt = $0.rows[3]
                btt.flash = nil
                $0.rows = [btt, btc, xrp, eth]
                $0.selectedRowIndex = 1
            },
            { $0.status.ticksPerSecond = 0 })
        await h.expectNothingMore()
    }

    @Test(arguments: [false, true])
    func aChangedPriceFlashesInItsDirectionForAbout300Milliseconds(onBeat: Bool) async throws {
        let h = try await harness(onBeat: onBeat)
        let up = MarketFixtures.ticker(bitcoin, price: 140_100_000, change: 1_500_000, value: 300e9, timestamp: 200)
        await h.live(.quotes([Quote(market: bitcoin, ticker: up)])) {
            $0.rows[0].price = "140,100,000"
            $0.rows[0].changeRate = "+1.08%"
            $0.rows[0].changePrice = "+1,500,000"
            $0.rows[0].flash = .rise
            $0.status.ticksPerSecond = 1
            $0.status.lastUpdate = "09:00:00"
        }
        // The board was idle: the tick showed the moment it came (its loop woke on the feed's
        // event, not at the next tenth of a second), 100 ms before this.
        await h.wait(.milliseconds(199))
        await h.wait(.milliseconds(1)) { $0.rows[0].flash = nil }
        let down = MarketFixtures.ticker(bitcoin, price: 139_000_000, change: 400_000, value: 300e9, timestamp: 300)
        await h.live(.quotes([Quote(market: bitcoin, ticker: down)])) {
            $0.rows[0].price = "139,000,000"
            $0.rows[0].changeRate = "+0.29%"
            $0.rows[0].changePrice = "+400,000"
            $0.rows[0].flash = .fall
            $0.status.ticksPerSecond = 2
        }
        await h.wait(.milliseconds(300)) { $0.rows[0].flash = nil }
        await h.wait(.seconds(1)) { $0.status.ticksPerSecond = 0 }
        await h.expectNothingMore()
    }

    @Test func anOlderTickNeverOverwritesNewerData() async throws {
        let h = try await harness()
        let stale = MarketFixtures.ticker(bitcoin, price: 1, value: 300e9, timestamp: 50)
        await h.live(.quotes([Quote(market: bitcoin, ticker: stale)]))
        await h.expectNothingMore()
    }

    @Test func favoritingShowsAToastPersistsAndFillsTheFavoritesTab() async throws {
        let h = try await harness()
        await h.send(.favoriteToggled) {
            $0.toast = "★ Added 비트코인 (BTC)"
            $0.rows[0].isFavorite = true
        }
        #expect(try h.store.store.favorites(.upbit) == [bitcoin.id])
        await h.wait(.milliseconds(1800))
        await h.wait(.milliseconds(100)) { $0.toast = nil }
        let btc = h.shown.rows[0]
        await h.send(.tabChosen(.favorites)) {
            $0.tab = .favorites
            $0.rows = [btc]
            $0.rowCount = 1
        }
        await h.send(.favoriteToggled) {
            $0.toast = "☆ Removed 비트코인 (BTC)"
            $0.rows = []
            $0.rowCount = 0
            $0.selectedRowIndex = nil
            $0.placeholder = "No favorites yet — press f on a market to add it"
        }
        #expect(try h.store.store.favorites(.upbit).isEmpty)
        await h.wait(.seconds(2)) { $0.toast = nil }
        await h.expectNothingMore()
    }

    /// Another copy sorts its board differently: this one takes the order from the store's
    /// change signal, and keeps its own tab and search.
    @Test func aSortChosenInAnotherCopyShowsAtOnceAndKeepsThisCopysTabAndSearch() async throws {
        let h = try await harness()
        let (btc, btt) = (h.shown.rows[0], h.shown.rows[3])
        await h.send(.searchTextChanged("비트")) {
            $0.searchText = "비트"
            $0.rows = [btc, btt]
            $0.rowCount = 2
        }
        var elsewhere = try #require(try h.store.store.boardSettings(.upbit))
        elsewhere.tab = .favorites
        elsewhere.searches = [:]
        elsewhere.orders[.market] = QuoteOrder(key: .name, direction: .ascending)
        try h.store.store.saveBoardSettings(.upbit, elsewhere)
        await h.wait(.milliseconds(100)) {
            $0.order = QuoteOrder(key: .name, direction: .ascending)
            $0.rows = [btc, btt]
        }
        // 비트코인 before 비트토렌트 by name, as by trade value: the rows stay; only the header moves.
        await h.send(.sortKeyChosen(.change)) {
            $0.order = QuoteOrder(key: .change, direction: .descending)
        }
        #expect(try h.store.store.boardSettings(.upbit)?.order(for: .market).key == .change)
        await h.expectNothingMore()
    }

    /// Another copy of Sise (or `sise favorites`) edits the store: this one shows it at once.
    @Test func favoritesChangedElsewhereShowAtOnce() async throws {
        let h = try await harness()
        await h.send(.tabChosen(.favorites)) {
            $0.tab = .favorites
            $0.rows = []
            $0.rowCount = 0
            $0.selectedRowIndex = nil
            $0.placeholder = "No favorites yet — press f on a market to add it"
        }
        try h.store.store.setFavorite(.upbit, ethereum.id, true)
        await h.wait(.milliseconds(100)) {
            $0.rows = [Self.firstFrame().rows[2]]
            $0.rows[0].isFavorite = true
            $0.rows[0].isSelected = true
            $0.rowCount = 1
            $0.selectedRowIndex = 0
            $0.placeholder = nil
        }
        _ = try h.store.store.clearFavorites(.upbit)
        await h.wait(.milliseconds(100)) {
            $0.rows = []
            $0.rowCount = 0
            $0.selectedRowIndex = nil
            $0.placeholder = "No favorites yet — press f on a market to add it"
        }
        await h.expectNothingMore()
    }

    @Test func clearingFavoritesAsksFirstAndOnlyAYesClears() async throws {
        let h = try await harness(store: InMemoryPreferenceStore(favorites: [bitcoin.id, ripple.id])) {
            $0.rows[0].isFavorite = true
            $0.rows[1].isFavorite = true
        }
        await h.send(.clearFavoritesRequested) { $0.confirmation = "Clear all 2 favorites? (y/n)" }
        // While asking, other keys do nothing.
        await h.send(.sortKeyChosen(.name))
        await h.send(.confirmationAnswered(false)) { $0.confirmation = nil }
        #expect(try h.store.store.favorites(.upbit).count == 2)
        await h.send(.clearFavoritesRequested) { $0.confirmation = "Clear all 2 favorites? (y/n)" }
        await h.send(.confirmationAnswered(true)) {
            $0.confirmation = nil
            $0.toast = "Cleared 2 favorites"
            $0.rows[0].isFavorite = false
            $0.rows[1].isFavorite = false
        }
        #expect(try h.store.store.favorites(.upbit).isEmpty)
        await h.wait(.seconds(2)) { $0.toast = nil }
        await h.expectNothingMore()
    }

    @Test func choicesSurviveARestartThroughTheStore() async throws {
        let store = InMemoryPreferenceStore()
        do {
            let first = try await harness(store: store)
            for input: BoardInput in [
                .selectionMoved(by: 1), .favoriteToggled, .sortKeyChosen(.price), .tabChosen(.favorites),
                .searchTextChanged("엑스"),
            ] {
                first.viewModel.send(input)
            }
            await first.driver.advance(by: .milliseconds(100))
        }
        let second = try await Harness(store: store)
        await second.send(.viewportResized(rows: 10)) {
            $0 = Self.firstFrame()
            $0.tab = .favorites
            $0.searchText = "엑스"
            $0.rows = [Self.firstFrame().rows[1]]
            $0.rows[0].isFavorite = true
            $0.rows[0].isSelected = true
            $0.rowCount = 1
        }
        // The Market tab kept its sort by price (and its star); the selection starts at the top.
        let (btc, xrp, eth, btt) = (
            Self.firstFrame().rows[0], Self.firstFrame().rows[1], Self.firstFrame().rows[2], Self.firstFrame().rows[3]
        )
        await second.send(.tabChosen(.market)) {
            $0.tab = .market
            $0.searchText = ""
            $0.order = QuoteOrder(key: .price)
            $0.rows = [btc, eth, xrp, btt]
            $0.rows[2].isFavorite = true
            $0.rowCount = 4
        }
        await second.expectNothingMore()
    }

    @Test func tabsCycleAndKeepTheirOwnSearchAndSort() async throws {
        let h = try await harness()
        let market = h.shown
        // ㅇ is in 비트코인, 엑스알피 and 이더리움, not in 비트토렌트.
        await h.send(.searchTextChanged("ㅇ")) {
            $0.searchText = "ㅇ"
            $0.rows = Array(market.rows.prefix(3))
            $0.rowCount = 3
        }
        let searched = h.shown
        await h.send(.nextTabChosen) {
            $0.tab = .favorites
            $0.searchText = ""
            $0.rows = []
            $0.rowCount = 0
            $0.selectedRowIndex = nil
            $0.placeholder = "No favorites yet — press f on a market to add it"
        }
        await h.send(.nextTabChosen) {
            $0.tab = .compare
            // Compare sorts by the premium until another key is chosen.
            $0.order = QuoteOrder(key: .change, direction: .descending)
            $0.placeholder = "Compare across exchanges: start the app with every exchange"
        }
        await h.send(.nextTabChosen) {
            $0.tab = .watchlist
            $0.order = .standard
            $0.placeholder = nil
        }
        await h.send(.nextTabChosen) { $0.tab = .alerts }
        await h.send(.nextTabChosen) { $0 = searched }
        await h.send(.previousTabChosen) {
            $0.tab = .alerts
            $0.searchText = ""
            $0.rows = []
            $0.rowCount = 0
            $0.selectedRowIndex = nil
        }
        await h.expectNothingMore()
    }

    /// A tick that moves Ethereum up 1,000 won on today's time.
    private var ethereumTick: BoardUpdate {
        .quotes([
            Quote(
                market: ethereum,
                ticker: MarketFixtures.ticker(ethereum, price: 5_001_000, value: 100e9, timestamp: 1_773_240_058_519))
        ])
    }

    /// What ``ethereumTick`` changes on the first board.
    private func ethereumTicked(_ output: inout BoardOutput) {
        output.rows[2].price = "5,001,000"
        output.rows[2].flash = .rise
        output.status.ticksPerSecond = 1
        output.status.lastUpdate = "23:40:58"
        // The board's time jumped from its snapshot's to today's: every window is covered, and
        // only Ethereum moved.
        for index in output.rows.indices {
            let move = index == 2 ? "+0.02%" : "0.00%"
            (output.rows[index].move1m, output.rows[index].move5m, output.rows[index].move15m) = (move, move, move)
        }
    }

    @Test func theStatusShowsReconnectsTicksAndTheLastUpdate() async throws {
        let h = try await harness()
        await h.live(.connection(.live)) {
            $0.status.connection = .live
            $0.status.notice = nil
        }
        await h.live(ethereumTick, ethereumTicked)
        await h.live(.connection(.reconnecting(attempt: 2, delay: .seconds(2)))) {
            $0.status.connection = .reconnecting(attempt: 2, delay: .seconds(2))
            $0.status.notice = "Upbit: reconnecting in 2s…"
        }
        await h.wait(.milliseconds(200)) { $0.rows[2].flash = nil }
        await h.wait(.milliseconds(800)) { $0.status.ticksPerSecond = 0 }
        await h.expectNothingMore()
    }

    @Test func theMoversViewListsTheRisersAndFallersOfTheSortedWindowInsteadOfTheRows() async throws {
        let h = try await harness()
        await h.send(.moversToggled) {
            // No window is covered yet: the panel says so.
            $0.movers = MoversPanel(
                window: "5m", risers: [], fallers: [],
                placeholder: "No market has moved over 5m yet — the board's own ticks cover the window first")
        }
        await h.live(ethereumTick) {
            ethereumTicked(&$0)
            $0.movers = MoversPanel(
                window: "5m",
                risers: [
                    MoversPanel.Row(
                        id: ethereum.id, name: "이더리움", symbol: "ETH", change: "+0.02%", price: "5,001,000",
                        direction: .rise)
                ], fallers: [], placeholder: nil)
        }
        await h.send(.moversToggled) { $0.movers = nil }
        // The window follows a move sort (`5` `6` `7`), five minutes otherwise.
        let empty = TickerBoard(exchange: .upbit)
        let windows = [SortKey.move1m, .move5m, .move15m, .price].map {
            MoversPanel.of(empty, key: $0, quote: "KRW", markets: nil, language: .korean).window
        }
        #expect(windows == ["1m", "5m", "15m", "5m"])
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
        await h.live(tick(at: 200)) {
            $0.status.ticksPerSecond = 1
            $0.status.lastUpdate = "09:00:00"
        }
        await h.wait(.milliseconds(300))
        // A tick is a change: its frame shows the rate with it.
        await h.live(tick(at: 300)) { $0.status.ticksPerSecond = 2 }
        // 0.6 s later the first tick has left the window, but the figure changed 0.6 s ago: it waits.
        await h.wait(.milliseconds(600))
        // 0.4 s later the second has left too, and a second has passed since the figure changed.
        await h.wait(.milliseconds(400)) { $0.status.ticksPerSecond = 0 }
        await h.expectNothingMore()
    }

    @Test func aStoreThatCannotWriteSaysSoInAToast() async throws {
        let store = InMemoryPreferenceStore()
        let h = try await harness(store: store)
        store.failWrites()
        // The row shows what is stored: no ★ that was never saved (issue 26, item 8).
        await h.send(.favoriteToggled) { $0.toast = "⚠ Could not save: disk full" }
        #expect(try store.store.favorites(.upbit).isEmpty)
        await h.wait(.seconds(2)) { $0.toast = nil }
        await h.expectNothingMore()
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
        let h = try await Harness(store: store, resumesStoredView: false)
        let byName = Self.firstFrame().rows.sorted { $0.name < $1.name }
        await h.send(.viewportResized(rows: 10)) {
            $0 = Self.firstFrame()
            $0.order = QuoteOrder(key: .name, direction: .ascending)
            $0.rows = byName.map {
                var row = $0
                row.isSelected = $0.symbol == "BTC"
                return row
            }
            $0.selectedRowIndex = byName.firstIndex { $0.symbol == "BTC" }
        }
        await h.send(.searchTextChanged("ㅂ\u{1B}]0;T\u{07}ㅌ")) {
            $0.searchText = "ㅂ]0;Tㅌ"
            $0.rows = []
            $0.rowCount = 0
            $0.selectedRowIndex = nil
            $0.placeholder = "No market matches “ㅂ]0;Tㅌ” — Esc clears the search"
        }
        await h.send(.sortKeyChosen(.price)) { $0.order = QuoteOrder(key: .price, direction: .descending) }
        let after = try #require(try store.store.boardSettings(.upbit))
        #expect(
            after
                == BoardSettings(tab: .favorites, orders: [.market: QuoteOrder(key: .price)], searches: stored.searches)
        )
        await h.expectNothingMore()
    }

    @Test func helpAndDetailOpenAndClose() async throws {
        let h = try await harness()
        await h.send(.helpToggled) { $0.isHelpVisible = true }
        await h.send(.helpToggled) { $0.isHelpVisible = false }
        await h.send(.detailOpened) { $0.detailMarket = self.bitcoin.id }
        await h.send(.detailClosed) { $0.detailMarket = nil }
        await h.expectNothingMore()
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
