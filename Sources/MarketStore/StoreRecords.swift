import GRDB
import MarketDomain

/// A favorite market of an exchange (`favorite` table).
struct FavoriteRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "favorite"
    var exchange: String
    var market: String
    /// When it was added, Unix ms; favorites list oldest first.
    var addedAt: Int64

    enum Columns {
        static let exchange = Column(CodingKeys.exchange)
        static let market = Column(CodingKeys.market)
        static let addedAt = Column(CodingKeys.addedAt)
    }
}

/// One saved setting as JSON (`setting` table), keyed e.g. `board.upbit`.
struct SettingRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "setting"
    var key: String
    var value: String

    enum Columns {
        static let key = Column(CodingKeys.key)
    }
}

/// One cached daily candle (`dailyCandle` table); `day` counts days since 1970-01-01.
struct DailyCandleRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "dailyCandle"
    var exchange: String
    var market: String
    var day: Int
    var open: Double
    var high: Double
    var low: Double
    var close: Double
    var volume: Double
    var value: Double

    enum Columns {
        static let exchange = Column(CodingKeys.exchange)
        static let market = Column(CodingKeys.market)
        static let day = Column(CodingKeys.day)
    }

    init(exchange: Exchange, market: MarketID, candle: Candle) {
        self.exchange = exchange.rawValue
        self.market = market.rawValue
        day = candle.day.daysSinceEpoch
        open = candle.open
        high = candle.high
        low = candle.low
        close = candle.close
        volume = candle.volume
        value = candle.value
    }

    var candle: Candle {
        Candle(
            day: TradingDay(daysSinceEpoch: day), open: open, high: high, low: low, close: close, volume: volume,
            value: value)
    }
}

/// One coin's Korean and English names in the shared table (`coinName` table).
struct CoinNameRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "coinName"
    var symbol: String
    var koreanName: String
    var englishName: String
    /// When the names were fetched, Unix ms.
    var updatedAt: Int64
}

/// One stock of a watchlist (`watchlistEntry` table), at its position in the person's order.
struct WatchlistEntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "watchlistEntry"
    var source: String
    var code: String
    var position: Int

    enum Columns {
        static let source = Column(CodingKeys.source)
        static let position = Column(CodingKeys.position)
    }
}

/// The English name a source gave for a KRX stock.
struct StockNameRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "stockName"
    var code: String
    var englishName: String
}
