import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The board's rules, pure and synchronous: time is an argument, what must be stored comes out as
/// effects, and no clock, store or screen is involved.
@Suite struct BoardStateTests {
    private let bitcoinInBTC = Market(id: MarketID("BTC-ETH")!, koreanName: "이더리움", englishName: "Ethereum")

    /// A board of the four fixture markets (by trade value: BTT, XRP, ETH, BTC ascending) and one BTC-group market.
    private var board: TickerBoard {
        var board = TickerBoard(exchange: .upbit)
        board.setMarkets(MarketFixtures.markets + [bitcoinInBTC])
        _ = board.apply(
            snapshot: MarketFixtures.markets.enumerated().map { index, market in
                MarketFixtures.ticker(market, price: Double(1000 * (index + 1)), value: Double(index + 1) * 1e9)
            } + [MarketFixtures.ticker(bitcoinInBTC, price: 0.03)])
        return board
    }

    private func state(favorites: [MarketID] = []) -> BoardState {
        var state = BoardState(settings: BoardSettings(), favorites: favorites, quoteGroups: ["KRW", "BTC"])
        state.reorderIfDue(board: board, language: .korean, now: .zero)
        return state
    }

    private func handle(_ input: BoardInput, _ state: inout BoardState, now: Duration = .zero) -> [BoardState.Effect] {
        let effects = state.handle(input, board: board, language: .korean, now: now)
        state.reorderIfDue(board: board, language: .korean, now: now)
        return effects
    }

    @Test func wHidesTheWarnedMarketsAndShowsThemAgainAndCompareHasNoMoveSort() {
        var board = self.board
        var markets = MarketFixtures.markets
        markets[1] = Market(
            id: markets[1].id, koreanName: markets[1].koreanName, englishName: markets[1].englishName,
            warning: MarketWarning(level: .caution, reasons: ["가격 급등락"]))
        board.setMarkets(markets + [bitcoinInBTC])
        var state = BoardState(settings: BoardSettings(), favorites: [], quoteGroups: ["KRW", "BTC"])
        state.reorderIfDue(board: board, language: .korean, now: .zero)
        #expect(state.order.count == 4)
        #expect(state.handle(.warnedMarketsToggled, board: board, language: .korean, now: .zero).isEmpty)
        state.reorderIfDue(board: board, language: .korean, now: .zero)
        #expect(state.order.count == 3 && !state.order.contains(markets[1].id))
        _ = state.handle(.warnedMarketsToggled, board: board, language: .korean, now: .zero)
        state.reorderIfDue(board: board, language: .korean, now: .zero)
        #expect(state.order.count == 4)
        _ = state.handle(.tabChosen(.compare), board: board, language: .korean, now: .zero)
        #expect(state.handle(.sortKeyChosen(.move5m), board: board, language: .korean, now: .zero).isEmpty)
        // Compare sorts by the premium until another key is chosen, and never by a move.
        #expect(state.settings.order(for: .compare) == QuoteOrder(key: .change, direction: .descending))
    }

    @Test func theMarketTabOrdersByValueAndTheSelectionStaysInView() {
        var state = state()
        // By trade value, largest first; the BTC group's market is not on the KRW tab.
        #expect(state.order.map(\.base) == ["BTT", "XRP", "ETH", "BTC"])
        #expect(state.selected == state.order.first)
        _ = handle(.viewportResized(rows: 2), &state)
        _ = handle(.selectionMovedToLast, &state)
        #expect(state.selectedIndex == 3 && state.firstRow == 2)
        _ = handle(.pageMoved(by: -1), &state)
        #expect(state.selectedIndex == 2 && state.firstRow == 2)
        _ = handle(.selectionMoved(by: -10), &state)
        #expect(state.selectedIndex == 0 && state.firstRow == 0)
        _ = handle(.marketChosen(bitcoinInBTC.id), &state)
        #expect(state.selectedIndex == 0)
    }

    @Test func searchAndSortAreStoredAndTheSearchNeverKeepsControlCharacters() {
        var state = state()
        #expect(handle(.searchFocused, &state).isEmpty && state.isSearchFocused)
        #expect(handle(.searchTextChanged("ㅂㅌ\u{1B}[2J"), &state) == [.saveSettings])
        #expect(state.settings.search(for: .market) == "ㅂㅌ[2J")
        #expect(handle(.searchSubmitted, &state).isEmpty && !state.isSearchFocused)
        #expect(handle(.searchCleared, &state) == [.saveSettings])
        #expect(handle(.searchCleared, &state).isEmpty)
        #expect(handle(.sortKeyChosen(.name), &state) == [.saveSettings])
        #expect(state.settings.order(for: .market).key == .name)
    }

    @Test func aStarIsSavedWithAToastAndClearingAsksFirst() {
        var state = state()
        let first = state.selected!
        #expect(handle(.favoriteToggled, &state, now: .seconds(1)) == [.setFavorite(first, true)])
        #expect(state.toast?.text.hasPrefix("★ Added") == true)
        state.expire(now: .seconds(4))
        #expect(state.toast == nil)
        #expect(handle(.clearFavoritesRequested, &state).isEmpty && state.pendingClear == 1)
        // While the question shows, nothing but its answer is taken.
        #expect(handle(.favoriteToggled, &state).isEmpty && state.favorites == [first])
        #expect(handle(.confirmationAnswered(false), &state).isEmpty && state.favorites == [first])
        _ = handle(.clearFavoritesRequested, &state)
        #expect(handle(.confirmationAnswered(true), &state, now: .seconds(5)) == [.clearFavorites])
        #expect(state.favorites.isEmpty && state.toast?.text == "Cleared 1 favorites")
    }

    @Test func tabsCycleAndMarketGroupsChangeOnlyOnTheMarketTab() {
        var state = state()
        #expect(handle(.quoteGroupChosen("btc"), &state).isEmpty)
        #expect(state.quoteGroup == "BTC" && state.order == [bitcoinInBTC.id])
        _ = handle(.nextQuoteGroupChosen, &state)
        #expect(state.quoteGroup == "KRW" && state.order.count == 4)
        _ = handle(.quoteGroupChosen("USDT"), &state)
        #expect(state.quoteGroup == "KRW")
        #expect(handle(.previousTabChosen, &state) == [.saveSettings])
        #expect(state.tab == .alerts)
        _ = handle(.nextQuoteGroupChosen, &state)
        #expect(state.quoteGroup == "KRW")
        #expect(handle(.tabChosen(.alerts), &state).isEmpty)
        _ = handle(.nextTabChosen, &state)
        #expect(state.tab == .market)
    }

    @Test func theDetailOpensOnlyOnAMarketOfTheBoard() {
        var state = state()
        _ = handle(.detailOpened, &state)
        #expect(state.detail == state.selected)
        _ = handle(.detailClosed, &state)
        #expect(state.detail == nil)
        state.selected = MarketID("KRW-NOPE")
        _ = state.handle(.detailOpened, board: board, language: .korean, now: .zero)
        #expect(state.detail == nil)
    }

    @Test func aPriceMoveFlashesForItsDurationAndReSortsAtMostOnceASecond() {
        var state = state()
        let id = state.order.last!
        state.priceMoved(id, direction: .rise, now: .seconds(10))
        #expect(state.flashes[id]?.direction == .rise)
        state.expire(now: .seconds(10) + BoardState.flashDuration)
        #expect(state.flashes[id] == nil)
        state.reorderIfDue(board: board, language: .korean, now: .seconds(10))
        #expect(state.lastReorder == .seconds(10))
        state.priceMoved(id, direction: .fall, now: .milliseconds(10_500))
        state.reorderIfDue(board: board, language: .korean, now: .milliseconds(10_500))
        #expect(state.lastReorder == .seconds(10) && state.changedSinceReorder)
        state.reorderIfDue(board: board, language: .korean, now: .seconds(11))
        #expect(state.lastReorder == .seconds(11) && !state.changedSinceReorder)
    }

    /// Live data re-sorts at the first frame of each second of the timeline, so view models on one
    /// timeline re-sort at the same frame; a re-sort a person asked for leaves at least half a
    /// second before the next one.
    @Test func liveDataReSortsOnTheSecondsOfTheTimeline() {
        var state = state()
        let id = state.order.last!
        state.needsReorder = true
        state.reorderIfDue(board: board, language: .korean, now: .seconds(10))
        state.priceMoved(id, direction: .rise, now: .milliseconds(10_100))
        state.reorderIfDue(board: board, language: .korean, now: .milliseconds(10_900))
        #expect(state.lastReorder == .seconds(10) && state.changedSinceReorder)
        state.reorderIfDue(board: board, language: .korean, now: .seconds(11))
        #expect(state.lastReorder == .seconds(11) && !state.changedSinceReorder)
        // A person's sort at 11.7 s re-sorts at once; live data then waits past 12 s until 12.2 s.
        state.needsReorder = true
        state.reorderIfDue(board: board, language: .korean, now: .milliseconds(11_700))
        #expect(state.lastReorder == .milliseconds(11_700))
        state.priceMoved(id, direction: .fall, now: .milliseconds(11_800))
        state.reorderIfDue(board: board, language: .korean, now: .seconds(12))
        #expect(state.lastReorder == .milliseconds(11_700))
        state.reorderIfDue(board: board, language: .korean, now: .milliseconds(12_200))
        #expect(state.lastReorder == .milliseconds(12_200))
        // And the next second's first frame is due again.
        state.priceMoved(id, direction: .rise, now: .milliseconds(12_300))
        state.reorderIfDue(board: board, language: .korean, now: .milliseconds(12_900))
        #expect(state.lastReorder == .milliseconds(12_200))
        state.reorderIfDue(board: board, language: .korean, now: .seconds(13))
        #expect(state.lastReorder == .seconds(13))
    }

    /// A shared order is asked for with what the order is made from, and used as it comes.
    @Test func aSharedOrderIsAskedForWithWhatItIsMadeFrom() {
        var state = state()
        state.settings.searches[.market] = "비트"
        state.needsReorder = true
        var asked: [SharedBoardWork.OrderKey] = []
        let sorted = state.rowQuotes(board: board, language: .english).map(\.id)
        #expect(sorted.count == 2)
        let reversed = Array(sorted.reversed())
        state.reorderIfDue(board: board, language: .english, now: .seconds(1)) { key, sorting in
            asked.append(key)
            #expect(sorting() == sorted)
            return reversed
        }
        #expect(state.order == reversed)
        #expect(
            asked == [
                SharedBoardWork.OrderKey(
                    tab: .market, search: "비트", quoteGroup: "KRW", hidesWarned: false, order: .standard,
                    language: .english, favorites: [])
            ])
    }
}
