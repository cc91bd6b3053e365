public import MarketDomain

/// What the Watchlist tab's state asks its view model to do after an input: the work that waits,
/// reads or writes (loading rows, the store, the search, the detail's bars, a toast's timer).
/// ``WatchlistState`` only decides; ``WatchlistViewModel`` runs these in order.
enum WatchlistEffect: Sendable, Equatable {
    /// Read the watchlist from the store again (rows already held keep their data).
    case reloadFromStore
    /// Load the rows of these stocks, as a batch of its own.
    case load([Stock])
    /// Load every row the tab holds when the effect runs.
    case loadAll
    /// Cancel every batch still loading.
    case stopLoading
    /// While the tab shows: the calm refresh, the store's change signals, the English names' fill.
    case startFollowing
    /// Stop those, and the search's pending request.
    case stopFollowing
    /// Save an edit to the store (a failure is told in a toast).
    case save(WatchlistEdit)
    /// Add the stock the search has chosen (saved, then ``WatchlistState/added(_:change:)``).
    case addChosenStock
    case openSearch
    case closeSearch
    /// An input for the open search.
    case search(StockSearchViewModel.Input)
    /// Fetch the daily bars of the stock whose detail opened.
    case loadDetail(Stock)
    case cancelDetail
    /// Show a toast for two seconds.
    case showToast(String)
}

/// An edit of the stored watchlist.
enum WatchlistEdit: Sendable, Equatable {
    case move(code: String, by: Int)
    case remove(code: String)
}
