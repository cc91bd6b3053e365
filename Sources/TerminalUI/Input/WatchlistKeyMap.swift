public import MarketFeatures

/// What a key means on the Watchlist tab (SPEC §1.7): the open chart closes, the open search takes
/// text, a y/n question takes y/n; keys the tab does not use (tab switching, help) are the board's.
public enum WatchlistKeyMap {
    /// What to do about a key.
    public enum Action<Input: Equatable & Sendable>: Equatable, Sendable {
        case send(Input)
        /// The board's key map decides.
        case board
        case quit
        case ignore
    }

    /// The action for `key` given the tab's current output.
    public static func action<C>(
        for key: Key, in output: WatchlistViewModel<C>.Output
    ) -> Action<WatchlistViewModel<C>.Input> {
        if key == .interrupt { return .quit }
        if output.detail != nil {
            switch key {
            case .escape, .enter, .backspace, .left, .character("h"): return .send(.detailClosed)
            case .character("q"): return .quit
            default: return .ignore
            }
        }
        if let search = output.search {
            switch key {
            case .escape: return .send(.searchCancelled)
            case .enter: return .send(.searchChosen)
            case .up: return .send(.searchSelectionMoved(by: -1))
            case .down, .tab: return .send(.searchSelectionMoved(by: 1))
            case .backspace: return .send(.searchTextChanged(String(search.text.dropLast())))
            case .character(let character): return .send(.searchTextChanged(search.text + String(character)))
            default: return .ignore
            }
        }
        if output.confirmation != nil {
            switch key {
            case .character("y"), .character("Y"): return .send(.confirmationAnswered(true))
            case .character("n"), .character("N"), .escape: return .send(.confirmationAnswered(false))
            default: return .ignore
            }
        }
        switch key {
        case .up, .character("k"): return .send(.selectionMoved(by: -1))
        case .down, .character("j"): return .send(.selectionMoved(by: 1))
        case .character("K"): return .send(.selectedMoved(by: -1))
        case .character("J"): return .send(.selectedMoved(by: 1))
        case .character("a"), .character("/"): return .send(.addRequested)
        case .character("d"), .character("x"): return .send(.removeRequested)
        case .character("r"): return .send(.refreshRequested)
        case .enter: return .send(.detailOpened)
        case .character("q"): return .quit
        default: return .board
        }
    }
}
