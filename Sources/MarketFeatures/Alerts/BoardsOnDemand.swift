public import MarketDomain

/// The exchanges' boards (``ExchangeBoards``), each loaded and following every market the first
/// time the alert monitor asks for it: a process watches only the exchanges its rules name. A
/// board something else already follows (the Compare tab's, the main board) is shared as it is.
/// It also keeps a board's market list current (one ``ListingWatch`` per board, however many
/// ask) for the NEW badges and the warning and listing rules.
public actor BoardsOnDemand {
    private let all: ExchangeBoards
    private let onFailure: @Sendable (Exchange, any Error) -> Void
    private let listings: ListingStore?
    private let clock: any Clock<Duration>
    private let now: @Sendable () -> Int64
    private var listWatches: [Exchange: Task<Void, Never>] = [:]

    /// Boards over `boards`; `onFailure` hears of a board that could not be loaded. The market
    /// lists are compared with `listings` (for NEW) every ``ListingWatch/interval`` on `clock`,
    /// timed by `now` (Unix ms).
    public init(
        boards: ExchangeBoards, listings: ListingStore?, clock: any Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Int64, onFailure: @escaping @Sendable (Exchange, any Error) -> Void
    ) {
        all = boards
        self.onFailure = onFailure
        self.listings = listings
        self.clock = clock
        self.now = now
    }

    /// Keeps the exchange's market list current on its board from now on, until ``stop()``.
    public func keepListCurrent(_ exchange: Exchange) {
        guard listWatches[exchange] == nil, let board = all.boards[exchange] else { return }
        listWatches[exchange] = Task { [listings, clock, now] in
            await ListingWatch.run(board: board, store: listings, clock: clock, now: now)
        }
    }

    /// Stops keeping the market lists current.
    public func stop() {
        for task in listWatches.values { task.cancel() }
        listWatches = [:]
    }

    /// The exchange's board, loaded and followed when first asked for; nil when it cannot be
    /// loaded (the next change of the rules asks again).
    public func board(_ exchange: Exchange) async -> LiveBoard? {
        guard let board = all.boards[exchange] else { return nil }
        if await board.isFollowing { return board }
        do {
            try await board.load()
        } catch {
            // A load cut short by the process stopping is no failure to tell.
            if !Task.isCancelled, !(error is CancellationError) { onFailure(exchange, error) }
            return nil
        }
        await board.follow()
        return board
    }
}
