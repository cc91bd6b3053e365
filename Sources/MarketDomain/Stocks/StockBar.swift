/// One day of a stock's trading: open, high, low, close and volume (SPEC §1.7).
public struct StockBar: Sendable, Hashable, Codable {
    /// The trading day, in the exchange's own calendar.
    public var day: TradingDay
    public var open: Double
    public var high: Double
    public var low: Double
    public var close: Double
    /// Shares traded.
    public var volume: Double

    /// Makes a bar.
    public init(day: TradingDay, open: Double, high: Double, low: Double, close: Double, volume: Double) {
        self.day = day
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
    }
}

extension StockBar {
    /// The bar as a candle for the charts, its traded value taken as the volume at the close
    /// (the sources give shares, not value): one conversion for every face.
    public var candle: Candle {
        Candle(day: day, open: open, high: high, low: low, close: close, volume: volume, value: volume * close)
    }
}
