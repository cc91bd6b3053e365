public import Logging
public import MarketDomain

/// What every viewer's root view model is made of — the terminal app's and each browser tab's:
/// the live boards, the store of favorites and settings, how names are shown, the daily candles'
/// loader, the depth feed of the market a detail opens, and how a Watchlist tab's view model is
/// made. ``RootViewModel/make(_:resumesStoredView:logger:)`` assembles a root from them, the one
/// place a root is put together, so both faces get the same parts.
public struct RootParts: Sendable {
    /// The root's Watchlist tab.
    public typealias Watchlist = WatchlistViewModel

    /// The main exchange's live board.
    public var board: LiveBoard
    /// Every exchange's board, for the Compare tab; `nil` leaves Compare out.
    public var boards: ExchangeBoards?
    public var store: PreferenceStore
    /// Whether the board shows the embedded simulator's market (it says so in its status).
    public var isSimulated: Bool
    public var language: NameLanguage
    /// Loads a market's daily candles for its detail (cached in the store).
    public var candles: DailyCandleLoader
    /// The detail's order book and trades (``MarketDataClient/liveDepth``); `nil` shows none.
    public var depth: DetailViewModel.DepthSource?
    /// A new Watchlist tab view model; `nil` without a stock source.
    public var makeWatchlist: (@MainActor @Sendable () -> Watchlist)?
    /// The alert rules and the process's one monitor of them; `nil` leaves the Alerts tab empty.
    public var alerts: AlertParts?
    /// The bank rate the Compare tab measures its premium against too; `nil` for tether only.
    public var forex: ForexWatch?
    /// The premium history a coin's detail charts (issue 29); `nil` charts none.
    public var premium: PremiumHistorySource?
    /// The coins' deposit and withdrawal status, on the Compare rows and in the detail (issue 29).
    public var wallets: WalletWatch?
    /// The detail chart's candles of other intervals than days (issue 30); `nil` draws days only.
    public var intervalCandles: DetailViewModel.CandleSource?
    /// The detail's book grouped by a unit (호가 모아보기, issue 30); `nil` leaves it as it is.
    public var groupedBook: DetailViewModel.GroupedBookSource?
    /// The main board's move windows filled from candles when the movers show; `nil` waits for ticks.
    public var moves: CandleMovesFill?
    /// The frame timer the boards of many roots share (`sise serve`'s tabs); `nil` gives each
    /// root's board a timer of its own (the terminal app's one root).
    public var beat: FrameBeat?

    /// The parts of a root over `board`.
    public init(
        board: LiveBoard, boards: ExchangeBoards?, store: PreferenceStore, isSimulated: Bool,
        language: NameLanguage = .korean, candles: DailyCandleLoader, depth: DetailViewModel.DepthSource?,
        makeWatchlist: (@MainActor @Sendable () -> Watchlist)? = nil, alerts: AlertParts? = nil,
        forex: ForexWatch? = nil, premium: PremiumHistorySource? = nil, wallets: WalletWatch? = nil,
        intervalCandles: DetailViewModel.CandleSource? = nil, groupedBook: DetailViewModel.GroupedBookSource? = nil,
        moves: CandleMovesFill? = nil, beat: FrameBeat? = nil
    ) {
        self.beat = beat
        self.moves = moves
        self.intervalCandles = intervalCandles
        self.groupedBook = groupedBook
        self.wallets = wallets
        self.forex = forex
        self.premium = premium
        self.alerts = alerts
        self.board = board
        self.boards = boards
        self.store = store
        self.isSimulated = isSimulated
        self.language = language
        self.candles = candles
        self.depth = depth
        self.makeWatchlist = makeWatchlist
    }
}

extension RootViewModel {
    /// A root over `parts` on the wall clock: the board's view model (resuming the stored tab and
    /// sort when `resumesStoredView`), a Watchlist tab of its own, and a detail that follows the
    /// opened market's candles, order book and trades.
    public static func make(
        _ parts: RootParts, resumesStoredView: Bool = true, logger: Logger = Logger(label: "sise.board")
    ) -> RootViewModel {
        let board = BoardViewModel(
            board: parts.board, store: parts.store, clock: .continuous(), isSimulated: parts.isSimulated,
            language: parts.language, exchangeBoards: parts.boards, forex: parts.forex, wallets: parts.wallets,
            movesFill: parts.moves, resumesStoredView: resumesStoredView, beat: parts.beat,
            logger: logger)
        let liveBoard = parts.board
        let alerts = parts.alerts.map { alerts in
            AlertsViewModel(
                store: alerts.store, events: { alerts.monitor.events() }, exchange: liveBoard.exchange,
                isListed: { await liveBoard.board.market($0) != nil }, clock: .continuous())
        }
        return RootViewModel(board: board, watchlist: parts.makeWatchlist?(), alerts: alerts) { market in
            DetailViewModel(
                market: market, board: parts.board, loader: parts.candles, language: parts.language,
                depth: parts.depth, premium: parts.premium, wallets: parts.wallets, candles: parts.intervalCandles,
                groupedBook: parts.groupedBook)
        }
    }
}

/// The alert rules' store and the process's one monitor of them (``AlertMonitor``): every
/// viewer's Alerts tab edits the same rules and tells the same firings.
public struct AlertParts: Sendable {
    public var store: AlertStore
    public var monitor: AlertMonitor

    /// Parts over a store and the monitor of its rules.
    public init(store: AlertStore, monitor: AlertMonitor) {
        self.store = store
        self.monitor = monitor
    }
}
