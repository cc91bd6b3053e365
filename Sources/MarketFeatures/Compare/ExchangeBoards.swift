public import MarketDomain

/// One live board per exchange, side by side: what the compare view reads (SPEC §1.8). Each
/// board loads and follows its own feed, so one exchange failing or stalling never holds back
/// the others; the failure is kept and shown beside the others' live state.
public final class ExchangeBoards: Sendable {
    /// The boards, by exchange.
    public let boards: [Exchange: LiveBoard]
    /// The clock of the retries, and where the merging tasks run (the shared pool when `nil`).
    private let clock: any Clock<Duration>
    private let executor: (any TaskExecutor)?

    /// Boards over these clients, waiting on `clock` and running on `executor` (the shared pool
    /// when `nil`; a test's driver in tests); each board runs on `home` when one is given (the
    /// terminal app's main actor: see ``LiveBoard/init(client:clock:executor:runningOn:)``).
    public init(
        clients: [Exchange: MarketDataClient], clock: any Clock<Duration> = ContinuousClock(),
        executor: (any TaskExecutor)? = nil, runningOn home: (any Actor)? = nil
    ) {
        boards = clients.mapValues { LiveBoard(client: $0, clock: clock, executor: executor, runningOn: home) }
        self.clock = clock
        self.executor = executor
    }

    /// Boards already made (shared with other views).
    public init(boards: [Exchange: LiveBoard]) {
        self.boards = boards
        clock = ContinuousClock()
        executor = nil
    }

    /// The exchanges, in the order the compare view lists them.
    public var exchanges: [Exchange] { Exchange.allCases.filter { boards[$0] != nil } }

    /// Loads every board at once; returns the exchanges that failed with their errors (the
    /// others are loaded whatever happened to them).
    @discardableResult
    public func load() async -> [Exchange: any Error] {
        await withTaskGroup(of: (Exchange, (any Error)?).self) { group in
            for (exchange, board) in boards {
                group.addTask {
                    do {
                        try await board.load()
                        return (exchange, nil)
                    } catch {
                        return (exchange, error)
                    }
                }
            }
            var failures: [Exchange: any Error] = [:]
            for await (exchange, error) in group { if let error { failures[exchange] = error } }
            return failures
        }
    }

    /// Loads and follows every board not yet followed, each on its own: a board whose exchange
    /// cannot be reached is tried again every `retryDelay` until it loads or the task is
    /// cancelled, while the others go live. `onFailure` hears of each failed attempt.
    public func loadAndFollow(
        retryDelay: Duration = .seconds(10), onFailure: @escaping @Sendable (Exchange, any Error) -> Void = { _, _ in }
    ) async {
        await withTaskGroup(of: Void.self) { group in
            for (exchange, board) in boards {
                group.addTask {
                    while !Task.isCancelled {
                        do {
                            if await !board.isFollowing { try await board.load() }
                            await board.follow()
                            return
                        } catch {
                            onFailure(exchange, error)
                            try? await self.clock.sleep(for: retryDelay)
                        }
                    }
                }
            }
        }
    }

    /// Follows every board's live feed.
    public func follow() async {
        for board in boards.values { await board.follow() }
    }

    /// Stops every feed.
    public func stop() async {
        for board in boards.values { await board.stop() }
    }

    /// Each exchange's feed state.
    public func connections() async -> [Exchange: ConnectionState] {
        var states: [Exchange: ConnectionState] = [:]
        for (exchange, board) in boards { states[exchange] = await board.connection }
        return states
    }

    /// Every coin listed on more than one Korean exchange, compared, filtered and ordered.
    /// `symbols`, when not empty, keeps only those coins.
    public func comparisons(
        symbols: [String] = [], matching matcher: SearchMatcher = SearchMatcher(""),
        order: QuoteOrder = QuoteOrder(key: .value), language: NameLanguage = .korean
    ) async -> [CoinComparison] {
        var quotes: [Exchange: [Quote]] = [:]
        for (exchange, board) in boards { quotes[exchange] = await board.quotes() }
        var rows = CoinComparison.compare(quotes)
        if !symbols.isEmpty {
            let wanted = Set(symbols.map { $0.uppercased() })
            rows = rows.filter { wanted.contains($0.symbol) }
        }
        if !matcher.matchesEverything { rows = rows.filter { matcher.matches($0.market) } }
        return order.sorted(rows, language: language)
    }
}
