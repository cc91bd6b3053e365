import MarketDomain

/// A simulated coin's own trades by the minute and by the second since the simulator started
/// (issue 30): minutes of today and yesterday, seconds of the last ten minutes, each only where
/// something traded, as an exchange keeps them. Older minutes and seconds are made up inside the
/// candles that hold them (``CandlePath``), so every interval adds up to the day.
struct IntradayLog: Sendable {
    /// Today's candle as it stood when the simulator started: the minutes before then are made up
    /// inside it. `nil` until the market has started.
    var opening: Candle?
    /// When the simulator started, Unix ms.
    var start: Int64 = 0
    /// Minutes with trades, oldest first.
    var minutes: [IntervalCandle] = []
    /// Every minute from here on is in ``minutes`` (the start's minute, then the start of
    /// yesterday once older ones are let go).
    var minutesFrom: Int64 = 0
    /// Seconds with trades, oldest first.
    var seconds: [IntervalCandle] = []
    /// Every second from here on is in ``seconds``.
    var secondsFrom: Int64 = 0

    /// How long seconds are kept, in whole minutes.
    static let secondsKept: Int64 = 10 * 60_000

    /// Starts the log at `time`, with today's candle as it stands then.
    mutating func begin(at time: Int64, today: Candle) {
        opening = today
        start = time
        minutesFrom = CandleInterval.minute.start(containing: time)
        secondsFrom = CandleInterval.second.start(containing: time)
    }

    /// Takes one trade in.
    mutating func record(price: Double, volume: Double, value: Double, at time: Int64) {
        guard opening != nil else { return }
        let trade = IntervalCandle(
            start: 0, open: price, high: price, low: price, close: price, volume: volume, value: value)
        let minute = CandleInterval.minute.start(containing: time)
        if Self.add(trade, at: minute, to: &minutes) {
            // A new minute: let go of what is older than yesterday, and of seconds past ten minutes.
            let yesterday = TradingDay(unixMilliseconds: time).adding(days: -1).startUnixMilliseconds
            Self.drop(&minutes, before: yesterday, from: &minutesFrom)
            Self.drop(&seconds, before: minute - Self.secondsKept, from: &secondsFrom)
        }
        _ = Self.add(trade, at: CandleInterval.second.start(containing: time), to: &seconds)
    }

    /// Adds a trade to the candle at `start`, or as a new candle; true when it is new.
    private static func add(_ trade: IntervalCandle, at start: Int64, to candles: inout [IntervalCandle]) -> Bool {
        if let last = candles.last, last.start >= start {
            candles[candles.count - 1].absorb(trade)
            return false
        }
        candles.append(IntervalCandle(start: start, candle: trade))
        return true
    }

    private static func drop(_ candles: inout [IntervalCandle], before time: Int64, from kept: inout Int64) {
        guard kept < time else { return }
        kept = time
        guard let first = candles.first, first.start < time else { return }
        candles.removeFirst(candles.firstIndex { $0.start >= time } ?? candles.count)
    }
}
