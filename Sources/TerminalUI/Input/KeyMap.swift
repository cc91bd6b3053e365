public import MarketFeatures

/// What a key means on the board (SPEC §1.10), which depends on what is showing: a y/n question
/// takes only y/n, the search takes text, the help closes on any key.
public enum KeyMap {
    /// What to do about a key.
    public enum Action: Equatable, Sendable {
        case send(BoardInput)
        /// For the open detail.
        case detail(DetailInput)
        case quit
        case ignore
    }

    /// The action for `key` given the current output.
    public static func action(for key: Key, in output: BoardOutput) -> Action {
        if key == .interrupt { return .quit }
        if output.confirmation != nil {
            switch key {
            case .character("y"), .character("Y"): return .send(.confirmationAnswered(true))
            case .character("n"), .character("N"), .escape: return .send(.confirmationAnswered(false))
            default: return .ignore
            }
        }
        if output.isHelpVisible { return .send(.helpToggled) }
        if output.isSearchFocused { return searchAction(key, text: output.searchText) }
        if output.detailMarket != nil {
            switch key {
            case .escape, .enter, .backspace, .left, .character("h"): return .send(.detailClosed)
            case .character("q"): return .quit
            case .character("f"), .character(" "): return .send(.favoriteToggled)
            case .tab, .right, .character("l"): return .detail(.nextPaneChosen)
            case .backTab: return .detail(.previousPaneChosen)
            case .character("c"): return .detail(.paneChosen(.chart))
            case .character("o"): return .detail(.paneChosen(.orderBook))
            case .character("t"): return .detail(.paneChosen(.trades))
            default: return .ignore
            }
        }
        switch key {
        case .up, .character("k"): return .send(.selectionMoved(by: -1))
        case .down, .character("j"): return .send(.selectionMoved(by: 1))
        case .pageUp: return .send(.pageMoved(by: -1))
        case .pageDown: return .send(.pageMoved(by: 1))
        case .home, .character("g"): return .send(.selectionMovedToFirst)
        case .end, .character("G"): return .send(.selectionMovedToLast)
        case .character("/"): return .send(.searchFocused)
        case .escape: return .send(.searchCleared)
        case .character("1"): return .send(.sortKeyChosen(.name))
        case .character("2"): return .send(.sortKeyChosen(.price))
        case .character("3"): return .send(.sortKeyChosen(.change))
        case .character("4"): return .send(.sortKeyChosen(.value))
        case .character("f"), .character(" "): return .send(.favoriteToggled)
        case .character("X"): return .send(.clearFavoritesRequested)
        case .enter: return .send(.detailOpened)
        case .character("]"), .shiftRight: return .send(.nextQuoteGroupChosen)
        case .character("["), .shiftLeft: return .send(.previousQuoteGroupChosen)
        case .tab, .right, .character("l"): return .send(.nextTabChosen)
        case .backTab, .left, .character("h"): return .send(.previousTabChosen)
        case .character("?"): return .send(.helpToggled)
        case .character("q"): return .quit
        default: return .ignore
        }
    }

    private static func searchAction(_ key: Key, text: String) -> Action {
        switch key {
        case .escape: return .send(.searchCleared)
        case .enter, .down, .up: return .send(.searchSubmitted)
        case .backspace:
            guard !text.isEmpty else { return .ignore }
            return .send(.searchTextChanged(String(text.dropLast())))
        case .character(let character):
            return .send(.searchTextChanged(text + String(character)))
        default: return .ignore
        }
    }
}
