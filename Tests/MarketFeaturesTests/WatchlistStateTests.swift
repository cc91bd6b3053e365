import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The Watchlist tab's rules, pure and synchronous: each input's change to the state and the
/// effects it asks for, in order.
@Suite struct WatchlistStateTests {
    private static let samsung = StockFixtures.samsung
    private static let hynix = StockFixtures.hynix
    private static let kakao = StockFixtures.kakao
    private static let directory = StockDirectory([samsung, hynix, kakao])

    private func state(_ codes: [String] = ["005930", "000660", "035720"]) -> WatchlistState {
        var state = WatchlistState(source: .kis)
        _ = state.reload(codes: codes, directory: Self.directory)
        return state
    }

    private func quote(_ price: Double) -> StockQuote {
        StockQuote(
            code: "005930", price: price, previousClose: 200_000, volume: 1_000, tradeValue: 1, dayHigh: price,
            dayLow: price, week52High: 300_000, week52Low: 150_000, timestamp: 0)
    }

    @Test func appearingLoadsEveryRowOnceAndLeavingStopsEverything() {
        var state = WatchlistState(source: .kis)
        var effects = state.handle(.appeared)
        #expect(effects == [.reloadFromStore, .loadAll, .startFollowing])
        effects = state.handle(.appeared)
        #expect(effects == [])
        effects = state.handle(.disappeared)
        #expect(effects == [.cancelDetail, .stopLoading, .stopFollowing])
        #expect(!state.isShowing)
    }

    @Test func aReloadKeepsWhatLoadedLeavesOutUnknownCodesAndNamesTheNewStocks() {
        var state = state(["005930"])
        _ = state.apply(.loaded(index: 0, quote: quote(199_400), closes: [1, 2]), stocks: [Self.samsung])
        let fresh = state.reload(codes: ["000660", "999999", "005930"], directory: Self.directory)
        #expect(fresh == [Self.hynix])
        #expect(state.entries.map(\.stock.code) == ["000660", "005930"])
        #expect(state.entries[1].state == .loaded && state.entries[1].closes == [1, 2])
        #expect(state.selected == "005930")
    }

    @Test func removingAsksFirstAndOnlyYesSavesAndMovesTheSelectionOn() {
        var state = state()
        var effects = state.handle(.removeRequested)
        #expect(effects == [])
        #expect(state.confirmation == "Remove 삼성전자 (005930)? (y/n)")
        effects = state.handle(.confirmationAnswered(false))
        #expect(effects == [])
        #expect(state.confirmation == nil && state.entries.count == 3)
        _ = state.handle(.removeRequested)
        let removed = state.handle(.confirmationAnswered(true))
        #expect(removed == [.save(.remove(code: "005930")), .showToast("☆ Removed 삼성전자 (005930)")])
        #expect(state.entries.map(\.stock.code) == ["000660", "035720"])
        #expect(state.selected == "000660")
        #expect(state.confirmation == nil && state.pendingRemoval == nil)
    }

    @Test func movingTheSelectedStockReordersAndSaves() {
        var state = state()
        var effects = state.handle(.selectedMoved(by: 1))
        #expect(effects == [.save(.move(code: "005930", by: 1))])
        #expect(state.entries.map(\.stock.code) == ["000660", "005930", "035720"])
        effects = state.handle(.selectedMoved(by: 5))
        #expect(effects == [.save(.move(code: "005930", by: 5))])
        #expect(state.entries.last?.stock.code == "005930")
        _ = state.handle(.selectionMoved(by: -10))
        #expect(state.selected == "000660")
    }

    @Test func aStockAddedIsSelectedAndLoadsOnlyWhileTheTabShows() {
        var state = state(["000660"])
        var effects = state.added(Self.samsung, change: .added)
        #expect(effects == [.showToast("★ Added 삼성전자 (005930)")])
        #expect(state.selected == "005930")
        _ = state.handle(.appeared)
        effects = state.added(Self.kakao, change: .added)
        #expect(effects == [.showToast("★ Added 카카오 (035720)"), .load([Self.kakao])])
        effects = state.added(Self.kakao, change: .alreadyThere)
        #expect(effects == [.showToast("카카오 (035720) is already in the watchlist")])
        // The store refused it: nothing shown changes (the save's failure is its own toast).
        let before = state
        effects = state.added(Self.hynix, change: nil)
        #expect(effects == [])
        #expect(state == before)
    }

    @Test func rowsFillInOrFailWithWhenTheyAreTriedAgain() {
        var state = state()
        let stocks = [Self.samsung, Self.hynix]
        var changed = state.apply(.started(index: 0), stocks: stocks)
        #expect(changed == false)
        changed = state.apply(.loaded(index: 0, quote: quote(199_400), closes: [1, 2, 3]), stocks: stocks)
        #expect(changed)
        changed = state.apply(.failed(index: 1, message: "timed out", attempt: 1, retryIn: .seconds(4)), stocks: stocks)
        #expect(changed)
        changed = state.apply(.named(index: 0, englishName: "Samsung"), stocks: stocks)
        #expect(changed == false)
        let empty = WatchlistState(source: .yahoo, note: "no KIS keys").output(search: nil)
        #expect(empty.placeholder?.contains("press a to add") == true)
        #expect(empty.status == "0/0 loaded · no KIS keys")
        let output = state.output(search: nil)
        #expect(output.rows.map(\.state) == [.loaded, .failed("timed out — retrying in 4s"), .loading])
        #expect(output.rows[0].price == "199,400" && output.rows[2].price == "…")
        #expect(output.rows[0].isSelected && output.selectedIndex == 0)
        #expect(output.status == "1/3 loaded · 1 failing")
        #expect(output.source == "KIS")
    }

    @Test func theDetailOpensOnTheSelectedStockAndTakesOnlyItsOwnBars() {
        var state = state()
        _ = state.apply(.loaded(index: 0, quote: quote(199_400), closes: []), stocks: [Self.samsung])
        var effects = state.handle(.detailOpened)
        #expect(effects == [.loadDetail(Self.samsung)])
        #expect(state.detail?.isLoading == true)
        #expect(state.detail?.summary.hasPrefix("199,400 KRW") == true)
        state.detailLoaded(code: "000660", .success([]))
        #expect(state.detail?.isLoading == true)
        state.detailLoaded(code: "005930", .failure(ExchangeError.unavailable("KIS is down")))
        #expect(state.detail?.isLoading == false && state.detail?.error != nil)
        effects = state.handle(.detailClosed)
        #expect(effects == [.cancelDetail])
        #expect(state.detail == nil)
    }

    @Test func theSearchsInputsAreForwardedAndAChoiceIsAdded() {
        var state = state()
        var effects = state.handle(.addRequested)
        #expect(effects == [.openSearch])
        effects = state.handle(.searchTextChanged("삼성"))
        #expect(effects == [.search(.textChanged("삼성"))])
        effects = state.handle(.searchSelectionMoved(by: 1))
        #expect(effects == [.search(.selectionMoved(by: 1))])
        effects = state.handle(.searchChosen)
        #expect(effects == [.addChosenStock])
        effects = state.handle(.searchCancelled)
        #expect(effects == [.closeSearch])
    }
}
