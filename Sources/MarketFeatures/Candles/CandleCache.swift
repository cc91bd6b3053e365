public import MarketDomain

/// Candles of any interval from the store where it has them, fetched from the exchange only where
/// it lacks them (issue 30): the first time the whole span asked for, then only the candles since
/// the last fetch (the newest, still trading, always again), and older ones only when a longer
/// span is asked for.
public struct CandleCache: Sendable {
    let store: CandleStore
    let client: MarketDataClient
    let now: @Sendable () -> Int64

    /// A cache over `store` for `client`'s exchange; `now` is the wall clock in Unix ms.
    public init(store: CandleStore, client: MarketDataClient, now: @escaping @Sendable () -> Int64) {
        self.store = store
        self.client = client
        self.now = now
    }

    /// The last `count` candles of `interval` up to now, oldest first.
    public func candles(_ market: MarketID, _ interval: CandleInterval, count: Int) async throws -> [IntervalCandle] {
        guard count > 0 else { return [] }
        let exchange = client.exchange
        let newest = interval.start(containing: now())
        let oldest = Self.step(back: count - 1, from: newest, interval)
        var fetched: [IntervalCandle] = []
        var coverage: CandleStore.Coverage
        if let known = try store.coverage(exchange, market, interval), known.to >= oldest {
            coverage = known
            if oldest < known.from {
                // Older than what is kept: only the span before it.
                let older = Self.intervals(from: oldest, to: known.from, interval)
                fetched += try await client.fetchCandles(market, interval, known.from, older)
                coverage.from = oldest
            }
            // Since the last fetch, with the candle still trading.
            let newer = Self.intervals(from: known.to, to: newest, interval) + 1
            fetched += try await client.fetchCandles(market, interval, nil, newer)
        } else {
            fetched = try await client.fetchCandles(market, interval, nil, count)
            coverage = CandleStore.Coverage(from: oldest, to: newest)
        }
        coverage.to = newest
        try store.save(exchange, market, interval, fetched, coverage)
        // An exchange makes a candle at its first trade: just after a boundary the newest is
        // still the one before, so the span read back reaches as far back as what came.
        let from = min(oldest, fetched.map(\.start).min() ?? oldest)
        return Array(try store.candles(exchange, market, interval, from).suffix(count))
    }

    /// The cache as a detail chart's source of candles.
    public var source: DetailViewModel.CandleSource {
        { market, interval, count in try await candles(market, interval, count: count) }
    }

    /// How many candles of `interval` start from `from` up to `to` (not included).
    static func intervals(from: Int64, to: Int64, _ interval: CandleInterval) -> Int {
        guard to > from else { return 0 }
        if let length = interval.milliseconds { return Int((to - from + length - 1) / length) }
        var count = 0
        var start = from
        while start < to {
            start = interval.next(after: start)
            count += 1
        }
        return count
    }

    /// The start `steps` candles before `start`.
    static func step(back steps: Int, from start: Int64, _ interval: CandleInterval) -> Int64 {
        if let length = interval.milliseconds { return start - Int64(steps) * length }
        var result = start
        for _ in 0..<max(steps, 0) { result = interval.start(containing: result - 1) }
        return result
    }
}
