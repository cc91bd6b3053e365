import Exchanges
import Foundation
import Logging
import MarketDomain
import MarketFeatures
import MarketStore

/// What a process showing live boards runs beside them (the terminal app, `sise serve`): the one
/// alert monitor of the store's rules on the shared boards (the rules' other exchanges loaded on
/// demand; each firing POSTed to `webhook` when one is given), the watch of the main board's
/// market list (warnings, new listings), the bank rate's (the Compare tab's premium against
/// USD/KRW), and the premium history's recorder (while every exchange's board runs) with the
/// back-fill of a new database. ``stop()`` ends them.
struct BoardWatchers {
    /// The process's alert monitor, for every viewer's Alerts tab.
    let monitor: AlertMonitor
    /// The bank rate, read every minute, for every viewer's Compare tab.
    let forex: ForexWatch
    /// The premium history, for every viewer's detail.
    let premium: PremiumHistorySource
    /// The coins' deposit and withdrawal status, read every minute.
    let wallets: WalletWatch
    /// The main board's move windows, filled from one-minute candles once the movers show.
    let moves: CandleMovesFill
    private let onDemand: BoardsOnDemand
    private let tasks: [Task<Void, Never>]

    /// Starts both watchers over `board` (the main one, one of `boards`) and `boards`.
    /// With `ready`, the readings that would only compete with the first board for a core (the
    /// rules', the bank rate's and the wallets' first) start once that task has ended: the
    /// terminal app ends it when its first board is on the screen.
    static func start(
        board: LiveBoard, boards: ExchangeBoards, store: MarketStore, forex client: ForexClient,
        webhook: WebhookAddress? = nil,
        logger: Logger, after ready: Task<Void, Never>? = nil
    ) async -> BoardWatchers {
        let onDemand = BoardsOnDemand(boards: boards, listings: store.listings, now: MarketStore.wallClock) {
            exchange, error in
            logger.error("\(exchange.displayName) could not be loaded (alerts, premium history): \(error)")
        }
        await onDemand.keepListCurrent(board.exchange)
        let monitor = WatchAlerts.monitor(store: store, boards: onDemand)
        let forex = ForexWatch(fetch: client.fetchUSDKRW)
        let reading = Task {
            guard await isReady(ready) else { return }
            await forex.run(clock: ContinuousClock())
        }
        let (premium, recording) = PremiumRecording.start(
            board: board, boards: boards, forex: forex, forexClient: client, store: store, logger: logger)
        let wallets = WalletWatch(boards: boards)
        let walletReading = Task {
            guard await isReady(ready) else { return }
            await wallets.run(clock: ContinuousClock())
        }
        return BoardWatchers(
            monitor: monitor, forex: forex, premium: premium, wallets: wallets,
            moves: CandleMovesFill(board: board, now: MarketStore.wallClock), onDemand: onDemand,
            tasks: [
                WatchAlerts.run(monitor, webhook: webhook, store: store, after: ready), reading, recording,
                walletReading,
            ])
    }

    /// Waits for `ready` to end; false when the waiting task was cancelled meanwhile.
    static func isReady(_ ready: Task<Void, Never>?) async -> Bool {
        await ready?.value
        return !Task.isCancelled
    }

    /// Stops the monitor and the listing watches.
    func stop() {
        for task in tasks { task.cancel() }
        moves.stop()
        Task { [onDemand] in await onDemand.stop() }
    }
}
