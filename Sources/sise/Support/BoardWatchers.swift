import Exchanges
import Foundation
import Logging
import MarketDomain
import MarketFeatures
import MarketStore

/// What a process showing live boards runs beside them (the terminal app, `sise serve`): the one
/// alert monitor of the store's rules on the shared boards (the rules' other exchanges loaded on
/// demand; each firing POSTed to `webhook` when one is given), the watch of the main board's
/// market list (warnings, new listings), and the bank rate's (the Compare tab's premium against
/// USD/KRW). ``stop()`` ends them.
struct BoardWatchers {
    /// The process's alert monitor, for every viewer's Alerts tab.
    let monitor: AlertMonitor
    /// The bank rate, read every minute, for every viewer's Compare tab.
    let forex: ForexWatch
    private let onDemand: BoardsOnDemand
    private let tasks: [Task<Void, Never>]

    /// Starts both watchers over `board` (the main one, one of `boards`) and `boards`.
    static func start(
        board: LiveBoard, boards: ExchangeBoards, store: MarketStore, forex client: ForexClient, webhook: String? = nil,
        logger: Logger
    ) async -> BoardWatchers {
        let onDemand = BoardsOnDemand(boards: boards, listings: store.listings, now: MarketStore.wallClock) {
            exchange, error in
            logger.error("alerts: \(exchange.displayName) could not be loaded: \(error)")
        }
        await onDemand.keepListCurrent(board.exchange)
        let monitor = WatchAlerts.monitor(store: store, boards: onDemand)
        let forex = ForexWatch(fetch: client.fetchUSDKRW)
        let reading = Task { await forex.run(clock: ContinuousClock()) }
        return BoardWatchers(
            monitor: monitor, forex: forex, onDemand: onDemand,
            tasks: [WatchAlerts.run(monitor, webhook: webhook), reading])
    }

    /// Stops the monitor and the listing watches.
    func stop() {
        for task in tasks { task.cancel() }
        Task { [onDemand] in await onDemand.stop() }
    }
}
