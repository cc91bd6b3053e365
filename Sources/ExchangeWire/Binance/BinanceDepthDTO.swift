public import MarketDomain

/// Binance's `GET /api/v3/depth` answer: `{"lastUpdateId":…,"bids":[["price","qty"],…],"asks":[…]}`,
/// each level a pair of decimal strings, bids highest first and asks lowest first (Binance's spot
/// API docs, "Order book").
public struct BinanceDepthDTO: Codable, Sendable, Equatable {
    /// The book's update number (for following it with the diff stream).
    public var lastUpdateId: Int64
    public var bids: [[WireDecimal]]
    public var asks: [[WireDecimal]]

    public init(lastUpdateId: Int64, bids: [[WireDecimal]], asks: [[WireDecimal]]) {
        self.lastUpdateId = lastUpdateId
        self.bids = bids
        self.asks = asks
    }

    /// The book of `market` at `timestamp` (the answer carries no time); a level that is not a
    /// pair of numbers is left out.
    public func toDomain(market: MarketID, timestamp: Int64) -> OrderBook {
        func levels(_ side: [[WireDecimal]]) -> [OrderBook.Level] {
            side.compactMap { pair in
                guard pair.count == 2, let price = pair[0].value, let size = pair[1].value else { return nil }
                return OrderBook.Level(price: price, size: size)
            }
        }
        return OrderBook(market: market, timestamp: timestamp, asks: levels(asks), bids: levels(bids))
    }

    /// The answer for `book`, as Binance writes it: every number with eight decimals.
    public init(_ book: OrderBook, lastUpdateId: Int64) {
        func levels(_ side: [OrderBook.Level]) -> [[WireDecimal]] {
            side.map { [.fixed($0.price), .fixed($0.size)] }
        }
        self.init(lastUpdateId: lastUpdateId, bids: levels(book.bids), asks: levels(book.asks))
    }
}
