public import MarketDomain
public import MarketFeatures

/// What every browser tab of one `sise serve` shares: the live boards (one per exchange, one
/// frame per tick shared by every viewer), the daily candles' loader, the store of favorites and
/// settings, how names are shown, and how a tab's Watchlist view model is made (over the stock
/// source's shared requests).
public struct DashboardContext: Sendable {
    public var board: LiveBoard
    public var boards: ExchangeBoards?
    public var store: PreferenceStore
    public var isSimulated: Bool
    public var language: NameLanguage
    /// Loads a market's daily candles for its detail (cached in the store).
    public var candles: DailyCandleLoader
    /// A new tab's Watchlist view model; `nil` without a stock source.
    public var makeWatchlist: (@MainActor @Sendable () -> DashboardScreen.Root.Watchlist)?
    /// The example apps' services for their pages; `nil` leaves the pages saying they are off.
    public var examples: ExampleClients?

    /// A context over `board` (and every exchange's `boards` for the Compare tab).
    public init(
        board: LiveBoard, boards: ExchangeBoards?, store: PreferenceStore, isSimulated: Bool,
        language: NameLanguage = .korean, candles: DailyCandleLoader,
        makeWatchlist: (@MainActor @Sendable () -> DashboardScreen.Root.Watchlist)? = nil,
        examples: ExampleClients? = nil
    ) {
        self.examples = examples
        self.candles = candles
        self.makeWatchlist = makeWatchlist
        self.board = board
        self.boards = boards
        self.store = store
        self.isSimulated = isSimulated
        self.language = language
    }
}
