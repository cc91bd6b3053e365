import MarketDomain
import MarketFeatures

/// How a Watchlist tab's view model is made for a session's stock source: over the requests the
/// caller shares (``SharedStockRequests``), the store's watchlists and the English names kept.
struct WatchlistSource: Sendable {
    let context: StockSession.Context
    let client: StockDataClient
    let store: WatchlistStore
    let names: StockNameStore
    /// The directory with the stored English names, made once for every tab.
    private let directory: StockDirectory

    init(context: StockSession.Context, client: StockDataClient, store: WatchlistStore, names: StockNameStore) {
        self.context = context
        self.client = client
        self.store = store
        self.names = names
        directory = context.directory.addingEnglishNames((try? names.load()) ?? [:])
    }

    /// A new tab's view model.
    @MainActor func makeViewModel() -> WatchlistViewModel {
        WatchlistViewModel(
            source: context.client.source, client: client, directory: directory, store: store,
            clock: ViewClock(ContinuousClock()), requestsPerSecond: context.requestsPerSecond, note: context.note,
            names: names)
    }
}
