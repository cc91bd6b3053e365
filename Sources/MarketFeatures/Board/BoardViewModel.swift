public import Logging
public import MarketDomain

/// The board screen's view model (Input → transform → Output): one viewer's tab, search, sort,
/// selection and favorites over the shared ``LiveBoard`` of an exchange.
///
/// Live ticks update the rows' prices on every frame; the order changes at most about once a
/// second (or at once after a person's action), and the selection follows the market, not the
/// row index. Live data is taken and framed every `frameInterval` (a tenth of a second: ten
/// frames a second at most), and a frame is produced only when something changed; a person's
/// input is framed at once by whoever sends it (``send(_:)`` then ``frame()``).
///
/// Given the boards of every exchange (``ExchangeBoards``), it also drives the Compare tab: its
/// own copy of each board, the comparisons recomputed when something moved, and each feed's
/// state in the status bar.
@MainActor
public final class BoardViewModel {
    /// The latest output.
    public private(set) var output = BoardOutput()

    let board: LiveBoard
    private let store: PreferenceStore
    private let clock: ViewClock
    let language: NameLanguage
    private let frameInterval: Duration
    private let logger: Logger
    var state: BoardState
    /// The view model's own copy of the market state, kept current from the board's updates.
    var snapshot: TickerBoard
    var tickTimes: [Duration] = []
    /// When the ticks-per-second figure last changed on screen.
    var rateShownAt = Duration.zero
    var lastTimestamp: Int64?
    var connection: ConnectionState = .connecting
    private var isDirty = true
    /// The settings as this copy last read or wrote them in the store: a stored value that differs
    /// was written by another copy.
    private var lastStoredSettings: BoardSettings?
    private var continuations: [AsyncStream<BoardOutput>.Continuation] = []
    let isSimulated: Bool
    /// Every exchange's board, for the Compare tab; `nil` without one.
    let exchangeBoards: ExchangeBoards?
    /// The view model's copies of every exchange's board, and each feed's state.
    var compareSnapshots: [Exchange: TickerBoard] = [:]
    var feedStates: [Exchange: ConnectionState] = [:]
    /// The compare rows as last computed, by id, and what moved on the boards since.
    var comparisons: [MarketID: CoinComparison] = [:]
    var staleComparisons = StaleComparisons()
    /// Tells ``run()`` the Compare tab showed for the first time (the other feeds then start).
    var compareOpening: AsyncStream<Void>.Continuation?
    /// Each market's row as last formatted, with what it was formatted from: a visible row is
    /// formatted again only when its ticker, flash, star or selection changed.
    var formattedRows: [MarketID: FormattedRow] = [:]

    /// A formatted row and its inputs.
    struct FormattedRow {
        var ticker: Ticker
        var flash: ChangeDirection?
        var isFavorite: Bool
        var isSelected: Bool
        var row: BoardRow
    }

    /// A view model over `board`, remembering choices in `store`.
    public init(
        board: LiveBoard, store: PreferenceStore, clock: ViewClock, isSimulated: Bool,
        language: NameLanguage = .korean, frameInterval: Duration = .milliseconds(100),
        exchangeBoards: ExchangeBoards? = nil, logger: Logger = Logger(label: "sise.board")
    ) {
        self.board = board
        self.exchangeBoards = exchangeBoards
        self.store = store
        self.clock = clock
        self.isSimulated = isSimulated
        self.language = language
        self.frameInterval = frameInterval
        self.logger = logger
        snapshot = TickerBoard(exchange: board.exchange)
        let exchange = board.exchange
        // A store that cannot be read leaves the defaults; the first write will report the problem.
        let settings = (try? store.boardSettings(exchange)) ?? nil
        let favorites = (try? store.favorites(exchange)) ?? []
        state = BoardState(settings: settings ?? BoardSettings(), favorites: favorites)
        lastStoredSettings = settings
    }

    /// Every new output from now on (the first is the current one).
    public func outputs() -> AsyncStream<BoardOutput> {
        let (stream, continuation) = AsyncStream<BoardOutput>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.yield(output)
        continuations.append(continuation)
        return stream
    }

    /// Takes one input; its effect shows in the next frame.
    public func send(_ input: BoardInput) {
        let effects = state.handle(input, board: snapshot, language: language, now: clock.elapsed())
        for effect in effects { perform(effect) }
        isDirty = true
    }

    /// How often the store is read for favorites changed elsewhere.
    static let storeCheckInterval: Duration = .seconds(1)

    /// Reads the favorites from the store and takes them when another running copy of Sise (or
    /// `sise favorites`) changed them; returns whether they changed. ``run()`` calls it every
    /// ``storeCheckInterval``, so every copy agrees within a second.
    @discardableResult
    public func reloadStoredFavorites() -> Bool {
        guard let stored = try? store.favorites(board.exchange), stored != state.favorites else { return false }
        state.replaceFavorites(stored)
        isDirty = true
        return true
    }

    /// Reads the board settings from the store and, when another running copy changed them, takes
    /// its sort orders (a preference the person keeps); the tab and the searches stay this copy's
    /// own (what this viewer looks at). Returns whether the orders changed. ``run()`` calls it every
    /// ``storeCheckInterval``.
    @discardableResult
    public func reloadStoredSettings() -> Bool {
        guard let stored = try? store.boardSettings(board.exchange), stored != lastStoredSettings else { return false }
        lastStoredSettings = stored
        guard state.adoptOrders(stored.orders) else { return false }
        isDirty = true
        return true
    }

    /// Follows the board and produces frames until the task is cancelled.
    public func run() async {
        // The board's updates wait in a mailbox that each frame drains: a tick wakes no one, and
        // all the ticks of a frame interval are taken in one turn on the main actor.
        let mailbox = await board.mailbox()
        defer { mailbox.close() }
        await takeBoardState()
        let compareUpdates = await prepareCompare()
        let (compareOpened, compareOpening) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.compareOpening = exchangeBoards == nil ? nil : compareOpening
        noteCompareShown()
        let clock = self.clock
        let interval = frameInterval
        let exchangeBoards = self.exchangeBoards
        /// Whether a task's end ends the view model (a feed or the frames) or not (a helper).
        enum Ending { case ends, helperDone }
        await withTaskGroup(of: Ending.self) { group in
            if let compareUpdates {
                group.addTask {
                    await self.followCompare(compareUpdates)
                    return .ends
                }
            }
            if let exchangeBoards {
                group.addTask {
                    await Self.followOtherExchanges(when: compareOpened, boards: exchangeBoards)
                    return .helperDone
                }
            }
            group.addTask {
                while !Task.isCancelled {
                    do { try await clock.sleep(interval) } catch { return .ends }
                    // The board stopped and its last updates were taken: the view model ends.
                    guard await self.takeUpdatesAndFrame(from: mailbox) else { return .ends }
                }
                return .ends
            }
            group.addTask {
                while !Task.isCancelled {
                    do { try await clock.sleep(Self.storeCheckInterval) } catch { return .helperDone }
                    await self.reloadStoredFavorites()
                    await self.reloadStoredSettings()
                }
                return .helperDone
            }
            for await ending in group where ending == .ends { break }
            group.cancelAll()
        }
        self.compareOpening = nil
        for continuation in continuations { continuation.finish() }
    }

    /// Takes every update the board left since the last frame, then makes the frame; returns
    /// `false` once the board has stopped and nothing is left.
    private func takeUpdatesAndFrame(from mailbox: UpdateMailbox<BoardUpdate>) async -> Bool {
        for update in mailbox.drain() { await receive(update) }
        if mailbox.isFinished { return false }
        frame()
        return true
    }

    /// Takes every exchange's updates for the Compare tab, on the main actor.
    private func followCompare(_ updates: AsyncStream<(Exchange, BoardUpdate)>) async {
        for await (exchange, update) in updates { await receive(update, from: exchange) }
    }

    /// Reads the board's current state and starts following its updates; ``run()`` calls it,
    /// and a caller that drives the view model itself (a benchmark) feeds the updates to
    /// ``receive(_:)``.
    public func prepare() async -> AsyncStream<BoardUpdate> {
        let updates = await board.updates()
        await takeBoardState()
        return updates
    }

    /// Takes the board as it is now (after subscribing, so no update falls in between).
    private func takeBoardState() async {
        snapshot = await board.board
        formattedRows = [:]
        connection = await board.connection
        state.needsReorder = true
        isDirty = true
    }

    /// Produces a frame now if anything changed (the run loop calls this every frame interval).
    public func frame() {
        let now = clock.elapsed()
        let flashCount = state.flashes.count
        let hadToast = state.toast != nil
        state.expire(now: now)
        if state.flashes.count != flashCount || (state.toast != nil) != hadToast { isDirty = true }
        tickTimes.removeAll { now - $0 >= .seconds(1) }
        // The rate alone redraws at most once a second; any other change shows it at once.
        if tickTimes.count != output.status.ticksPerSecond, now - rateShownAt >= .seconds(1) { isDirty = true }
        noteCompareShown()
        if state.tab == .compare, staleComparisons.isStale, exchangeBoards != nil {
            recomputeComparisons()
        }
        let previousOrder = state.order
        state.reorderIfDue(
            board: snapshot, comparisons: state.tab == .compare ? Array(comparisons.values) : [], language: language,
            now: now)
        if state.order != previousOrder { isDirty = true }
        guard isDirty else { return }
        isDirty = false
        if tickTimes.count != output.status.ticksPerSecond { rateShownAt = now }
        let next = makeOutput()
        guard next != output else { return }
        output = next
        for continuation in continuations { continuation.yield(next) }
    }

    /// Takes one update of the board; it shows in the next frame.
    public func receive(_ update: BoardUpdate) async {
        let now = clock.elapsed()
        switch update {
        case .quotes(let quotes):
            for quote in quotes {
                let previous = snapshot.ticker(quote.id)?.price
                snapshot.apply(quote.ticker)
                if let previous, previous != quote.ticker.price {
                    state.priceMoved(quote.id, direction: quote.ticker.price > previous ? .rise : .fall, now: now)
                } else {
                    state.changedSinceReorder = true
                }
                tickTimes.append(now)
                lastTimestamp = max(lastTimestamp ?? 0, quote.ticker.timestamp)
            }
        case .snapshotApplied:
            snapshot = await board.board
            formattedRows = [:]  // names may have come with the markets
            state.needsReorder = true
        case .connection(let state):
            connection = state
        }
        isDirty = true
        // The main board's updates feed the Compare tab's copy of it too.
        if exchangeBoards != nil { await receive(update, from: board.exchange) }
    }

    /// Asks for a frame at the next frame interval.
    func markDirty() {
        isDirty = true
    }

    private func perform(_ effect: BoardState.Effect) {
        let exchange = board.exchange
        do {
            switch effect {
            case .saveSettings:
                try store.saveBoardSettings(exchange, state.settings)
                lastStoredSettings = state.settings
            case .setFavorite(let id, let isFavorite): try store.setFavorite(exchange, id, isFavorite)
            case .clearFavorites: _ = try store.clearFavorites(exchange)
            }
        } catch {
            logger.error("could not save: \(error)")
            state.showToast("⚠ Could not save: \(error)", now: clock.elapsed())
        }
    }
}
