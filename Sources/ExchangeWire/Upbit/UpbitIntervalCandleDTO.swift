/// One row of Upbit's (and Bithumb's v1) candles other than days: `/v1/candles/seconds`,
/// `/v1/candles/minutes/{unit}` (with `unit`), `/v1/candles/weeks` and `/months` (with
/// `first_day_of_period`) (exchange-apis.md §9.4). Rows come newest first.
public struct UpbitIntervalCandleDTO: Codable, Sendable, Equatable {
    public var market: String
    /// The candle's start in UTC, `2026-03-11T04:05:00` (no offset).
    public var candleDateTimeUtc: String
    /// The same instant in KST.
    public var candleDateTimeKst: String
    public var openingPrice: Double
    public var highPrice: Double
    public var lowPrice: Double
    /// The close (the last trade price so far for the newest candle).
    public var tradePrice: Double
    /// The time of the candle's last tick, Unix ms.
    public var timestamp: Int64
    public var candleAccTradePrice: Double
    public var candleAccTradeVolume: Double
    /// The minutes of a minute candle.
    public var unit: Int?
    /// The first day of a week's or month's candle, `2026-03-09`.
    public var firstDayOfPeriod: String?

    /// Makes a row.
    public init(
        market: String, candleDateTimeUtc: String, candleDateTimeKst: String, openingPrice: Double,
        highPrice: Double, lowPrice: Double, tradePrice: Double, timestamp: Int64, candleAccTradePrice: Double,
        candleAccTradeVolume: Double, unit: Int? = nil, firstDayOfPeriod: String? = nil
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
        self.unit = unit
        self.firstDayOfPeriod = firstDayOfPeriod
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
        case unit
        case firstDayOfPeriod = "first_day_of_period"
    }
}
