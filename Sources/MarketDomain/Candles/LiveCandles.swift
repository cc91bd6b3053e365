/// Candles of one interval that move with the trades as they arrive (issue 30): a trade in the
/// newest candle's time updates it, a later one opens the next. Trades older than the newest
/// candle were already counted by the exchange's own candles and are left out.
public struct LiveCandles: Sendable, Equatable {
    public let interval: CandleInterval
    /// Oldest first.
    public private(set) var candles: [IntervalCandle]
    /// The most candles kept (the oldest go first).
    public let limit: Int
    /// The time of the last trade taken; a trade at or before it is not counted again.
    private var lastTrade: Int64 = .min

    /// Candles as the exchange served them, oldest first, to be moved on by trades after `since`
    /// (the time of the fetch: trades before it are in the candles already).
    public init(interval: CandleInterval, candles: [IntervalCandle], since: Int64, limit: Int = 10_000) {
        self.interval = interval
        self.candles = Array(candles.suffix(limit))
        self.limit = max(limit, 1)
        lastTrade = since
    }

    /// Takes trades in (any order); returns whether a candle changed.
    @discardableResult
    public mutating func take(_ trades: [Trade]) -> Bool {
        var changed = false
        for trade in trades.sorted(by: { $0.timestamp < $1.timestamp }) where trade.timestamp > lastTrade {
            lastTrade = trade.timestamp
            let start = interval.start(containing: trade.timestamp)
            let traded = IntervalCandle(
                start: start, open: trade.price, high: trade.price, low: trade.price, close: trade.price,
                volume: trade.size, value: trade.price * trade.size)
            if let last = candles.last, last.start == start {
                candles[candles.count - 1].absorb(traded)
            } else if candles.last.map({ $0.start < start }) ?? true {
                candles.append(traded)
                if candles.count > limit { candles.removeFirst(candles.count - limit) }
            } else {
                continue  // older than the newest candle: the exchange counted it
            }
            changed = true
        }
        return changed
    }

    /// Puts the candles of `older` that start before the first kept one in front (oldest first,
    /// the limit kept); returns whether any came.
    @discardableResult
    public mutating func prepend(_ older: [IntervalCandle]) -> Bool {
        let first = candles.first?.start ?? .max
        let before = older.filter { $0.start < first }.sorted { $0.start < $1.start }
        guard !before.isEmpty else { return false }
        candles = Array((before + candles).suffix(limit))
        return true
    }
}
