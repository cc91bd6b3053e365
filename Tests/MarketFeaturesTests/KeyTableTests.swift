import Clocks
import Foundation
import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The one key table: what a key means in each focus, the focus the root's output says, and the
/// keys' names as a browser tab sends them.
@Suite struct KeyTableTests {
    private typealias Root = RootViewModel

    /// What `key` does on a screen of `board` (and `watchlist` or `alerts` when the board is on their tab).
    private func action(
        _ key: Key, _ board: BoardOutput, watchlist: Root.Watchlist.Output? = nil, alerts: AlertsOutput? = nil
    ) -> KeyTable.Action<Root.Input> {
        var output = Root.Output()
        output.board = board
        output.watchlist = watchlist
        output.alerts = alerts
        output.focus = KeyboardFocus(board: board, watchlist: watchlist, alerts: alerts)
        return KeyTable.action(for: key, in: output)
    }

    @Test func onTheBoardKeysMoveSortStarSwitchAndQuit() {
        let board = BoardOutput()
        #expect(action(.character("4"), board) == .send(.board(.sortKeyChosen(.value))))
        #expect(action(.character("j"), board) == .send(.board(.selectionMoved(by: 1))))
        #expect(action(.backTab, board) == .send(.board(.previousTabChosen)))
        #expect(action(.character("/"), board) == .send(.board(.searchFocused)))
        #expect(action(.character("w"), board) == .send(.board(.warnedMarketsToggled)))
        #expect(action(.character("6"), board) == .send(.board(.sortKeyChosen(.move5m))))
        #expect(action(.character("q"), board) == .quit)
        #expect(action(.interrupt, board) == .quit)
        #expect(action(.character("]"), board) == .send(.board(.nextQuoteGroupChosen)))
        #expect(action(.character("["), board) == .send(.board(.previousQuoteGroupChosen)))
        #expect(action(.shiftRight, board) == .send(.board(.nextQuoteGroupChosen)))
        #expect(action(.delete, board) == .ignore)
    }

    @Test func theSearchTakesTextAndAQuestionTakesOnlyYesOrNo() {
        var board = BoardOutput()
        board.isSearchFocused = true
        board.searchText = "ㅂ"
        #expect(action(.character("q"), board) == .send(.board(.searchTextChanged("ㅂq"))))
        #expect(action(.backspace, board) == .send(.board(.searchTextChanged(""))))
        #expect(action(.enter, board) == .send(.board(.searchSubmitted)))
        board.isSearchFocused = false
        board.confirmation = "Clear?"
        #expect(action(.character("4"), board) == .ignore)
        #expect(action(.character("y"), board) == .send(.board(.confirmationAnswered(true))))
        #expect(action(.escape, board) == .send(.board(.confirmationAnswered(false))))
        board.confirmation = nil
        board.isHelpVisible = true
        #expect(action(.character("4"), board) == .send(.board(.helpToggled)))
    }

    @Test func inTheDetailTabAndLettersChooseThePane() {
        var board = BoardOutput()
        board.detailMarket = MarketFixtures.bitcoin.id
        #expect(action(.tab, board) == .send(.detail(.nextPaneChosen)))
        #expect(action(.backTab, board) == .send(.detail(.previousPaneChosen)))
        #expect(action(.character("o"), board) == .send(.detail(.paneChosen(.orderBook))))
        #expect(action(.character("t"), board) == .send(.detail(.paneChosen(.trades))))
        #expect(action(.character("c"), board) == .send(.detail(.paneChosen(.chart))))
        #expect(action(.character("f"), board) == .send(.board(.favoriteToggled)))
        #expect(action(.escape, board) == .send(.board(.detailClosed)))
        #expect(action(.character("?"), board) == .send(.board(.helpToggled)))
    }

    @Test func inTheDetailDigitsChooseTheChartsIntervalAndLettersItsStudiesZoomAndPan() {
        var board = BoardOutput()
        board.detailMarket = MarketFixtures.bitcoin.id
        #expect(action(.character("s"), board) == .send(.detail(.chartIntervalChosen(.second))))
        #expect(action(.character("1"), board) == .send(.detail(.chartIntervalChosen(.minute))))
        #expect(action(.character("3"), board) == .send(.detail(.chartIntervalChosen(.fiveMinutes))))
        #expect(action(.character("8"), board) == .send(.detail(.chartIntervalChosen(.day))))
        #expect(action(.character("0"), board) == .send(.detail(.chartIntervalChosen(.month))))
        #expect(action(.character("m"), board) == .send(.detail(.averagesToggled)))
        #expect(action(.character("b"), board) == .send(.detail(.bandsToggled)))
        #expect(action(.character("r"), board) == .send(.detail(.oscillatorCycled)))
        #expect(action(.character("z"), board) == .send(.detail(.chartZoomed(by: 1))))
        #expect(action(.character("x"), board) == .send(.detail(.chartZoomed(by: -1))))
        #expect(action(.character("<"), board) == .send(.detail(.chartPanned(by: 10))))
        #expect(action(.character("."), board) == .send(.detail(.chartPanned(by: -10))))
        #expect(action(.end, board) == .send(.detail(.chartPannedToNewest)))
        // On the board the same digits still sort.
        #expect(action(.character("3"), BoardOutput()) == .send(.board(.sortKeyChosen(.change))))
    }

    @Test func theWatchlistTakesItsKeysAndLeavesTheRestToTheBoard() {
        var board = BoardOutput()
        board.tab = .watchlist
        var tab = Root.Watchlist.Output()
        #expect(KeyboardFocus(board: board, watchlist: tab) == .watchlist)
        #expect(action(.character("a"), board, watchlist: tab) == .send(.watchlist(.addRequested)))
        #expect(action(.character("J"), board, watchlist: tab) == .send(.watchlist(.selectedMoved(by: 1))))
        #expect(action(.tab, board, watchlist: tab) == .send(.board(.nextTabChosen)))
        #expect(action(.character("?"), board, watchlist: tab) == .send(.board(.helpToggled)))
        tab.confirmation = "Remove 삼성전자?"
        #expect(KeyboardFocus(board: board, watchlist: tab) == .watchlistConfirmation)
        #expect(action(.character("y"), board, watchlist: tab) == .send(.watchlist(.confirmationAnswered(true))))
        #expect(action(.character("a"), board, watchlist: tab) == .ignore)
        // The board's own question comes first, and the help before the tab.
        board.confirmation = "Clear?"
        #expect(action(.character("y"), board, watchlist: tab) == .send(.board(.confirmationAnswered(true))))
        board.confirmation = nil
        board.isHelpVisible = true
        #expect(KeyboardFocus(board: board, watchlist: tab) == .help)
    }

    @Test func theAlertsTabSelectsOpensItsFormAndRemovesAndItsFormTakesText() {
        var board = BoardOutput()
        board.tab = .alerts
        var tab = AlertsOutput()
        #expect(KeyboardFocus(board: board, watchlist: nil, alerts: tab) == .alerts)
        #expect(action(.character("j"), board, alerts: tab) == .send(.alerts(.selectionMoved(by: 1))))
        #expect(action(.up, board, alerts: tab) == .send(.alerts(.selectionMoved(by: -1))))
        #expect(action(.character("a"), board, alerts: tab) == .send(.alerts(.formOpened)))
        #expect(action(.delete, board, alerts: tab) == .send(.alerts(.removeRequested)))
        #expect(action(.character("d"), board, alerts: tab) == .send(.alerts(.removeRequested)))
        #expect(action(.tab, board, alerts: tab) == .send(.board(.nextTabChosen)))
        #expect(action(.character("q"), board, alerts: tab) == .quit)
        tab.form = AlertsOutput.Form(text: "XRP +3")
        #expect(KeyboardFocus(board: board, watchlist: nil, alerts: tab) == .alertForm)
        #expect(action(.character("%"), board, alerts: tab) == .send(.alerts(.formTextChanged(text: "XRP +3%"))))
        #expect(action(.character("q"), board, alerts: tab) == .send(.alerts(.formTextChanged(text: "XRP +3q"))))
        #expect(action(.backspace, board, alerts: tab) == .send(.alerts(.formTextChanged(text: "XRP +"))))
        #expect(action(.enter, board, alerts: tab) == .send(.alerts(.formSubmitted)))
        #expect(action(.escape, board, alerts: tab) == .send(.alerts(.formCancelled)))
        #expect(action(.tab, board, alerts: tab) == .ignore)
        // Without the tab's output (no rules store) the board keeps the keys.
        #expect(KeyboardFocus(board: board, watchlist: nil, alerts: nil) == .board)
    }

    @Test func everyKeyHasANameABrowserSendsAndAnUnknownNameIsRefused() throws {
        let keys: [Key] = [
            .character("j"), .character("ㅂ"), .character(" "), .up, .down, .left, .right, .shiftLeft, .shiftRight,
            .pageUp, .pageDown, .home, .end, .enter, .escape, .tab, .backTab, .backspace, .delete, .interrupt,
        ]
        for key in keys {
            let json = try JSONEncoder().encode(key)
            #expect(try JSONDecoder().decode(Key.self, from: json) == key)
        }
        #expect(Key(name: "Shift+Tab") == .backTab)
        #expect(Key(name: "ArrowDown") == .down)
        #expect(Key(name: "F5") == nil)
        #expect(Key(name: "") == nil)
        let input = try JSONDecoder().decode(Root.Input.self, from: Data(#"{"key":"ArrowDown"}"#.utf8))
        #expect(input == .key(.down))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Root.Input.self, from: Data(#"{"key":"Shift"}"#.utf8))
        }
    }
}
