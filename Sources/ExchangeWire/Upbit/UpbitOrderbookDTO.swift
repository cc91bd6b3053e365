public import MarketDomain

/// A row of Upbit's `GET /v1/orderbook` (Bithumb's v1 answers the same): one market's book,
/// level by level, each unit one ask and one bid (docs.upbit.com "호가 정보 조회").
public struct UpbitOrderbookDTO: Codable, Sendable, Equatable {
    /// One level of both sides: the n-th ask and the n-th bid.
    public struct Unit: Codable, Sendable, Equatable {
        public var askPrice: Double
        public var bidPrice: Double
        public var askSize: Double
        public var bidSize: Double

        public init(askPrice: Double, bidPrice: Double, askSize: Double, bidSize: Double) {
            self.askPrice = askPrice
            self.bidPrice = bidPrice
            self.askSize = askSize
            self.bidSize = bidSize
        }

        enum CodingKeys: String, CodingKey {
            case askPrice = "ask_price"
            case bidPrice = "bid_price"
            case askSize = "ask_size"
            case bidSize = "bid_size"
        }

        /// In DEFAULT keys, or SIMPLE ones (`ap`, `bp`, `as`, `bs`) in a SIMPLE stream message.
        public func encode(to encoder: any Encoder) throws {
            let simple = UpbitStreamKeys.isSimple(encoder)
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            func key(_ full: CodingKeys, _ short: String) -> AnyCodingKey {
                AnyCodingKey(simple ? short : full.rawValue)
            }
            try container.encode(askPrice, forKey: key(.askPrice, "ap"))
            try container.encode(bidPrice, forKey: key(.bidPrice, "bp"))
            try container.encode(askSize, forKey: key(.askSize, "as"))
            try container.encode(bidSize, forKey: key(.bidSize, "bs"))
        }
    }

    public var market: String
    /// When the book was made, Unix ms.
    public var timestamp: Int64
    public var totalAskSize: Double
    public var totalBidSize: Double
    /// 1호가 first.
    public var orderbookUnits: [Unit]
    /// The grouping unit of the prices (`0`: the market's own tick); absent before v1.4.4.
    public var level: Double?

    public init(
        market: String, timestamp: Int64, totalAskSize: Double, totalBidSize: Double, orderbookUnits: [Unit],
        level: Double?
    ) {
        self.market = market
        self.timestamp = timestamp
        self.totalAskSize = totalAskSize
        self.totalBidSize = totalBidSize
        self.orderbookUnits = orderbookUnits
        self.level = level
    }

    enum CodingKeys: String, CodingKey {
        case market, timestamp, level
        case totalAskSize = "total_ask_size"
        case totalBidSize = "total_bid_size"
        case orderbookUnits = "orderbook_units"
    }

    /// The book; `nil` when the market code is not one.
    public func toDomain() -> OrderBook? {
        guard let id = MarketID(market) else { return nil }
        return OrderBook(
            market: id, timestamp: timestamp,
            asks: orderbookUnits.map { OrderBook.Level(price: $0.askPrice, size: $0.askSize) },
            bids: orderbookUnits.map { OrderBook.Level(price: $0.bidPrice, size: $0.bidSize) })
    }

    /// The row of `book`, as Upbit writes it (a unit a level both sides have).
    public init(_ book: OrderBook) {
        let count = min(book.asks.count, book.bids.count)
        self.init(
            market: book.market.rawValue, timestamp: book.timestamp,
            totalAskSize: book.asks.prefix(count).reduce(0) { $0 + $1.size },
            totalBidSize: book.bids.prefix(count).reduce(0) { $0 + $1.size },
            orderbookUnits: (0..<count).map { index in
                Unit(
                    askPrice: book.asks[index].price, bidPrice: book.bids[index].price,
                    askSize: book.asks[index].size, bidSize: book.bids[index].size)
            },
            level: 0)
    }
}
