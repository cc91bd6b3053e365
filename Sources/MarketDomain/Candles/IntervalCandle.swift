/// One candle of any ``CandleInterval``: when it starts, open, high, low, close and what was
/// traded. A candle exists only when something traded in it (exchange-apis.md §9.4).
public struct IntervalCandle: Sendable, Hashable, Codable {
    /// The candle's start, Unix ms (UTC).
    public var start: Int64
    public var open: Double
    public var high: Double
    public var low: Double
    /// The last trade price in the candle (the live price for the newest one).
    public var close: Double
    /// Volume traded, in the base currency.
    public var volume: Double
    /// Value traded, in the quote currency.
    public var value: Double

    /// Makes a candle from its fields.
    public init(
        start: Int64, open: Double, high: Double, low: Double, close: Double, volume: Double, value: Double
    ) {
        self.start = start
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
        self.value = value
    }

    /// A daily candle as one of a day.
    public init(_ candle: Candle) {
        self.init(
            start: candle.day.startUnixMilliseconds, open: candle.open, high: candle.high, low: candle.low,
            close: candle.close, volume: candle.volume, value: candle.value)
    }

    /// Takes a later candle into this one (rolling minutes up into hours, days into weeks):
    /// the open stays, the close is the later one's, the extremes and the amounts add up.
    public mutating func absorb(_ later: IntervalCandle) {
        high = max(high, later.high)
        low = min(low, later.low)
        close = later.close
        volume += later.volume
        value += later.value
    }

    /// `candles` (oldest first, each of a shorter interval) rolled up into candles of `interval`,
    /// oldest first.
    public static func rollUp(_ candles: [IntervalCandle], into interval: CandleInterval) -> [IntervalCandle] {
        rollUp(candles, startingAt: interval.start(containing:))
    }

    /// `candles` (oldest first) rolled up into the candles `start` puts them in (the start of the
    /// longer candle containing a time), oldest first.
    public static func rollUp(
        _ candles: [IntervalCandle], startingAt start: (Int64) -> Int64
    ) -> [IntervalCandle] {
        var rolled: [IntervalCandle] = []
        for candle in candles {
            let start = start(candle.start)
            if let last = rolled.last, last.start == start {
                rolled[rolled.count - 1].absorb(candle)
            } else {
                var first = candle
                first.start = start
                rolled.append(first)
            }
        }
        return rolled
    }
}
