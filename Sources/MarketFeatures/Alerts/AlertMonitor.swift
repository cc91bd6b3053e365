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
/// exchange its rules name, evaluates each tick once for every viewer, records each firing in
/// the store (once, however many copies of Sise evaluate the same rule), and tells every
/// listener. The rules are read again whenever the store says they may have changed.
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
    private var quietHours: QuietHours?
    private var heldBack: [AlertFiring] = []
    private var wasQuiet = false
    private var latestTime: Int64 = 0

    /// A monitor of the rules in `store` over the boards `boards` gives (nil for an exchange
    /// this process cannot follow); quiet hours are read on a clock `utcOffsetSeconds` ahead of
    /// UTC. Its tasks run on `executor` when one is given (a test's driver).
    public init(
        store: AlertStore, boards: @escaping @Sendable (Exchange) async -> LiveBoard?, clock: any Clock<Duration>,
        utcOffsetSeconds: Int, executor: (any TaskExecutor)? = nil
    ) {
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
        following = [:]
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
        for exchange in Exchange.allCases where following[exchange] == nil && evaluator.watches(exchange) {
            guard let board = await boards(exchange) else { continue }
            let updates = await board.updates()
            following[exchange] = Task(executorPreference: executor) { [weak self] in
                for await update in updates {
                    guard case .quotes(let quotes) = update else { continue }
                    await self?.take(quotes, on: exchange)
                }
            }
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
        checkQuietHours(now: latestTime)
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
