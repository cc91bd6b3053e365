/// One row of `GET /v1/candles/days` (exchange-apis.md §1.3). Rows come newest first.
public struct UpbitCandleDTO: Codable, Sendable, Equatable {
    public var market: String
    /// The day's start in UTC, `2026-03-11T00:00:00` (no offset).
    public var candleDateTimeUtc: String
    /// The same instant in KST, `2026-03-11T09:00:00`.
    public var candleDateTimeKst: String
    public var openingPrice: Double
    public var highPrice: Double
    public var lowPrice: Double
    /// The close (the last trade price so far for today's candle).
    public var tradePrice: Double
    /// The time of the candle's last tick, Unix ms.
    public var timestamp: Int64
    public var candleAccTradePrice: Double
    public var candleAccTradeVolume: Double
    public var prevClosingPrice: Double
    public var changePrice: Double
    public var changeRate: Double

    /// Makes a row.
    public init(
        market: String, candleDateTimeUtc: String, candleDateTimeKst: String, openingPrice: Double,
        highPrice: Double, lowPrice: Double, tradePrice: Double, timestamp: Int64, candleAccTradePrice: Double,
        candleAccTradeVolume: Double, prevClosingPrice: Double, changePrice: Double, changeRate: Double
    ) {
        self.market = market
        self.candleDateTimeUtc = candleDateTimeUtc
        self.candleDateTimeKst = candleDateTimeKst
        self.openingPrice = openingPrice
        self.highPrice = highPrice
        self.lowPrice = lowPrice
        self.tradePrice = tradePrice
        self.timestamp = timestamp
        self.candleAccTradePrice = candleAccTradePrice
        self.candleAccTradeVolume = candleAccTradeVolume
        self.prevClosingPrice = prevClosingPrice
        self.changePrice = changePrice
        self.changeRate = changeRate
    }

    enum CodingKeys: String, CodingKey {
        case market
        case candleDateTimeUtc = "candle_date_time_utc"
        case candleDateTimeKst = "candle_date_time_kst"
        case openingPrice = "opening_price"
        case highPrice = "high_price"
        case lowPrice = "low_price"
        case tradePrice = "trade_price"
        case timestamp
        case candleAccTradePrice = "candle_acc_trade_price"
        case candleAccTradeVolume = "candle_acc_trade_volume"
        case prevClosingPrice = "prev_closing_price"
        case changePrice = "change_price"
        case changeRate = "change_rate"
    }
}
