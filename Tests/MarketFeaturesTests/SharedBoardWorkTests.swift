import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// What board view models on one beat work out alike is worked out once: an order or a list of
/// rows is made once for equal keys at one version of a board, anew for other keys or a newer
/// version, and view models alike end up showing the very same rows as each would alone.
@MainActor
@Suite struct SharedBoardWorkTests {
    private static func board() async throws -> LiveBoard {
        let script = ScriptedMarketClient(
            markets: MarketFixtures.markets,
            tickers: MarketFixtures.markets.enumerated().map { index, market in
                MarketFixtures.ticker(market, price: Double(1_000 * (index + 1)), value: Double(index + 1) * 1e9)
            })
        let board = LiveBoard(client: script.client)
        try await board.load()
        return board
    }

    private static func key(search: String) -> SharedBoardWork.OrderKey {
        SharedBoardWork.OrderKey(
            tab: .market, search: search, quoteGroup: "KRW", hidesWarned: false, order: .standard,
            language: .korean, favorites: [])
    }

    @Test func anOrderIsMadeOnceForEqualKeysAndAnewForOthersOrANewerVersion() async throws {
        let work = SharedBoardWork()
        let board = try await Self.board()
        let (bitcoin, ethereum) = (MarketFixtures.bitcoin.id, MarketFixtures.ethereum.id)
        var made = 0
        func order(_ key: SharedBoardWork.OrderKey, version: UInt64, _ ids: [MarketID]) -> [MarketID] {
            work.order(of: board, version: version, key: key) {
                made += 1
                return ids
            }
        }
        #expect(order(Self.key(search: "B"), version: 3, [bitcoin]) == [bitcoin])
        #expect(order(Self.key(search: "B"), version: 3, [ethereum]) == [bitcoin])
        #expect(made == 1)
        #expect(order(Self.key(search: "E"), version: 3, [ethereum]) == [ethereum])
        #expect(made == 2 && work.count == 2)
        // A newer version lets the older go; an older one than kept is made alone, not kept.
        #expect(order(Self.key(search: "B"), version: 4, [ethereum]) == [ethereum])
        #expect(made == 3 && work.count == 1)
        #expect(order(Self.key(search: "B"), version: 3, [bitcoin, ethereum]) == [bitcoin, ethereum])
        #expect(order(Self.key(search: "B"), version: 4, [bitcoin]) == [ethereum])
        #expect(made == 4 && work.count == 1)
        // Another board keeps its own.
        let other = try await Self.board()
        #expect(work.order(of: other, version: 4, key: Self.key(search: "B")) { [bitcoin] } == [bitcoin])
        #expect(work.count == 2)
    }

    @Test func rowsAreMadeOnceForEqualRowsInView() async throws {
        let work = SharedBoardWork()
        let board = try await Self.board()
        let id = MarketFixtures.bitcoin.id
        let row = BoardRow(
            id: id, name: "비트코인", symbol: "BTC", price: "1,000", changeRate: "0.00%", changePrice: "0",
            tradeValue: "1,000백만", direction: .even, flash: .rise, isFavorite: false, isSelected: false)
        var made = 0
        func rows(selected: Bool) -> [BoardRow] {
            let key = SharedBoardWork.RowsKey(
                rows: [SharedBoardWork.RowKey(id: id, flash: .rise, isFavorite: false, isSelected: selected)],
                language: .korean)
            return work.rows(of: board, version: 1, key: key) {
                made += 1
                var made = row
                made.isSelected = selected
                return [made]
            }
        }
        #expect(rows(selected: true).map(\.isSelected) == [true])
        #expect(rows(selected: true).map(\.isSelected) == [true])
        #expect(rows(selected: false).map(\.isSelected) == [false])
        #expect(made == 2)
    }

    @Test func viewModelsAlikeOnOneBeatShowTheVeryRowsEachWouldAlone() async throws {
        let board = try await Self.board()
        let driver = TaskDriver()
        let beat = FrameBeat(clock: ViewClock(driver.clock), executor: driver)
        func viewModel(beat: FrameBeat?) -> BoardViewModel {
            BoardViewModel(
                board: board, store: InMemoryPreferenceStore().store, clock: ViewClock(driver.clock),
                isSimulated: true, resumesStoredView: false, beat: beat)
        }
        let (first, second, searching, alone) = (
            viewModel(beat: beat), viewModel(beat: beat), viewModel(beat: beat), viewModel(beat: nil)
        )
        let all = [first, second, searching, alone]
        searching.send(.searchTextChanged("비트"))
        for viewModel in all { await viewModel.prepare() }
        for viewModel in all { viewModel.frame() }
        /// Where a list's elements are kept: two lists kept in one place are one list, shared.
        func storage<Element>(_ list: [Element]) -> UnsafeRawPointer? {
            list.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(first.output.rows.count == 4 && searching.output.rows.count == 2)
        #expect(first.output == alone.output)
        #expect(storage(first.output.rows) == storage(second.output.rows))
        #expect(storage(first.state.order) == storage(second.state.order))
        #expect(storage(first.output.rows) != storage(alone.output.rows))
        #expect(storage(first.output.rows) != storage(searching.output.rows))
        // A tick: the next frames share again, and still show what a view model alone shows.
        let tick = MarketFixtures.ticker(MarketFixtures.bitcoin, price: 1_100, value: 9e9, timestamp: 2_000)
        await board.apply(live: [tick])
        for viewModel in all { await viewModel.takeBoardFrames() }
        for viewModel in all { viewModel.frame() }
        #expect(first.output.rows.first(where: { $0.id == tick.marketID })?.price == "1,100")
        #expect(first.output == alone.output)
        #expect(storage(first.output.rows) == storage(second.output.rows))
        #expect(searching.output.rows.map(\.price).contains("1,100"))
    }
}
