import Exchanges
import MarketDomain
import MarketFeatures
import MarketStore

/// The root's parts of a process that shows live boards, assembled once for the terminal app
/// and `sise serve` (issue 66): the main board and every exchange's, the store, the process's
/// watchers (alerts, the rate, the premium, the wallets, the movers' fill), the detail's candles
/// and books, and the Watchlist tab's source. What differs between the two is passed in: the
/// depth feed (one a market for many tabs, or the client's own) and the frame beat.
enum RootAssembly {
    /// The parts over `board` (one of `boards`, read through `client`), stored in `opened`.
    static func parts(
        board: LiveBoard, boards: ExchangeBoards, client: MarketDataClient, opened: MarketStore,
        watchers: BoardWatchers, watchlist: WatchlistSource?, isSimulated: Bool, keepsCandles: Bool,
        language: NameLanguage, depth: @escaping DetailViewModel.DepthSource, beat: FrameBeat? = nil
    ) -> RootParts {
        let store = opened.preferences
        return RootParts(
            board: board, boards: boards, store: store, isSimulated: isSimulated, language: language,
            candles: DailyCandleLoader(exchange: board.exchange, fetch: client.fetchDailyCandles, store: store),
            depth: depth, makeWatchlist: watchlist.map { source in { @MainActor in source.makeViewModel() } },
            alerts: AlertParts(store: opened.alerts, monitor: watchers.monitor), forex: watchers.forex,
            premium: watchers.premium, wallets: watchers.wallets,
            // A simulated market's candles are not kept: the past it makes up before it started
            // differs from one start to the next, and another seed is another world.
            intervalCandles: CandleCache(
                store: keepsCandles ? opened.candleStore : .inMemory(), client: client, now: MarketStore.wallClock
            ).source, groupedBook: client.fetchGroupedOrderBook, moves: watchers.moves, beat: beat)
    }
}
