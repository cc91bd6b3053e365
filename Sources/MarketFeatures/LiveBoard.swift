public import MarketDomain
import SiseSupport

/// One exchange's live market state, shared by everyone who watches it: it loads the REST
/// snapshot (markets and tickers together, names merged in), then follows the live feed,
/// applying each tick in O(1) and dropping anything older than what it holds.
///
/// Wake-ups follow readers, not ticks: while nobody follows ``updates()`` the feed's events wait
/// in its batch and are applied when someone reads the board (a frame, ten times a second), so a
/// tick wakes no thread. A follower (an alert rule, a stream) gets each batch as it arrives.
///
/// An actor because the feed writes while any number of readers (commands, view models) read.
public actor LiveBoard {
    /// The exchange this board shows.
    public nonisolated let exchange: Exchange
    /// The client the board reads its exchange through.
    public nonisolated let client: MarketDataClient
    /// The markets and their latest tickers.
    public var board: TickerBoard {
        applyPending()
        return current
    }
    /// The live feed's state.
    public var connection: ConnectionState {
        applyPending()
        return currentConnection
    }
    /// Live ticks applied since the board was made.
    public var appliedTicks: Int {
        applyPending()
        return ticksApplied
    }
    /// Frames of the live feed that could not be read and were skipped.
    public var skippedFrames: Int {
        applyPending()
        return framesSkipped
    }
    /// The board as far as the feed's events were applied. Each tick's apply skips the run-time
    /// exclusivity check: the actor's isolation already keeps accesses apart.
    @exclusivity(unchecked) private var current: TickerBoard
    private var currentConnection: ConnectionState = .connecting
    private var ticksApplied = 0
    private var framesSkipped = 0
    /// The followed feed, whose pending events a reader applies (``applyPending()``).
    private var feed: LiveFeedEvents?
    /// Who reads the board's changes: a reader that stops listening is forgotten at once.
    private nonisolated let followers = Broadcast<BoardUpdate>()
    private var feedTask: Task<Void, Never>?
    /// The clock of the pause that gathers a busy feed's ticks.
    private let clock: any Clock<Duration>
    /// Where the feed task runs (the shared pool when `nil`; a test's driver in tests).
    private let executor: (any TaskExecutor)?
    /// The ticks applied, numbered, for ``frame(since:)``; kept once a reader asked for a frame.
    private var moves = MoveLog()
    private var recordsMoves = false
    /// Whether ``stop()`` was called.
    private var isStopped = false
    /// The actor whose executor the board runs on: an actor of its own, or the one its reader
    /// runs on (``init(client:clock:executor:runningOn:)``).
    private nonisolated let home: any Actor

    /// Runs the board's work where its home actor runs.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { home.unownedExecutor }

    /// A board for the client's exchange; empty until ``load(markets:)``. Its feed task waits on
    /// `clock` and runs on `executor` (the shared pool when `nil`).
    ///
    /// `home` is the actor the board runs on beside its own work: by default one of its own, so
    /// the board is an actor like any other. A reader that reads the board each frame from one
    /// actor (the terminal app, from the main actor) passes that actor: a frame then reads the
    /// board where it runs, without waking a thread for the board and another for the way back.
    public init(
        client: MarketDataClient, clock: any Clock<Duration> = ContinuousClock(),
        executor: (any TaskExecutor)? = nil, runningOn home: (any Actor)? = nil
    ) {
        self.clock = clock
        self.executor = executor
        self.client = client
        self.home = home ?? BoardLane()
        exchange = client.exchange
        current = TickerBoard(exchange: client.exchange)
    }

    /// Loads the market list and the tickers of `ids` (every market when empty) together.
    /// Throws ``ExchangeError/unknownMarket(_:)`` when an id is not listed.
    public func load(markets ids: [MarketID] = []) async throws {
        async let markets = client.fetchMarkets()
        async let tickers = client.fetchTickers(ids)
        let listed = try await markets
        StartupTrace.mark("markets fetched")
        let listedIDs = Set(listed.map(\.id))
        if let unknown = ids.first(where: { !listedIDs.contains($0) }) {
            throw ExchangeError.unknownMarket(unknown.rawValue)
        }
        let snapshot = try await tickers
        StartupTrace.mark("tickers fetched")
        applyPending()
        current.setMarkets(listed)
        current.apply(snapshot: snapshot)
        moves.replaceBoard()
        publish(.snapshotApplied)
    }

    /// Takes the exchange's market list of now (names, warnings) and the markets new within a
    /// day; returns the markets the board did not list before (their tickers are the caller's to
    /// fetch, their feed ``refollow()``'s). Every reader redraws when anything changed.
    @discardableResult
    public func applyListing(_ listed: [Market], newMarkets: Set<MarketID>) -> [MarketID] {
        applyPending()
        guard !current.lists(exactly: listed) || current.newMarkets != newMarkets else { return [] }
        let added = listed.map(\.id).filter { current.market($0) == nil }
        current.setMarkets(listed)
        current.newMarkets = newMarkets
        moves.replaceBoard()
        publish(.snapshotApplied)
        return added
    }

    /// Follows the live feed again, of every market listed now (after new listings).
    public func refollow() {
        guard feedTask != nil else { return }
        applyPending()
        feedTask?.cancel()
        feedTask = nil
        feed = nil
        follow()
    }

    /// Follows the live feed of `ids` (every listed market when empty) until ``stop()``.
    public func follow(markets ids: [MarketID] = []) {
        guard feedTask == nil else { return }
        let wanted = ids.isEmpty ? current.markets.map(\.id).sorted() : ids
        let events = client.liveTickers(wanted)
        events.wakesPromptly(followers.readerCount > 0)
        feed = events
        feedTask = Task(executorPreference: executor) { [weak self] in
            await self?.consume(events)
        }
    }

    /// Applies the feed's batches on the actor itself, so a batch costs no hop to it and back.
    /// Without followers the task is woken only when many events piled up unread; readers apply
    /// the rest (``applyPending()``).
    ///
    /// A batch of more than one event means ticks come faster than they are applied one by one:
    /// then, while someone follows, the board pauses a moment before the next batch, which lets
    /// it gather the ticks of that moment, because waking this task costs more than applying a
    /// dozen ticks. A quiet feed (one event a batch) is applied at once.
    private func consume(_ events: LiveFeedEvents) async {
        for await batch in events {
            handle(batch)
            if batch.count > 1, isPrompt { try? await clock.sleep(for: Self.gatheringPause) }
        }
    }

    /// Whether the feed wakes the board at each batch (someone follows ``updates()``).
    private var isPrompt = false

    /// Applies what the feed posted since the last look: every read of the board calls it first.
    private func applyPending() {
        guard let feed else { return }
        let batch = feed.takePending()
        if !batch.isEmpty { handle(batch) }
    }

    /// Turns the feed's wake at each batch on while someone follows, off when nobody does.
    private func wakeForFollowers() {
        let prompt = followers.readerCount > 0
        guard prompt != isPrompt else { return }
        isPrompt = prompt
        feed?.wakesPromptly(prompt)
    }

    /// How long a busy feed's ticks gather before the next batch is applied.
    static let gatheringPause = Duration.milliseconds(1)

    /// Returns once the feed has posted something not applied yet (at once when it has), or when
    /// the task is cancelled: what a reader with nothing to show waits for instead of a timer.
    public func nextChange() async {
        guard let feed else {
            // Not following: nothing will come but the cancellation.
            try? await clock.sleep(for: .seconds(86_400))
            return
        }
        await feed.nextPost()
    }

    /// Whether the board follows its live feed.
    public var isFollowing: Bool { feedTask != nil }

    /// Stops following the live feed and ends every follower's update stream.
    public func stop() {
        applyPending()
        feedTask?.cancel()
        feedTask = nil
        feed = nil
        isStopped = true
        followers.finish()
    }

    /// Applies live ticks as the feed does (a benchmark's or a test's feed of its own).
    public func apply(live tickers: [Ticker]) {
        handle(tickers.map { .ticker($0) })
    }

    /// The board now, shared, with what moved since `version` (the ``BoardFrame/version`` of the
    /// reader's last frame; `nil` for its first): what a view model reads once a frame. Every
    /// reader of a frame shares one board, and each tick reaches each reader once.
    public func frame(since version: UInt64?) -> BoardFrame {
        // Moves are numbered from the first frame on: what was pending before it is the board.
        applyPending()
        recordsMoves = true
        return BoardFrame(
            board: current, version: moves.end, connection: currentConnection,
            changes: moves.changes(since: version),
            isStopped: isStopped, isFollowing: isFollowing)
    }

    /// A live feed of one market's order book and trades from the board's exchange (what the
    /// alert monitor follows for a large-trade rule).
    public nonisolated func depth(of market: MarketID) -> AsyncStream<MarketDepthEvent> {
        client.liveDepth(market)
    }

    /// What changes on the board from now on, for one reader.
    public func updates() -> AsyncStream<BoardUpdate> {
        applyPending()
        let updates = followers.subscribe(bufferingPolicy: .bufferingNewest(65_536))
        wakeForFollowers()
        return updates
    }

    /// The rows matching a search, in an order.
    public func quotes(
        matching matcher: SearchMatcher = SearchMatcher(""), order: QuoteOrder = .standard,
        language: NameLanguage = .korean
    ) -> [Quote] {
        order.sorted(board.quotes(matching: matcher), language: language)
    }

    /// Applies one batch of feed events in order. Followers get the rows the batch's ticks moved
    /// as one update (and each connection change or snapshot in its place among them).
    func handle(_ batch: [LiveFeedEvent]) {
        wakeForFollowers()
        let followed = isPrompt
        var moved: [Quote] = []
        // By index: each event is looked at in place, not copied out of the batch first.
        for index in batch.indices {
            switch batch[index] {
            case .ticker(let ticker):
                let previous = recordsMoves ? current.ticker(ticker.marketID)?.price : nil
                guard current.apply(ticker) == .applied else { continue }
                ticksApplied += 1
                if recordsMoves {
                    let direction: ChangeDirection? =
                        previous.flatMap { $0 == ticker.price ? nil : ticker.price > $0 ? .rise : .fall }
                    moves.append(MarketMove(id: ticker.marketID, direction: direction, timestamp: ticker.timestamp))
                }
                if followed, let quote = current.quote(ticker.marketID) { moved.append(quote) }
            case .connection(let state):
                publish(moved: &moved)
                currentConnection = state
                publish(.connection(state))
            case .snapshot(let tickers):
                publish(moved: &moved)
                current.apply(snapshot: tickers)
                moves.replaceBoard()
                publish(.snapshotApplied)
            case .frameSkipped:
                framesSkipped += 1
            }
        }
        publish(moved: &moved)
    }

    private func publish(moved: inout [Quote]) {
        guard !moved.isEmpty else { return }
        publish(.quotes(moved))
        moved.removeAll()
    }

    private func publish(_ update: BoardUpdate) {
        followers.send(update)
    }

    deinit {
        feedTask?.cancel()
    }
}

/// The actor a ``LiveBoard`` runs on when no other is given: its own, serial like any actor.
private actor BoardLane {}

/// A change on a ``LiveBoard``.
public enum BoardUpdate: Sendable, Equatable {
    /// Live ticks moved these rows, in the order the ticks arrived (a row can appear more than once).
    case quotes([Quote])
    /// A REST snapshot was applied; many rows may have changed.
    case snapshotApplied
    /// The live feed changed state.
    case connection(ConnectionState)
}
