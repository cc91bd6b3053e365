/// One row of `GET /v1/ticker` and `GET /v1/ticker/all` (exchange-apis.md §1.2).
public struct UpbitTickerDTO: Codable, Sendable, Equatable {
    public var market: String
    /// UTC trade date `yyyyMMdd` and time `HHmmss`; the `Kst` twins are UTC+9.
    public var tradeDate: String
    public var tradeTime: String
    public var tradeDateKst: String
    public var tradeTimeKst: String
    /// The last trade's time, Unix ms.
    public var tradeTimestamp: Int64
    public var openingPrice: Double
    public var highPrice: Double
    public var lowPrice: Double
    public var tradePrice: Double
    public var prevClosingPrice: Double
    /// `RISE`, `EVEN` or `FALL`.
    public var change: String
    /// Absolute change; the `signed` twins carry the sign.
    public var changePrice: Double
    public var changeRate: Double
    public var signedChangePrice: Double
    public var signedChangeRate: Double
    public var tradeVolume: Double
    /// Value and volume since 00:00 UTC.
    public var accTradePrice: Double
    /// Value and volume over a rolling 24 hours.
    public var accTradePrice24h: Double
    public var accTradeVolume: Double
    public var accTradeVolume24h: Double
    public var highest52WeekPrice: Double?
    public var highest52WeekDate: String?
    public var lowest52WeekPrice: Double?
    public var lowest52WeekDate: String?
    /// When the ticker was produced, Unix ms.
    public var timestamp: Int64

    /// Makes a row.
    public init(
        market: String, tradeDate: String, tradeTime: String, tradeDateKst: String, tradeTimeKst: String,
        tradeTimestamp: Int64, openingPrice: Double, highPrice: Double, lowPrice: Double, tradePrice: Double,
        prevClosingPrice: Double, change: String, changePrice: Double, changeRate: Double,
        signedChangePrice: Double, signedChangeRate: Double, tradeVolume: Double, accTradePrice: Double,
        accTradePrice24h: Double, accTradeVolume: Double, accTradeVolume24h: Double, highest52WeekPrice: Double?,
        highest52WeekDate: String?, lowest52WeekPrice: Double?, lowest52WeekDate: String?, timestamp: Int64
    ) {
        self.market = market
        self.tradeDate = tradeDate
        self.tradeTime = tradeTime
        self.tradeDateKst = tradeDateKst
        self.tradeTimeKst = tradeTimeKst
        self.tradeTimestamp = tradeTimestamp
        self.openingPrice = openingPrice
        self.highPrice = highPrice
        self.lowPrice = lowPrice
        self.tradePrice = tradePrice
        self.prevClosingPrice = prevClosingPrice
        self.change = change
        self.changePrice = changePrice
        self.changeRate = changeRate
        self.signedChangePrice = signedChangePrice
        self.signedChangeRate = signedChangeRate
        self.tradeVolume = tradeVolume
        self.accTradePrice = accTradePrice
        self.accTradePrice24h = accTradePrice24h
        self.accTradeVolume = accTradeVolume
        self.accTradeVolume24h = accTradeVolume24h
        self.highest52WeekPrice = highest52WeekPrice
        self.highest52WeekDate = highest52WeekDate
        self.lowest52WeekPrice = lowest52WeekPrice
        self.lowest52WeekDate = lowest52WeekDate
        self.timestamp = timestamp
    }

    enum CodingKeys: String, CodingKey {
        case market
        case tradeDate = "trade_date"
        case tradeTime = "trade_time"
        case tradeDateKst = "trade_date_kst"
        case tradeTimeKst = "trade_time_kst"
        case tradeTimestamp = "trade_timestamp"
        case openingPrice = "opening_price"
        case highPrice = "high_price"
        case lowPrice = "low_price"
        case tradePrice = "trade_price"
        case prevClosingPrice = "prev_closing_price"
        case change
        case changePrice = "change_price"
        case changeRate = "change_rate"
        case signedChangePrice = "signed_change_price"
        case signedChangeRate = "signed_change_rate"
        case tradeVolume = "trade_volume"
        case accTradePrice = "acc_trade_price"
        case accTradePrice24h = "acc_trade_price_24h"
        case accTradeVolume = "acc_trade_volume"
        case accTradeVolume24h = "acc_trade_volume_24h"
        case highest52WeekPrice = "highest_52_week_price"
        case highest52WeekDate = "highest_52_week_date"
        case lowest52WeekPrice = "lowest_52_week_price"
        case lowest52WeekDate = "lowest_52_week_date"
        case timestamp
    }
}
