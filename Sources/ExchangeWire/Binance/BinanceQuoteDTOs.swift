public import MarketDomain

/// One object of `GET /api/v3/ticker/price` (Binance's spot market-data docs): `{"symbol","price"}`.
public struct BinancePriceTickerDTO: Codable, Sendable, Equatable {
    public var symbol: String
    public var price: WireDecimal

    public init(symbol: String, price: WireDecimal) {
        self.symbol = symbol
        self.price = price
    }
}

/// One object of `GET /api/v3/ticker/bookTicker`: the best bid and ask with their quantities.
public struct BinanceBookTickerDTO: Codable, Sendable, Equatable {
    public var symbol: String
    public var bidPrice: WireDecimal
    public var bidQty: WireDecimal
    public var askPrice: WireDecimal
    public var askQty: WireDecimal

    /// The best of `book` for `symbol`.
    public init(symbol: String, book: OrderBook) {
        self.symbol = symbol
        bidPrice = WireDecimal(book.bids.first?.price ?? 0)
        bidQty = WireDecimal(book.bids.first?.size ?? 0)
        askPrice = WireDecimal(book.asks.first?.price ?? 0)
        askQty = WireDecimal(book.asks.first?.size ?? 0)
    }
}

/// One row of `GET /api/v3/aggTrades`: trades of one taker at one price, `a` its id, `f`…`l`
/// the trades it holds, `T` its time, `m` true when the buyer was the maker.
public struct BinanceAggregateTradeDTO: Codable, Sendable, Equatable {
    public var id: Int64
    public var price: WireDecimal
    public var quantity: WireDecimal
    public var firstTradeID: Int64
    public var lastTradeID: Int64
    public var time: Int64
    public var isBuyerMaker: Bool
    /// Binance says to ignore it.
    public var isBestMatch: Bool

    enum CodingKeys: String, CodingKey {
        case id = "a"
        case price = "p"
        case quantity = "q"
        case firstTradeID = "f"
        case lastTradeID = "l"
        case time = "T"
        case isBuyerMaker = "m"
        case isBestMatch = "M"
    }

    /// The aggregate of `trades` (one taker's, at one price, oldest first), named by the first's id.
    public init?(_ trades: [Trade]) {
        guard let first = trades.first, let last = trades.last else { return nil }
        id = first.id
        price = WireDecimal(first.price)
        quantity = WireDecimal(trades.reduce(0) { $0 + $1.size })
        (firstTradeID, lastTradeID, time) = (first.id, last.id, first.timestamp)
        isBuyerMaker = first.side == .sell
        isBestMatch = true
    }
}

/// The answer of `GET /api/v3/time`: `{"serverTime": 1499827319559}`.
public struct BinanceServerTimeDTO: Codable, Sendable, Equatable {
    public var serverTime: Int64

    public init(serverTime: Int64) {
        self.serverTime = serverTime
    }
}

/// The `<symbol>@depth` event (Binance's spot WebSocket streams docs, "Diff. Depth Stream"): the
/// levels whose quantity changed between update `U` and update `u`, a quantity of 0 removing one.
/// A client keeps the book by applying these on a `GET /api/v3/depth` snapshot whose
/// `lastUpdateId` lies in `U - 1 ..< u`, then each event whose `U` is the last one's `u` + 1.
public struct BinanceDepthUpdate: Codable, Sendable, Equatable {
    /// `depthUpdate`.
    public var eventType: String
    public var eventTime: Int64
    public var symbol: String
    public var firstUpdateID: Int64
    public var finalUpdateID: Int64
    public var bids: [[WireDecimal]]
    public var asks: [[WireDecimal]]

    enum CodingKeys: String, CodingKey {
        case eventType = "e"
        case eventTime = "E"
        case symbol = "s"
        case firstUpdateID = "U"
        case finalUpdateID = "u"
        case bids = "b"
        case asks = "a"
    }

    /// The event of changed `bids` and `asks` (a size of 0 removing a level) of `symbol`'s book
    /// over updates `first`…`final`.
    public init(
        symbol: String, first: Int64, final: Int64, bids: [OrderBook.Level], asks: [OrderBook.Level], now: Int64
    ) {
        func levels(_ side: [OrderBook.Level]) -> [[WireDecimal]] {
            side.map { [.fixed($0.price), .fixed($0.size)] }
        }
        eventType = "depthUpdate"
        eventTime = now
        self.symbol = symbol
        (firstUpdateID, finalUpdateID) = (first, final)
        (self.bids, self.asks) = (levels(bids), levels(asks))
    }
}

/// The `<symbol>@aggTrade` event: one aggregate trade's keys (`a`, `p`, `q`, `f`, `l`, `T`, `m`,
/// `M`, as `GET /api/v3/aggTrades` writes them) beside the event's type, time and symbol.
public struct BinanceStreamAggregateTrade: Codable, Sendable, Equatable {
    /// `aggTrade`.
    public var eventType: String
    public var eventTime: Int64
    public var symbol: String
    public var trade: BinanceAggregateTradeDTO

    enum CodingKeys: String, CodingKey {
        case eventType = "e"
        case eventTime = "E"
        case symbol = "s"
    }

    /// The event of one trade as its own aggregate.
    public init?(_ trade: Trade, now: Int64) {
        guard let row = BinanceAggregateTradeDTO([trade]) else { return nil }
        eventType = "aggTrade"
        eventTime = now
        symbol = BinanceWire.symbol(trade.market)
        self.trade = row
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        eventType = try container.decode(String.self, forKey: .eventType)
        eventTime = try container.decode(Int64.self, forKey: .eventTime)
        symbol = try container.decode(String.self, forKey: .symbol)
        trade = try BinanceAggregateTradeDTO(from: decoder)
    }

    /// One flat object: the event's keys, then the trade's.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(eventType, forKey: .eventType)
        try container.encode(eventTime, forKey: .eventTime)
        try container.encode(symbol, forKey: .symbol)
        try trade.encode(to: encoder)
    }
}

/// The `<symbol>@miniTicker` event: the 24 h's close (the last price), open, high, low and volumes.
public struct BinanceStreamMiniTicker: Codable, Sendable, Equatable {
    /// `24hrMiniTicker`.
    public var eventType: String
    public var eventTime: Int64
    public var symbol: String
    public var close: WireDecimal
    public var open: WireDecimal
    public var high: WireDecimal
    public var low: WireDecimal
    public var volume: WireDecimal
    public var quoteVolume: WireDecimal

    enum CodingKeys: String, CodingKey {
        case eventType = "e"
        case eventTime = "E"
        case symbol = "s"
        case close = "c"
        case open = "o"
        case high = "h"
        case low = "l"
        case volume = "v"
        case quoteVolume = "q"
    }

    /// The mini ticker of a full one.
    public init(_ ticker: BinanceTicker24hDTO, now: Int64) {
        eventType = "24hrMiniTicker"
        eventTime = now
        symbol = ticker.symbol
        (close, open, high, low) = (ticker.lastPrice, ticker.openPrice, ticker.highPrice, ticker.lowPrice)
        (volume, quoteVolume) = (ticker.volume, ticker.quoteVolume)
    }
}
