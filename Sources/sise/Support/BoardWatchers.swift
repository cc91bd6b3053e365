import Foundation
import Logging
import MarketDomain
import MarketFeatures
import MarketStore

/// What a process showing live boards runs beside them (the terminal app, `sise serve`): the one
/// alert monitor of the store's rules on the shared boards (the rules' other exchanges loaded on
/// demand; each firing POSTed to `webhook` when one is given), and the watch of the main board's
/// market list (warnings, new listings). ``stop()`` ends both.
struct BoardWatchers {
    /// The process's alert monitor, for every viewer's Alerts tab.
    let monitor: AlertMonitor
    private let tasks: [Task<Void, Never>]

    /// Starts both watchers over `board` (the main one) and `boards`.
    static func start(
        board: LiveBoard, boards: ExchangeBoards, client: MarketDataClient, store: MarketStore, webhook: String? = nil,
        logger: Logger
    ) -> BoardWatchers {
        let onDemand = BoardsOnDemand(boards: boards) { exchange, error in
            logger.error("alerts: \(exchange.displayName) could not be loaded: \(error)")
        }
        let monitor = AlertMonitor(
            store: store.alerts, boards: { await onDemand.board($0) }, clock: ContinuousClock(),
            utcOffsetSeconds: TimeZone.current.secondsFromGMT())
        let listings = store.listings
        let listing = Task {
            await ListingWatch.run(
                board: board, client: client, store: listings, clock: ContinuousClock(), now: MarketStore.wallClock)
        }
        return BoardWatchers(monitor: monitor, tasks: [WatchAlerts.run(monitor, webhook: webhook), listing])
    }

    /// Stops the monitor and the listing watch.
    func stop() {
        for task in tasks { task.cancel() }
    }
}
