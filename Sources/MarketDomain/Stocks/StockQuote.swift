/// A stock's current price and day (SPEC §1.7): last, previous close, the signed change and its
/// rate, volume and trade value, the day's range and the 52-week range.
public struct StockQuote: Sendable, Hashable, Codable {
    /// The stock's code (`005930`, `AAPL`).
    public var code: String
    public var price: Double
    public var previousClose: Double
    /// Signed, price − previous close.
    public var changePrice: Double
    /// Signed fraction: `0.0125` is +1.25 %.
    public var changeRate: Double
    /// Shares traded today.
    public var volume: Double
    /// Value traded today in the stock's currency.
    public var tradeValue: Double
    public var dayHigh: Double
    public var dayLow: Double
    public var week52High: Double?
    public var week52Low: Double?
    /// When the price was taken, Unix ms.
    public var timestamp: Int64

    /// Makes a quote; the change and its rate follow from the price and the previous close.
    public init(
        code: String, price: Double, previousClose: Double, volume: Double, tradeValue: Double, dayHigh: Double,
        dayLow: Double, week52High: Double? = nil, week52Low: Double? = nil, timestamp: Int64,
        changePrice: Double? = nil, changeRate: Double? = nil
    ) {
        self.code = code
        self.price = price
        self.previousClose = previousClose
        let change = changePrice ?? price - previousClose
        self.changePrice = change
        self.changeRate = changeRate ?? (previousClose > 0 ? change / previousClose : 0)
        self.volume = volume
        self.tradeValue = tradeValue
        self.dayHigh = dayHigh
        self.dayLow = dayLow
        self.week52High = week52High
        self.week52Low = week52Low
        self.timestamp = timestamp
    }

    /// Up, flat or down against the previous close.
    public var direction: ChangeDirection { ChangeDirection(signedChange: changePrice) }
}
