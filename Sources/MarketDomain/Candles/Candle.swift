/// One day of trading in a market: open, high, low, close and what was traded.
public struct Candle: Sendable, Hashable, Codable {
    /// The trading day, as the exchange dates it (Upbit's day starts at 00:00 UTC).
    public var day: TradingDay
    /// The first trade price of the day.
    public var open: Double
    /// The highest trade price of the day.
    public var high: Double
    /// The lowest trade price of the day.
    public var low: Double
    /// The last trade price of the day (the live price for today's candle).
    public var close: Double
    /// Volume traded during the day, in the base currency.
    public var volume: Double
    /// Value traded during the day, in the quote currency.
    public var value: Double

    /// Makes a candle from its fields.
    public init(day: TradingDay, open: Double, high: Double, low: Double, close: Double, volume: Double, value: Double)
    {
        self.day = day
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
        self.value = value
    }

    /// A day's candle of the interval candles: dated by the UTC day it starts on.
    public init(_ candle: IntervalCandle) {
        self.init(
            day: TradingDay(unixMilliseconds: candle.start), open: candle.open, high: candle.high, low: candle.low,
            close: candle.close, volume: candle.volume, value: candle.value)
    }
}
