/// What Sise remembers between runs, as replaceable closures: `MarketStore` provides the SQLite
/// one, tests an in-memory one. Calls are synchronous and quick (a local database).
public struct PreferenceStore: Sendable {
    /// The favorites of an exchange, oldest first.
    public var favorites: @Sendable (_ exchange: Exchange) throws -> [MarketID]
    /// Adds (`true`) or removes (`false`) one favorite, written at once.
    public var setFavorite: @Sendable (_ exchange: Exchange, _ market: MarketID, _ isFavorite: Bool) throws -> Void
    /// Removes every favorite of an exchange; returns how many there were.
    public var clearFavorites: @Sendable (_ exchange: Exchange) throws -> Int
    /// The text a feature last saved under a key (its own encoding, e.g. the board's settings as
    /// JSON under `board.upbit`), or nil. What the text means is the feature's business.
    public var setting: @Sendable (_ key: String) throws -> String?
    /// Saves a feature's text under a key, replacing what was there.
    public var saveSetting: @Sendable (_ key: String, _ value: String) throws -> Void
    /// The cached daily candles of a market, oldest first.
    public var cachedCandles: @Sendable (_ exchange: Exchange, _ market: MarketID) throws -> [Candle]
    /// Stores daily candles of a market, replacing those of the same days.
    public var cacheCandles: @Sendable (_ exchange: Exchange, _ market: MarketID, _ candles: [Candle]) throws -> Void
    /// The shared coin-name table as last saved (empty when never saved).
    public var coinNames: @Sendable () throws -> CoinNames
    /// Replaces the shared coin-name table.
    public var saveCoinNames: @Sendable (_ names: CoinNames) throws -> Void
    /// A signal each time the favorites or the settings may have changed, written by this
    /// process or by another one (`sise favorites`, another copy of Sise): readers read again.
    public var changes: @Sendable () -> AsyncStream<Void>

    /// Makes a store from its operations.
    public init(
        favorites: @escaping @Sendable (_ exchange: Exchange) throws -> [MarketID],
        setFavorite: @escaping @Sendable (_ exchange: Exchange, _ market: MarketID, _ isFavorite: Bool) throws -> Void,
        clearFavorites: @escaping @Sendable (_ exchange: Exchange) throws -> Int,
        setting: @escaping @Sendable (_ key: String) throws -> String?,
        saveSetting: @escaping @Sendable (_ key: String, _ value: String) throws -> Void,
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
        self.setting = setting
        self.saveSetting = saveSetting
        self.cachedCandles = cachedCandles
        self.cacheCandles = cacheCandles
        self.coinNames = coinNames
        self.saveCoinNames = saveCoinNames
    }
}
