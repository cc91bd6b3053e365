public import MarketDomain

/// The `data` of Korbit's `GET /v2/orderbook?symbol=btc_krw` (and of its WebSocket `orderbook`
/// messages): `{timestamp, asks[{price,qty}], bids[{price,qty}]}`, numbers as strings
/// (exchange-apis.md §3.6), at most 30 levels a side.
public struct KorbitOrderbookDTO: Codable, Sendable, Equatable {
    /// One level: its price and quantity.
    public struct Level: Codable, Sendable, Equatable {
        public var price: WireDecimal
        public var qty: WireDecimal

        public init(price: WireDecimal, qty: WireDecimal) {
            self.price = price
            self.qty = qty
        }
    }

    /// When the book was made, Unix ms.
    public var timestamp: Int64
    public var asks: [Level]
    public var bids: [Level]

    public init(timestamp: Int64, asks: [Level], bids: [Level]) {
        self.timestamp = timestamp
        self.asks = asks
        self.bids = bids
    }

    /// The book of `market` (a level whose numbers cannot be read is left out).
    public func toDomain(market: MarketID) -> OrderBook {
        func levels(_ side: [Level]) -> [OrderBook.Level] {
            side.compactMap { level in
                guard let price = level.price.value, let size = level.qty.value else { return nil }
                return OrderBook.Level(price: price, size: size)
            }
        }
        return OrderBook(market: market, timestamp: timestamp, asks: levels(asks), bids: levels(bids))
    }

    /// The data of `book`, as Korbit writes it.
    public init(_ book: OrderBook) {
        func levels(_ side: [OrderBook.Level]) -> [Level] {
            side.map { Level(price: WireDecimal($0.price), qty: WireDecimal($0.size)) }
        }
        self.init(timestamp: book.timestamp, asks: levels(book.asks), bids: levels(book.bids))
    }
}
