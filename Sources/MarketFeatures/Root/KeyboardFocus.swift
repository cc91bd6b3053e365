import MarketDomain

/// What has the keyboard on a viewer's screen, decided once from the root's output: a question
/// waiting for y/n first, then the help, the board's search, the open detail, the Watchlist tab's
/// parts, and the board. ``KeyTable`` reads a key in this focus, for the terminal and the page alike.
public enum KeyboardFocus: String, Sendable, Equatable, Codable, CaseIterable {
    /// The board's table (Market, Favorites, Compare).
    case board
    /// The board's search field, taking text.
    case search
    /// A market's detail, with its panes.
    case detail
    /// The keys' help, closed by any key.
    case help
    /// The board's y/n question.
    case confirmation
    /// The Watchlist tab's table.
    case watchlist
    /// The Watchlist tab's stock search, taking text.
    case stockSearch
    /// A stock's daily bars, opened from the Watchlist tab.
    case stockChart
    /// The Watchlist tab's y/n question.
    case watchlistConfirmation
    /// The Alerts tab's rules and history.
    case alerts
    /// The Alerts tab's form, taking a rule's text.
    case alertForm

    /// The focus of a screen showing `board` and, when the board is on their tab, `watchlist` or `alerts`.
    public init(board: BoardOutput, watchlist: WatchlistOutput?, alerts: AlertsOutput? = nil) {
        if board.confirmation != nil {
            self = .confirmation
        } else if board.isHelpVisible {
            self = .help
        } else if board.isSearchFocused {
            self = .search
        } else if board.detailMarket != nil {
            self = .detail
        } else if board.tab == .watchlist, let watchlist {
            if watchlist.detail != nil {
                self = .stockChart
            } else if watchlist.search != nil {
                self = .stockSearch
            } else if watchlist.confirmation != nil {
                self = .watchlistConfirmation
            } else {
                self = .watchlist
            }
        } else if board.tab == .alerts, let alerts {
            self = alerts.form == nil ? .alerts : .alertForm
        } else {
            self = .board
        }
    }
}
