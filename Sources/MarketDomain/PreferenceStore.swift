/// What Sise remembers between runs, as replaceable closures: `MarketStore` provides the SQLite
/// one, tests an in-memory one. Calls are synchronous and quick (a local database).
public struct PreferenceStore: Sendable {
    /// The favorites of an exchange, oldest first.
    public var favorites: @Sendable (_ exchange: Exchange) throws -> [MarketID]
    /// Adds (`true`) or removes (`false`) one favorite, written at once.
    public var setFavorite: @Sendable (_ exchange: Exchange, _ market: MarketID, _ isFavorite: Bool) throws -> Void
    /// Removes every favorite of an exchange; returns how many there were.
    public var clearFavorites: @Sendable (_ exchange: Exchange) throws -> Int
    /// The board settings last saved for an exchange (tab, per-tab sort and search).
    public var boardSettings: @Sendable (_ exchange: Exchange) throws -> BoardSettings?
    /// Saves the board settings of an exchange.
    public var saveBoardSettings: @Sendable (_ exchange: Exchange, _ settings: BoardSettings) throws -> Void
    /// The cached daily candles of a market, oldest first.
    public var cachedCandles: @Sendable (_ exchange: Exchange, _ market: MarketID) throws -> [Candle]
    /// Stores daily candles of a market, replacing those of the same days.
    public var cacheCandles: @Sendable (_ exchange: Exchange, _ market: MarketID, _ candles: [Candle]) throws -> Void
    /// The shared coin-name table as last saved (empty when never saved).
    public var coinNames: @Sendable () throws -> CoinNames
    /// Replaces the shared coin-name table.
    public var saveCoinNames: @Sendable (_ names: CoinNames) throws -> Void
    /// A signal each time the favorites or the board settings may have changed, written by this
    /// process or by another one (`sise favorites`, another copy of Sise): readers read again.
    public var changes: @Sendable () -> AsyncStream<Void>

    /// Makes a store from its operations.
    public init(
        favorites: @escaping @Sendable (_ exchange: Exchange) throws -> [MarketID],
        setFavorite: @escaping @Sendable (_ exchange: Exchange, _ market: MarketID, _ isFavorite: Bool) throws -> Void,
        clearFavorites: @escaping @Sendable (_ exchange: Exchange) throws -> Int,
        boardSettings: @escaping @Sendable (_ exchange: Exchange) throws -> BoardSettings?,
        saveBoardSettings: @escaping @Sendable (_ exchange: Exchange, _ settings: BoardSettings) throws -> Void,
        cachedCandles: @escaping @Sendable (_ exchange: Exchange, _ market: MarketID) throws -> [Candle],
        cacheCandles:
            @escaping @Sendable (_ exchange: Exchange, _ market: MarketID, _ candles: [Candle]) throws -> Void,
        coinNames: @escaping @Sendable () throws -> CoinNames,
        saveCoinNames: @escaping @Sendable (_ names: CoinNames) throws -> Void,
        changes: @escaping @Sendable () -> AsyncStream<Void>
    ) {
        self.changes = changes
        self.favorites = favorites
        self.setFavorite = setFavorite
        self.clearFavorites = clearFavorites
        self.boardSettings = boardSettings
        self.saveBoardSettings = saveBoardSettings
        self.cachedCandles = cachedCandles
        self.cacheCandles = cacheCandles
        self.coinNames = coinNames
        self.saveCoinNames = saveCoinNames
    }
}

/// The tabs of the board (SPEC §1.5).
public enum BoardTab: String, Sendable, Hashable, Codable, CaseIterable {
    case market
    case favorites
    case compare
    case watchlist

    /// The tab's title on the tab bar.
    public var title: String {
        switch self {
        case .market: "Market"
        case .favorites: "Favorites"
        case .compare: "Compare"
        case .watchlist: "Watchlist"
        }
    }
}

/// What a person chose on the board that should survive a restart: the tab, and each tab's sort
/// and search.
public struct BoardSettings: Sendable, Hashable, Codable {
    public var tab: BoardTab
    public var orders: [BoardTab: QuoteOrder]
    public var searches: [BoardTab: String]

    /// Makes settings; by default the Market tab sorted by trade value with no search.
    public init(tab: BoardTab = .market, orders: [BoardTab: QuoteOrder] = [:], searches: [BoardTab: String] = [:]) {
        self.tab = tab
        self.orders = orders
        self.searches = searches
    }

    /// The order of a tab (trade value, descending, until chosen).
    public func order(for tab: BoardTab) -> QuoteOrder { orders[tab] ?? .standard }
    /// The search text of a tab.
    public func search(for tab: BoardTab) -> String { searches[tab] ?? "" }
}
