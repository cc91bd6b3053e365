import Synchronization

/// Where candles of any interval are kept between runs (issue 30), as replaceable closures:
/// `MarketStore` provides the SQLite one, tests ``inMemory()``. With the candles, the span each
/// market's candles are known to be complete over (every candle that exists there is kept), so a
/// reader fetches only what lies outside it.
public struct CandleStore: Sendable {
    /// A span of candle starts, `from` included, `to` not.
    public struct Coverage: Sendable, Equatable, Codable {
        public var from: Int64
        public var to: Int64

        public init(from: Int64, to: Int64) {
            self.from = from
            self.to = to
        }
    }

    /// The kept candles of a market and interval starting at or after a time, oldest first.
    public var candles:
        @Sendable (_ exchange: Exchange, _ market: MarketID, _ interval: CandleInterval, _ from: Int64) throws ->
            [IntervalCandle]
    /// The span a market's candles of an interval are complete over; `nil` when none is.
    public var coverage:
        @Sendable (_ exchange: Exchange, _ market: MarketID, _ interval: CandleInterval) throws -> Coverage?
    /// Keeps candles (replacing those of the same starts) and the span now complete, in one write.
    public var save:
        @Sendable (
            _ exchange: Exchange, _ market: MarketID, _ interval: CandleInterval, _ candles: [IntervalCandle],
            _ coverage: Coverage
        ) throws -> Void

    /// Makes a store from its operations.
    public init(
        candles:
            @escaping @Sendable (_ exchange: Exchange, _ market: MarketID, _ interval: CandleInterval, _ from: Int64)
            throws -> [IntervalCandle],
        coverage:
            @escaping @Sendable (_ exchange: Exchange, _ market: MarketID, _ interval: CandleInterval) throws ->
            Coverage?,
        save:
            @escaping @Sendable (
                _ exchange: Exchange, _ market: MarketID, _ interval: CandleInterval, _ candles: [IntervalCandle],
                _ coverage: Coverage
            ) throws -> Void
    ) {
        self.candles = candles
        self.coverage = coverage
        self.save = save
    }

    /// A store in memory, for tests and for a run without a database.
    public static func inMemory() -> CandleStore {
        struct Key: Hashable {
            let exchange: Exchange
            let market: MarketID
            let interval: CandleInterval
        }
        let state = Mutex<(candles: [Key: [Int64: IntervalCandle]], coverage: [Key: Coverage])>(([:], [:]))
        return CandleStore(
            candles: { exchange, market, interval, from in
                state.withLock { state in
                    (state.candles[Key(exchange: exchange, market: market, interval: interval)] ?? [:]).values
                        .filter { $0.start >= from }.sorted { $0.start < $1.start }
                }
            },
            coverage: { exchange, market, interval in
                state.withLock { $0.coverage[Key(exchange: exchange, market: market, interval: interval)] }
            },
            save: { exchange, market, interval, candles, coverage in
                let key = Key(exchange: exchange, market: market, interval: interval)
                state.withLock { state in
                    for candle in candles { state.candles[key, default: [:]][candle.start] = candle }
                    state.coverage[key] = coverage
                }
            })
    }
}
