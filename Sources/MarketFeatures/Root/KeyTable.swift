import MarketDomain

/// The one table of keys (SPEC §1.10): what a key means in each ``KeyboardFocus``, for the
/// terminal app and every browser tab. The terminal reads keys from its bytes, the page sends its
/// keydowns as `{"key":"ArrowDown"}`; both end here, so a key changed in this table changes both
/// faces. Clicks and taps stay the inputs they mean.
public enum KeyTable {
    /// What a key does.
    public enum Action<Input: Sendable & Equatable>: Sendable, Equatable {
        /// An input for the root view model.
        case send(Input)
        /// Leave the app (the terminal's `q` and Ctrl-C; a page has nothing to leave).
        case quit
        case ignore
    }

    /// What `key` does on a screen showing `output`.
    public static func action(for key: Key, in output: RootViewModel.Output) -> Action<RootViewModel.Input> {
        if key == .interrupt { return .quit }
        let text = output.board.searchText
        switch output.focus {
        case .confirmation: return answer(key).map { .send(.board(.confirmationAnswered($0))) } ?? .ignore
        case .help: return .send(.board(.helpToggled))
        case .search: return searchInput(key, text: text).map { .send(.board($0)) } ?? .ignore
        case .detail: return detailAction(key)
        case .stockChart:
            switch key {
            case .escape, .enter, .backspace, .left, .character("h"): return .send(.watchlist(.detailClosed))
            case .character("q"): return .quit
            case .character("?"): return .send(.board(.helpToggled))
            default: return .ignore
            }
        case .stockSearch:
            let typed = output.watchlist?.search?.text ?? ""
            return stockSearchInput(key, text: typed).map { .send(.watchlist($0)) } ?? .ignore
        case .watchlistConfirmation:
            return answer(key).map { .send(.watchlist(.confirmationAnswered($0))) } ?? .ignore
        case .watchlist:
            // Keys the tab does not use (tabs, help, quit) are the board's.
            if let input = watchlistInput(key) { return .send(.watchlist(input)) }
            return boardAction(key)
        case .alertForm:
            let typed = output.alerts?.form?.text ?? ""
            return alertFormInput(key, text: typed).map { .send(.alerts($0)) } ?? .ignore
        case .alerts:
            if let input = alertsInput(key) { return .send(.alerts(input)) }
            return boardAction(key)
        case .board:
            return boardAction(key)
        }
    }

    private static func alertsInput(_ key: Key) -> AlertsInput? {
        switch key {
        case .up, .character("k"): .selectionMoved(by: -1)
        case .down, .character("j"): .selectionMoved(by: 1)
        case .character("a"), .character("/"): .formOpened
        case .character("d"), .character("x"), .delete: .removeRequested
        default: nil
        }
    }

    private static func alertFormInput(_ key: Key, text: String) -> AlertsInput? {
        switch key {
        case .escape: .formCancelled
        case .enter: .formSubmitted
        case .backspace: .formTextChanged(text: String(text.dropLast()))
        case .character(let character): .formTextChanged(text: text + String(character))
        default: nil
        }
    }

    /// y or n to a question (Escape is no).
    private static func answer(_ key: Key) -> Bool? {
        switch key {
        case .character("y"), .character("Y"): true
        case .character("n"), .character("N"), .escape: false
        default: nil
        }
    }

    private static func searchInput(_ key: Key, text: String) -> BoardInput? {
        switch key {
        case .escape: .searchCleared
        case .enter, .down, .up: .searchSubmitted
        case .backspace: text.isEmpty ? nil : .searchTextChanged(String(text.dropLast()))
        case .character(let character): .searchTextChanged(text + String(character))
        default: nil
        }
    }

    private static func detailAction(_ key: Key) -> Action<RootViewModel.Input> {
        switch key {
        case .escape, .enter, .backspace, .left, .character("h"): .send(.board(.detailClosed))
        case .character("q"): .quit
        case .character("?"): .send(.board(.helpToggled))
        case .character("f"), .character(" "): .send(.board(.favoriteToggled))
        case .tab, .right, .character("l"): .send(.detail(.nextPaneChosen))
        case .backTab: .send(.detail(.previousPaneChosen))
        case .character("c"): .send(.detail(.paneChosen(.chart)))
        case .character("o"): .send(.detail(.paneChosen(.orderBook)))
        case .character("t"): .send(.detail(.paneChosen(.trades)))
        case .character("k"): .send(.detail(.chartToggled))
        case .character("i"): .send(.detail(.nextPremiumIntervalChosen))
        case .character("p"): .send(.detail(.premiumBasisToggled))
        case .character("+"), .character("="): .send(.detail(.fillAmountStepped(by: 1)))
        case .character("-"): .send(.detail(.fillAmountStepped(by: -1)))
        case .character("m"): .send(.detail(.averagesToggled))
        case .character("b"): .send(.detail(.bandsToggled))
        case .character("r"): .send(.detail(.oscillatorCycled))
        case .character("z"): .send(.detail(.chartZoomed(by: 1)))
        case .character("x"): .send(.detail(.chartZoomed(by: -1)))
        case .character("<"), .character(","): .send(.detail(.chartPanned(by: 10)))
        case .character(">"), .character("."): .send(.detail(.chartPanned(by: -10)))
        case .end: .send(.detail(.chartPannedToNewest))
        case .character("g"): .send(.detail(.bookGroupingStepped(by: 1)))
        case .character("G"): .send(.detail(.bookGroupingStepped(by: -1)))
        case .character(let character):
            CandleInterval.allCases.first { $0.chartKey == character }.map { .send(.detail(.chartIntervalChosen($0))) }
                ?? .ignore
        default: .ignore
        }
    }

    private static func boardAction(_ key: Key) -> Action<RootViewModel.Input> {
        switch key {
        case .character("q"): return .quit
        default: return boardInput(key).map { .send(.board($0)) } ?? .ignore
        }
    }

    private static func boardInput(_ key: Key) -> BoardInput? {
        switch key {
        case .up, .character("k"): .selectionMoved(by: -1)
        case .down, .character("j"): .selectionMoved(by: 1)
        case .pageUp: .pageMoved(by: -1)
        case .pageDown: .pageMoved(by: 1)
        case .home, .character("g"): .selectionMovedToFirst
        case .end, .character("G"): .selectionMovedToLast
        case .character("/"): .searchFocused
        case .escape: .searchCleared
        case .character("1"): .sortKeyChosen(.name)
        case .character("2"): .sortKeyChosen(.price)
        case .character("3"): .sortKeyChosen(.change)
        case .character("4"): .sortKeyChosen(.value)
        case .character("5"): .sortKeyChosen(.move1m)
        case .character("6"): .sortKeyChosen(.move5m)
        case .character("7"): .sortKeyChosen(.move15m)
        case .character("f"), .character(" "): .favoriteToggled
        case .character("X"): .clearFavoritesRequested
        case .enter: .detailOpened
        case .character("]"), .shiftRight: .nextQuoteGroupChosen
        case .character("["), .shiftLeft: .previousQuoteGroupChosen
        case .tab, .right, .character("l"): .nextTabChosen
        case .backTab, .left, .character("h"): .previousTabChosen
        case .character("?"): .helpToggled
        case .character("w"): .warnedMarketsToggled
        case .character("m"): .moversToggled
        case .character("p"): .premiumBasisToggled
        default: nil
        }
    }

    private static func watchlistInput(_ key: Key) -> WatchlistInput? {
        switch key {
        case .up, .character("k"): .selectionMoved(by: -1)
        case .down, .character("j"): .selectionMoved(by: 1)
        case .character("K"): .selectedMoved(by: -1)
        case .character("J"): .selectedMoved(by: 1)
        case .character("a"), .character("/"): .addRequested
        case .character("d"), .character("x"): .removeRequested
        case .character("r"): .refreshRequested
        case .enter: .detailOpened
        default: nil
        }
    }

    private static func stockSearchInput(_ key: Key, text: String) -> WatchlistInput? {
        switch key {
        case .escape: .searchCancelled
        case .enter: .searchChosen
        case .up: .searchSelectionMoved(by: -1)
        case .down, .tab: .searchSelectionMoved(by: 1)
        case .backspace: .searchTextChanged(String(text.dropLast()))
        case .character(let character): .searchTextChanged(text + String(character))
        default: nil
        }
    }
}
