public import MarketDomain
import SiseSupport

/// What the alert monitor tells its listeners.
public enum AlertEvent: Sendable, Equatable {
    /// A rule fired; `heldBack` when quiet hours hold its notification back (the history has it).
    case fired(AlertFiring, heldBack: Bool)
    /// Quiet hours ended: the firings they held back, oldest first, for one summary.
    case quietHoursEnded(heldBack: [AlertFiring])
}

/// One alert evaluator for the whole process (issue 28): it follows the live boards of every
/// exchange its rules name (and Binance's for a premium), the trades of each market a
/// large-trade rule names, and the market list of each exchange a warning or listing rule
/// names; it evaluates each tick, trade and list change once for every viewer, records each
/// firing in the store (once, however many copies of Sise evaluate the same rule), and tells
/// every listener. The rules are read again whenever the store says they may have changed.
public actor AlertMonitor {
    private var evaluator = AlertEvaluator()
    /// The rules that fire once, to be removed from the store when they do.
    private var onceRules: Set<Int64> = []
    private let store: AlertStore
    private let boards: @Sendable (Exchange) async -> LiveBoard?
    private let clock: any Clock<Duration>
    private let utcOffsetSeconds: Int
    private let executor: (any TaskExecutor)?
    private let listeners = Broadcast<AlertEvent>()
    private var following: [Exchange: Task<Void, Never>] = [:]
    /// The boards followed, by exchange.
    private var followedBoards: [Exchange: LiveBoard] = [:]
    /// The trade feeds followed for large-trade rules, by exchange and market.
    private var followingTrades: [Exchange: [MarketID: Task<Void, Never>]] = [:]
    /// The prices the premium rules' premiums are made of.
    private var premiums = PremiumInputs()
    /// Each exchange's market list as last seen, for the warning and listing rules.
    private var listings: [Exchange: ListedMarkets] = [:]
    private let keepListCurrent: @Sendable (Exchange) async -> Void
    private let now: (@Sendable () -> Int64)?
    private var quietHours: QuietHours?
    private var heldBack: [AlertFiring] = []
    private var wasQuiet = false
    private var latestTime: Int64 = 0

    /// A monitor of the rules in `store` over the boards `boards` gives (nil for an exchange
    /// this process cannot follow); quiet hours are read on a clock `utcOffsetSeconds` ahead of
    /// UTC. `keepListCurrent` is asked to keep an exchange's market list current on its board
    /// (a ``ListingWatch``) when a warning or listing rule names it; those firings are timed by
    /// `now` (Unix ms; the latest tick's time when nil). Its tasks run on `executor` when one is
    /// given (a test's driver).
    public init(
        store: AlertStore, boards: @escaping @Sendable (Exchange) async -> LiveBoard?, clock: any Clock<Duration>,
        utcOffsetSeconds: Int, keepListCurrent: @escaping @Sendable (Exchange) async -> Void = { _ in },
        now: (@Sendable () -> Int64)? = nil, executor: (any TaskExecutor)? = nil
    ) {
        self.keepListCurrent = keepListCurrent
        self.now = now
        self.executor = executor
        self.store = store
        self.boards = boards
        self.clock = clock
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Every event from now on, in order.
    public nonisolated func events() -> AsyncStream<AlertEvent> {
        listeners.subscribe(bufferingPolicy: .unbounded)
    }

    /// The exchanges whose boards are followed for the rules.
    public var followedExchanges: Set<Exchange> { Set(following.keys) }

    /// Reads the rules at each change of the store and checks every half minute whether quiet
    /// hours ended, until cancelled.
    public func run() async {
        let changes = store.changes()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in changes { await self.reloadRules() }
            }
            group.addTask {
                while (try? await self.clock.sleep(for: .seconds(30))) != nil {
                    await self.checkQuietHours(now: nil)
                }
            }
            await group.waitForAll()
        }
        for task in following.values { task.cancel() }
        for task in followingTrades.values.flatMap(\.values) { task.cancel() }
        following = [:]
        followingTrades = [:]
        listeners.finish()
    }

    /// Reads the rules and quiet hours again and follows every exchange the rules name.
    public func reloadRules() async {
        do {
            let rules = try store.rules()
            evaluator.update(to: rules)
            onceRules = Set(rules.filter(\.once).map(\.id))
            quietHours = try store.quietHours()
        } catch {
            return  // the next change signal tries again; the rules held are kept meanwhile
        }
        for exchange in Exchange.korean { premiums.watch(evaluator.premiumMarkets(on: exchange), on: exchange) }
        for exchange in Exchange.allCases where following[exchange] == nil && needsBoard(of: exchange) {
            guard let board = await boards(exchange) else { continue }
            // Rules may have changed while the board loaded.
            guard following[exchange] == nil else { continue }
            let updates = await board.updates()
            followedBoards[exchange] = board
            following[exchange] = Task(executorPreference: executor) { [weak self] in
                for await update in updates {
                    switch update {
                    case .quotes(let quotes): await self?.take(quotes, on: exchange)
                    case .snapshotApplied: await self?.takeMarketList(of: board)
                    case .connection: continue
                    }
                }
            }
        }
        for (exchange, board) in followedBoards {
            await seedPremiums(from: board)
            followTrades(on: exchange, board: board)
            if evaluator.watchesListing(on: exchange) {
                await keepListCurrent(exchange)
                await takeMarketList(of: board)
            }
        }
    }

    /// Whether a rule needs `exchange`'s board: it names the exchange, or it is a premium rule
    /// (Binance's prices).
    private func needsBoard(of exchange: Exchange) -> Bool {
        evaluator.watches(exchange) || (exchange == .binance && !premiums.isEmpty)
    }

    /// Feeds the premium inputs the prices the board has now, so a new premium rule is placed
    /// at once rather than at the next tick of each of its three prices.
    private func seedPremiums(from board: LiveBoard) async {
        guard !premiums.isEmpty else { return }
        let tickers = await board.board
        var quotes: [Quote] = []
        for quote in tickers.quotes(matching: SearchMatcher("")) where premiums.needs(quote.id, on: board.exchange) {
            quotes.append(quote)
        }
        takePremiums(quotes, on: board.exchange)
    }

    /// Follows the trades of each market a large-trade rule names on `exchange`, and stops
    /// following the others.
    private func followTrades(on exchange: Exchange, board: LiveBoard) {
        let wanted = evaluator.tradeMarkets(on: exchange)
        for (market, task) in followingTrades[exchange] ?? [:] where !wanted.contains(market) {
            task.cancel()
            followingTrades[exchange]?[market] = nil
        }
        for market in wanted where followingTrades[exchange]?[market] == nil {
            let events = board.depth(of: market)
            followingTrades[exchange, default: [:]][market] = Task(executorPreference: executor) { [weak self] in
                // The snapshot's trades are the past: only trades after the newest seen fire.
                var newest = (timestamp: Int64.min, id: Int64.min)
                for await event in events {
                    switch event {
                    case .snapshot(_, let trades):
                        for trade in trades where (trade.timestamp, trade.id) > newest {
                            newest = (trade.timestamp, trade.id)
                        }
                    case .trades(let trades):
                        let fresh = trades.filter { ($0.timestamp, $0.id) > newest }.sorted {
                            ($0.timestamp, $0.id) < ($1.timestamp, $1.id)
                        }
                        if let last = fresh.last { newest = (last.timestamp, last.id) }
                        await self?.take(trades: fresh, on: exchange)
                    case .connection, .orderBook, .frameSkipped: continue
                    }
                }
            }
        }
    }

    /// Evaluates trades of a market, in the order they were made.
    func take(trades: [Trade], on exchange: Exchange) {
        for trade in trades {
            latestTime = max(latestTime, trade.timestamp)
            for firing in evaluator.take(trade: trade, on: exchange) { deliver(firing) }
        }
    }

    /// Compares the board's market list with the one last seen: fires the warning and listing
    /// rules for what changed.
    private func takeMarketList(of board: LiveBoard) async {
        let exchange = board.exchange
        guard evaluator.watchesListing(on: exchange) else { return }
        let tickers = await board.board
        let changes = listings[exchange, default: ListedMarkets()].update(to: tickers.markets.sorted { $0.id < $1.id })
        guard !changes.isEmpty else { return }
        let time = now?() ?? latestTime
        for market in changes.warned {
            guard let warning = market.warning else { continue }
            let price = tickers.ticker(market.id)?.price ?? 0
            for firing in evaluator.take(warning: warning, of: market.id, on: exchange, price: price, at: time) {
                deliver(firing)
            }
        }
        for market in changes.listed {
            for firing in evaluator.take(listing: market, on: exchange, at: time) { deliver(firing) }
        }
    }

    /// Evaluates live quotes of an exchange, in the order they came.
    func take(_ quotes: [Quote], on exchange: Exchange) {
        for quote in quotes {
            let ticker = quote.ticker
            let firings = evaluator.take(price: ticker.price, of: ticker.marketID, on: exchange, at: ticker.timestamp)
            latestTime = max(latestTime, ticker.timestamp)
            for firing in firings { deliver(firing) }
        }
        if !premiums.isEmpty { takePremiums(quotes, on: exchange) }
        checkQuietHours(now: latestTime)
    }

    /// Evaluates the premiums the quotes' prices move.
    private func takePremiums(_ quotes: [Quote], on exchange: Exchange) {
        for quote in quotes where premiums.needs(quote.id, on: exchange) {
            let ticker = quote.ticker
            for moved in premiums.take(price: ticker.price, of: ticker.marketID, on: exchange) {
                let firings = evaluator.take(
                    premium: moved.percent, of: moved.market, on: moved.exchange, price: moved.price,
                    at: ticker.timestamp)
                for firing in firings { deliver(firing) }
            }
        }
    }

    private func deliver(_ firing: AlertFiring) {
        checkQuietHours(now: firing.at)
        let quiet = quietHours?.contains(firing.at, utcOffsetSeconds: utcOffsetSeconds) ?? false
        // Recorded once for every copy; a store that cannot write loses the history entry, not the alert.
        _ = try? store.record(firing, quiet)
        if quiet { heldBack.append(firing) }
        if onceRules.remove(firing.rule) != nil { try? store.removeRule(firing.rule) }
        listeners.send(.fired(firing, heldBack: quiet))
    }

    /// Tells the listeners once quiet hours have ended, with what they held back. `now` is a
    /// tick's time (Unix ms), or the latest tick's when nil.
    private func checkQuietHours(now: Int64?) {
        let time = now ?? latestTime
        guard time > 0 else { return }
        let quiet = quietHours?.contains(time, utcOffsetSeconds: utcOffsetSeconds) ?? false
        defer { wasQuiet = quiet }
        guard wasQuiet, !quiet, !heldBack.isEmpty else { return }
        listeners.send(.quietHoursEnded(heldBack: heldBack))
        heldBack = []
    }
}
