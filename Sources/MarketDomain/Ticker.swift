/// The current state of one market: last price, change against the previous close and 24h stats.
public struct Ticker: Sendable, Hashable, Codable {
    /// The market this ticker describes.
    public var marketID: MarketID
    /// The last trade price.
    public var price: Double
    /// The change from the previous close, signed (negative when falling).
    public var changePrice: Double
    /// The change from the previous close as a signed fraction (`0.0125` is +1.25 %).
    public var changeRate: Double
    /// Volume traded over the rolling last 24 hours, in the base currency.
    public var volume24h: Double
    /// Value traded over the rolling last 24 hours, in the quote currency (거래대금).
    public var tradeValue24h: Double
    /// Today's opening price.
    public var open: Double
    /// Today's high.
    public var high: Double
    /// Today's low.
    public var low: Double
    /// The previous day's close, which the change is measured against.
    public var previousClose: Double
    /// When the exchange produced this ticker, in Unix milliseconds.
    public var timestamp: Int64

    /// Makes a ticker from its fields.
    public init(
        marketID: MarketID, price: Double, changePrice: Double, changeRate: Double, volume24h: Double,
        tradeValue24h: Double, open: Double, high: Double, low: Double, previousClose: Double, timestamp: Int64
    ) {
        self.marketID = marketID
        self.price = price
        self.changePrice = changePrice
        self.changeRate = changeRate
        self.volume24h = volume24h
        self.tradeValue24h = tradeValue24h
        self.open = open
        self.high = high
        self.low = low
        self.previousClose = previousClose
        self.timestamp = timestamp
    }

    /// Whether the price is above, at or below the previous close.
    public var direction: ChangeDirection { ChangeDirection(signedChange: changePrice) }
}
