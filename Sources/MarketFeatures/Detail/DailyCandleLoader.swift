public import MarketDomain

/// Gets a market's daily candles once: from the store's cache when it is current, otherwise
/// from the exchange (then cached).
public struct DailyCandleLoader: Sendable {
    let exchange: Exchange
    let fetch: @Sendable (MarketID, Int) async throws -> [Candle]
    let store: PreferenceStore

    /// Makes a loader.
    public init(
        exchange: Exchange, fetch: @escaping @Sendable (MarketID, Int) async throws -> [Candle], store: PreferenceStore
    ) {
        self.exchange = exchange
        self.fetch = fetch
        self.store = store
    }

    /// A year of candles ending today (`today` is the current UTC day).
    public func load(_ market: MarketID, today: TradingDay, days: Int = 365) async throws -> [Candle] {
        // A cache read that fails is a cache miss: the exchange answers instead.
        let cached = (try? store.cachedCandles(exchange, market)) ?? []
        if let last = cached.last, last.day >= today.adding(days: -1), cached.count >= days - 1 {
            // Yesterday's candles are final; today's comes fresh with the ticks.
            return Array(cached.suffix(days))
        }
        let fetched = try await fetch(market, days)
        let complete = fetched.filter { $0.day < today }
        do { try store.cacheCandles(exchange, market, complete) } catch { /* caching is an optimisation only */  }
        return fetched
    }
}
