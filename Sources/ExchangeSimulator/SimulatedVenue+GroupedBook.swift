import ExchangeWire
import MarketDomain

extension SimulatedVenue {
    /// A market's book grouped by `level` (호가 모아보기) as Upbit serves it over REST and its
    /// WebSocket: `count` groups a side from as many of the market's own levels as they need, each
    /// group's size to 8 decimals; `nil` when the market is not listed or does not take the level
    /// (`/v1/orderbook/supported_levels`).
    func groupedBook(_ id: MarketID, level: Double, count: Int, now: Int64) -> OrderBook? {
        guard let price = figures([id], now: now).first?.price,
            UpbitEndpoint.supportedLevels(of: id, price: price).contains(level)
        else { return nil }
        // Enough of the market's own levels to fill `count` groups.
        let perGroup = Int((level / KRWTickSize.tick(for: price)).rounded(.up))
        guard let depth = depth(id, levels: min(3_000, count * perGroup + 1), trades: 0, now: now) else {
            return nil
        }
        let grouped = depth.book.grouped(by: level).limited(to: count)
        func rounded(_ side: [OrderBook.Level]) -> [OrderBook.Level] {
            side.map { OrderBook.Level(price: $0.price, size: CoinFigures.rounded($0.size, decimals: 8)) }
        }
        return OrderBook(
            market: grouped.market, timestamp: grouped.timestamp, asks: rounded(grouped.asks),
            bids: rounded(grouped.bids))
    }
}
