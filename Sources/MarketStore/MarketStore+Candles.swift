import GRDB
public import MarketDomain

extension MarketStore {
    /// The kept candles of a market and interval starting at or after `from`, oldest first.
    public func intervalCandles(
        _ exchange: Exchange, _ market: MarketID, _ interval: CandleInterval, from: Int64
    ) throws -> [IntervalCandle] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT start, open, high, low, close, volume, value FROM intervalCandle
                    WHERE exchange = ? AND market = ? AND interval = ? AND start >= ? ORDER BY start
                    """, arguments: [exchange.rawValue, market.rawValue, interval.rawValue, from]
            ).map { row in
                IntervalCandle(
                    start: row["start"], open: row["open"], high: row["high"], low: row["low"], close: row["close"],
                    volume: row["volume"], value: row["value"])
            }
        }
    }

    /// The span a market's candles of an interval are complete over; `nil` when none is.
    public func candleCoverage(
        _ exchange: Exchange, _ market: MarketID, _ interval: CandleInterval
    ) throws -> CandleStore.Coverage? {
        try read { db in
            try Row.fetchOne(
                db,
                sql: "SELECT fromStart, toStart FROM candleCoverage WHERE exchange = ? AND market = ? AND interval = ?",
                arguments: [exchange.rawValue, market.rawValue, interval.rawValue]
            ).map { CandleStore.Coverage(from: $0["fromStart"], to: $0["toStart"]) }
        }
    }

    /// Keeps candles (replacing those of the same starts) and the span now complete, in one write.
    public func saveIntervalCandles(
        _ exchange: Exchange, _ market: MarketID, _ interval: CandleInterval, _ candles: [IntervalCandle],
        coverage: CandleStore.Coverage
    ) throws {
        let key: [any DatabaseValueConvertible] = [exchange.rawValue, market.rawValue, interval.rawValue]
        try write { db in
            let insert = try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO intervalCandle (exchange, market, interval, start, open, high, low, close,
                    volume, value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for candle in candles {
                let values: [any DatabaseValueConvertible] = [
                    candle.start, candle.open, candle.high, candle.low, candle.close, candle.volume, candle.value,
                ]
                try insert.execute(arguments: StatementArguments(key + values))
            }
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO candleCoverage (exchange, market, interval, fromStart, toStart)
                    VALUES (?, ?, ?, ?, ?)
                    """, arguments: StatementArguments(key + [coverage.from, coverage.to]))
        }
    }

    /// This store as the candle cache's store.
    public var candleStore: CandleStore {
        CandleStore(
            candles: { try self.intervalCandles($0, $1, $2, from: $3) },
            coverage: { try self.candleCoverage($0, $1, $2) },
            save: { try self.saveIntervalCandles($0, $1, $2, $3, coverage: $4) })
    }
}
