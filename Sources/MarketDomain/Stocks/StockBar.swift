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
