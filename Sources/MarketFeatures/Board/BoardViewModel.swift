public import Logging
public import MarketDomain
import SiseSupport

/// The board screen's view model (Input → transform → Output): one viewer's tab, search, sort,
/// selection and favorites over the shared ``LiveBoard`` of an exchange.
///
/// Live ticks update the rows' prices on every frame; the order changes at most about once a
/// second (or at once after a person's action), and the selection follows the market, not the
/// row index. Live data is taken and framed every `frameInterval` (a tenth of a second: ten
/// frames a second at most), and a frame is produced only when something changed; a person's
/// input is framed at once by whoever sends it (``send(_:)`` then ``frame()``).
///
/// It holds no copy of a board: each frame it takes every board's shared ``BoardFrame`` (the
/// board as it is, and the markets that moved since its last frame), so any number of view
/// models over one board cost one board.
///
/// Given the boards of every exchange (``ExchangeBoards``), it also drives the Compare tab: the
/// comparisons of the coins that moved recomputed, and each feed's state in the status bar.
@MainActor
public final class BoardViewModel {
    /// The latest output.
    public private(set) var output = BoardOutput()

    let board: LiveBoard
    let store: PreferenceStore
    let clock: ViewClock
    let language: NameLanguage
    private let frameInterval: Duration
    /// The beat the frames follow when many view models share one (``FrameBeat``); `nil` frames
    /// on the view model's own timer every `frameInterval`.
    let beat: FrameBeat?
    /// How often live data is framed, unless told otherwise: ten times a second.
    public static let liveFrameInterval = Duration.milliseconds(100)
    /// How often a screen's live feeds need read their sockets: once a frame, so a frame takes
    /// what came at most a frame before it (the feed's thread wakes ten times a second, not twenty).
    public static let feedReadPacing = liveFrameInterval
    let logger: Logger
    var state: BoardState
    /// The board as of the last frame taken, shared with every other reader of it.
    var snapshot: TickerBoard
    /// The version of each board's last frame taken, by exchange.
    var seenVersions: [Exchange: UInt64] = [:]
    var tickTimes: [Duration] = []
    /// When the ticks-per-second figure last changed on screen.
    var rateShownAt = Duration.zero
    var lastTimestamp: Int64?
    var connection: ConnectionState = .connecting
    var isDirty = true
    /// The settings as this copy last read or wrote them in the store: a stored value that differs
    /// was written by another copy.
    var lastStoredSettings: BoardSettings?
    /// Whether this viewer's tab and searches are stored and resumed (the terminal app's are).
    let resumesStoredView: Bool
    private let publisher = Broadcast(latest: BoardOutput())
    /// Wakes the frame loop from an idle wait when an input comes.
    private let idleNudge = IdleNudge()
    /// Who follows the outputs on the main actor (``observeOutputs(_:)``).
    private let outputObservers = OutputObservers()
    let isSimulated: Bool
    /// Every exchange's board, for the Compare tab; `nil` without one.
    let exchangeBoards: ExchangeBoards?
    /// The bank rate for the Compare tab's premium against it (issue 29); `nil` measures
    /// against tether only.
    let forex: ForexWatch?
    /// The coins' deposit and withdrawal status, for the Compare rows (issue 29).
    let wallets: WalletWatch?
    /// The move windows' fill from candles, started when the movers first show (issue 65).
    let movesFill: CandleMovesFill?
    /// The wallets' version the rows show.
    var shownWalletVersion = -1
    /// The rate the comparisons were last measured with.
    var measuredRate: ForexRate?
    /// Every exchange's board as of the last frame taken (shared, not copied), and each feed's state.
    var compareSnapshots: [Exchange: TickerBoard] = [:]
    var feedStates: [Exchange: ConnectionState] = [:]
    /// The exchanges whose boards follow their feeds (the others' start when Compare first shows).
    var feedsFollowing: Set<Exchange> = []
    /// When the other exchanges' boards were last read (``takeBoardFrames()``).
    private var otherBoardsTakenAt: Duration?
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
        /// The moves over 1, 5 and 15 minutes, as fractions (the row shows them formatted).
        var fractions: (Double?, Double?, Double?)
        var row: BoardRow
    }

    /// A view model over `board`, remembering choices in `store`. With `resumesStoredView` (the
    /// terminal app) it opens on the tab and searches last stored; without (a browser tab, or a
    /// view shared by many) it opens on the defaults with only the stored sort orders, and stores
    /// only its sort orders: a viewer never starts from another viewer's tab or search.
    public init(
        board: LiveBoard, store: PreferenceStore, clock: ViewClock, isSimulated: Bool,
        language: NameLanguage = .korean, frameInterval: Duration = liveFrameInterval,
        exchangeBoards: ExchangeBoards? = nil, forex: ForexWatch? = nil, wallets: WalletWatch? = nil,
        movesFill: CandleMovesFill? = nil, resumesStoredView: Bool = true, beat: FrameBeat? = nil,
        logger: Logger = Logger(label: "sise.board")
    ) {
        self.beat = beat
        self.forex = forex
        self.wallets = wallets
        self.movesFill = movesFill
        self.resumesStoredView = resumesStoredView
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
        let start = resumesStoredView ? settings ?? BoardSettings() : BoardSettings(orders: settings?.orders ?? [:])
        state = BoardState(settings: start, favorites: favorites, quoteGroups: exchange.quoteGroups)
        lastStoredSettings = settings
    }

    /// The current output, then every new one (only the newest waits by default: a renderer's
    /// need; `.unbounded` keeps each one in order).
    public func outputs(
        bufferingPolicy: AsyncStream<BoardOutput>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<BoardOutput> {
        publisher.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Takes one input; its effect shows in the next frame.
    public func send(_ input: BoardInput) {
        let effects = state.handle(input, board: snapshot, language: language, now: time())
        for effect in effects { perform(effect) }
        isDirty = true
        idleNudge.signal()
    }

    /// Follows the board and produces frames until the task is cancelled.
    public func run() async {
        await prepare()
        // The board as loaded shows at once, not a frame interval later (the first board's time).
        frame()
        let (compareOpened, compareOpening) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        self.compareOpening = exchangeBoards == nil ? nil : compareOpening
        noteCompareShown()
        let exchangeBoards = self.exchangeBoards
        let storeChanges = store.changes()
        /// Whether a task's end ends the view model (the frames) or not (a helper).
        enum Ending { case ends, helperDone }
        await withTaskGroup(of: Ending.self) { group in
            if let exchangeBoards {
                group.addTask {
                    await Self.followOtherExchanges(when: compareOpened, boards: exchangeBoards)
                    return .helperDone
                }
            }
            group.addTask {
                await self.produceFrames()
                return .ends
            }
            group.addTask {
                await self.reloadStored(at: storeChanges)
                return .helperDone
            }
            for await ending in group where ending == .ends { break }
            group.cancelAll()
        }
        self.compareOpening = nil
        publisher.finish()
    }

    /// Takes the boards' frames and produces one every frame interval, until the task is
    /// cancelled or the board stops (once its last moves were taken). On the main actor, so the
    /// timer resumes the loop where it runs, not on a pool thread that then hops here.
    ///
    /// A board with nothing moving (no tick for a second, no flash, toast or re-sort due, not the
    /// Compare tab) waits for its feed's next event instead, or a second at most: an idle board
    /// wakes once a second, not ten times.
    private func produceFrames() async {
        while !Task.isCancelled {
            // A frame at a beat takes the board's frame the beat took; one woken by the feed or
            // an input takes its own (the beat's is older than what woke it).
            var onBeat = false
            if isIdle {
                await waitForFeed(atMost: Self.idleFrameInterval)
                if Task.isCancelled { return }
            } else if let beat {
                do { try await beat.next() } catch { return }
                onBeat = true
            } else {
                do { try await clock.sleepOnMainActor(frameInterval) } catch { return }
            }
            guard await takeBoardFrames(sharingTheBeat: onBeat) else { return }
            frame(atBeat: onBeat)
        }
    }

    /// How long an idle board waits for its feed before a frame all the same.
    static let idleFrameInterval = Duration.seconds(1)

    /// Whether nothing on the screen would change by itself at the next frame.
    private var isIdle: Bool {
        state.tab != .compare && tickTimes.isEmpty && output.status.ticksPerSecond == 0 && state.flashes.isEmpty
            && state.toast == nil && !state.changedSinceReorder && !isDirty
    }

    /// Returns at the main board's feed's next event, at the next input, or after `limit`.
    private func waitForFeed(atMost limit: Duration) async {
        let board = board
        let clock = clock
        let nudge = idleNudge
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await board.nextChange() }
            group.addTask { try? await clock.sleep(limit) }
            group.addTask { await nudge.wait() }
            await group.next()
            group.cancelAll()
        }
    }

    /// Reads the favorites and settings again at each of the store's change signals, and shows
    /// what changed at once (an idle board's next frame may be a second away).
    private func reloadStored(at changes: AsyncStream<Void>) async {
        for await _ in changes {
            let changed = reloadStoredFavorites()
            if reloadStoredSettings() || changed { frame() }
        }
    }

    /// Takes the board as it is now, and every exchange's for the Compare tab: ``run()`` starts
    /// with it, and a caller that drives the view model itself (a test, a benchmark) calls it
    /// before its first frame, then ``takeBoardFrames()`` before each.
    public func prepare() async {
        seenVersions = [:]
        _ = await takeBoardFrames()
    }

    /// Takes each board's frame (the main board's, and the others' for the Compare tab): the
    /// board as it is and what moved on it since the last frame taken. Returns `false` once the
    /// main board has stopped.
    ///
    /// The other exchanges' boards are read each frame while the Compare tab shows, and once a
    /// second otherwise (their feeds' states in the status line): each read is a hop to another
    /// actor and back, and off the Compare tab nothing else of theirs shows.
    @discardableResult
    public func takeBoardFrames() async -> Bool {
        await takeBoardFrames(sharingTheBeat: false)
    }

    /// Takes each board's frame, the beat's when `sharingTheBeat` (woken by it, with every other
    /// view model on it).
    private func takeBoardFrames(sharingTheBeat: Bool) async -> Bool {
        let main = await frame(of: board, sharingTheBeat: sharingTheBeat)
        take(main, from: board.exchange, atBeat: sharingTheBeat)
        let now = time(atBeat: sharingTheBeat)
        if let exchangeBoards,
            state.tab == .compare || otherBoardsTakenAt.map({ now - $0 >= Self.otherBoardsInterval }) ?? true
        {
            otherBoardsTakenAt = now
            for (exchange, other) in exchangeBoards.boards where exchange != board.exchange {
                take(await frame(of: other, sharingTheBeat: sharingTheBeat), from: exchange, atBeat: sharingTheBeat)
            }
        }
        return !main.isStopped
    }

    /// `board`'s frame since the last one taken: the beat's, shared with the view models that wake
    /// at it, when `sharingTheBeat`.
    private func frame(of board: LiveBoard, sharingTheBeat: Bool) async -> BoardFrame {
        let seen = seenVersions[board.exchange]
        if sharingTheBeat, let beat { return await beat.frame(of: board, since: seen) }
        return await board.frame(since: seen)
    }

    /// How often the other exchanges' boards are read off the Compare tab.
    static let otherBoardsInterval = Duration.seconds(1)

    /// Takes one board's frame: the main board's moves flash and re-sort its rows, every board's
    /// feed the Compare tab.
    func take(_ frame: BoardFrame, from exchange: Exchange, atBeat: Bool = false) {
        seenVersions[exchange] = frame.version
        let isMain = exchange == board.exchange
        let comparing = exchangeBoards != nil
        let now = time(atBeat: atBeat)
        if isMain {
            snapshot = frame.board
            if connection != frame.connection { isDirty = true }
            connection = frame.connection
        }
        if comparing { compareSnapshots[exchange] = frame.board }
        if feedStates[exchange] != frame.connection, comparing {
            feedStates[exchange] = frame.connection
            isDirty = true
        }
        if feedsFollowing.contains(exchange) != frame.isFollowing, comparing {
            if frame.isFollowing { feedsFollowing.insert(exchange) } else { feedsFollowing.remove(exchange) }
            isDirty = true
        }
        switch frame.changes {
        case .everything:
            if isMain {
                formattedRows = [:]  // names may have come with the markets
                state.needsReorder = true
            }
            staleComparisons.markAll()
            if state.tab == .compare { state.needsReorder = true }
            isDirty = true
        case .moved(let moves):
            guard !moves.isEmpty else { return }
            for move in moves {
                if isMain {
                    if let direction = move.direction {
                        state.priceMoved(move.id, direction: direction, now: now)
                    } else {
                        state.changedSinceReorder = true
                    }
                    tickTimes.append(now)
                    lastTimestamp = max(lastTimestamp ?? 0, move.timestamp)
                }
                if comparing { staleComparisons.moved(move.id, on: exchange) }
            }
            if state.tab == .compare { state.changedSinceReorder = true }
            isDirty = true
        }
    }

    /// Produces a frame now if anything changed (the run loop calls this every frame interval).
    public func frame() {
        frame(atBeat: false)
    }

    /// Produces a frame now if anything changed; `atBeat` when the beat woke it (with every other
    /// view model on it).
    private func frame(atBeat: Bool) {
        let now = time(atBeat: atBeat)
        let flashCount = state.flashes.count
        let hadToast = state.toast != nil
        state.expire(now: now)
        if state.flashes.count != flashCount || (state.toast != nil) != hadToast { isDirty = true }
        tickTimes.removeAll { now - $0 >= .seconds(1) }
        // The rate alone redraws at most once a second; any other change shows it at once.
        if tickTimes.count != output.status.ticksPerSecond, now - rateShownAt >= .seconds(1) { isDirty = true }
        noteCompareShown()
        if state.tab == .compare, let rate = forex?.rate, rate != measuredRate {
            measuredRate = rate
            staleComparisons.markAll()
        }
        if state.tab == .compare, let version = wallets?.version, version != shownWalletVersion {
            shownWalletVersion = version
            isDirty = true
        }
        if state.tab == .compare, staleComparisons.isStale, exchangeBoards != nil {
            recomputeComparisons()
        }
        let previousOrder = state.order
        state.reorderIfDue(
            board: snapshot, comparisons: state.tab == .compare ? Array(comparisons.values) : [], language: language,
            now: now, sharing: orderSharing())
        if state.order != previousOrder { isDirty = true }
        guard isDirty else { return }
        isDirty = false
        if tickTimes.count != output.status.ticksPerSecond { rateShownAt = now }
        let next = makeOutput()
        guard next != output else { return }
        output = next
        publisher.send(next)
        outputObservers.notify()
    }

    /// The time the board's state follows (its flashes, toasts, tick rate and re-sorts): the view
    /// model's clock, or on a beat the beat's clock, and at a beat the beat's own time. That time
    /// is one for every view model the beat woke, so those alike flash and re-sort at the same
    /// frames and share what they work out (``SharedBoardWork``).
    func time(atBeat: Bool = false) -> Duration {
        guard let beat else { return clock.elapsed() }
        return atBeat ? beat.lastBeatTime : beat.now
    }

    /// Where the main board's orders are shared with the other view models on the beat; `nil`
    /// without one.
    private func orderSharing() -> BoardState.OrderSharing? {
        guard let work = beat?.boardWork, let version = seenVersions[board.exchange] else { return nil }
        let board = board
        return { key, sorting in work.order(of: board, version: version, key: key, sorting: sorting) }
    }

    /// Calls `observer` on the main actor at each new output from now on, right after it is
    /// sent: a view on the main actor follows the board without waking a thread (a stream's
    /// reader is resumed on the shared pool first, then hops back here).
    /// Returns the observer's number, for ``stopObservingOutputs(_:)``.
    @discardableResult
    public func observeOutputs(_ observer: @escaping @MainActor () -> Void) -> Int {
        outputObservers.add(observer)
    }

    /// Stops calling the observer of that number.
    public func stopObservingOutputs(_ id: Int) {
        outputObservers.remove(id)
    }

    /// Asks for a frame at the next frame interval.
    func markDirty() {
        isDirty = true
    }
}
