/// An `orderbook` message of Korbit's v2 WebSocket (exchange-apis.md §3.6): the pair, the
/// server's send time, `snapshot` on the first after a subscribe, and the book whole as `data`
/// (the REST order book's shape, at most 30 levels a side).
public struct KorbitStreamOrderbook: Codable, Sendable, Equatable {
    public var symbol: String
    /// When the server sent it, Unix ms.
    public var timestamp: Int64
    /// `orderbook`.
    public var type: String
    /// `true` on the first message after a subscribe; absent on live ones.
    public var snapshot: Bool?
    public var data: KorbitOrderbookDTO

    /// Makes a message.
    public init(symbol: String, timestamp: Int64, snapshot: Bool?, data: KorbitOrderbookDTO) {
        self.symbol = symbol
        self.timestamp = timestamp
        type = "orderbook"
        self.snapshot = snapshot
        self.data = data
    }
}

/// A `trade` message of Korbit's v2 WebSocket (exchange-apis.md §3.6): `data` is an array of
/// trades, each `{timestamp, price, qty, isBuyerTaker, tradeId}` as on REST.
public struct KorbitStreamTrades: Codable, Sendable, Equatable {
    public var symbol: String
    /// When the server sent it, Unix ms.
    public var timestamp: Int64
    /// `trade`.
    public var type: String
    /// `true` on the first message after a subscribe; absent on live ones.
    public var snapshot: Bool?
    public var data: [KorbitTradeDTO]

    /// Makes a message.
    public init(symbol: String, timestamp: Int64, snapshot: Bool?, data: [KorbitTradeDTO]) {
        self.symbol = symbol
        self.timestamp = timestamp
        type = "trade"
        self.snapshot = snapshot
        self.data = data
    }
}

/// Any frame a depth subscription on Korbit's v2 WebSocket receives, told apart by its keys.
public enum KorbitDepthFrame: Decodable, Sendable, Equatable {
    case orderbook(KorbitStreamOrderbook)
    case trades(KorbitStreamTrades)
    /// A control message (acknowledgement or failure).
    case status(KorbitStreamStatus)
    /// Another data type (ticker), by its name.
    case other(type: String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        if container.contains(AnyCodingKey("status")) {
            self = .status(try KorbitStreamStatus(from: decoder))
            return
        }
        switch try container.decode(String.self, forKey: AnyCodingKey("type")) {
        case "orderbook": self = .orderbook(try KorbitStreamOrderbook(from: decoder))
        case "trade": self = .trades(try KorbitStreamTrades(from: decoder))
        case let type: self = .other(type: type)
        }
    }
}
