public import MarketDomain

/// An `orderbook` message of the Upbit WebSocket (Bithumb's v1 sends the same): one market's top
/// levels, whole, each unit one ask and one bid (docs.upbit.com "호가 (Orderbook)": `type`, `code`,
/// `total_ask_size`, `total_bid_size`, `orderbook_units`, `timestamp`, `level`, `stream_type`).
public struct UpbitStreamOrderbook: Codable, Sendable, Equatable {
    /// `orderbook`.
    public var type: String
    /// The market code, without the depth suffix the request may carry.
    public var code: String
    public var totalAskSize: Double
    public var totalBidSize: Double
    /// 1호가 first.
    public var orderbookUnits: [UpbitOrderbookDTO.Unit]
    /// When the book was made: Unix ms on Upbit, µs on Bithumb ([LIVE], exchange-apis.md §2.4).
    public var timestamp: Int64
    /// The grouping unit of the prices (`0`: the market's own tick).
    public var level: Double?
    /// `SNAPSHOT` or `REALTIME`.
    public var streamType: String?

    /// Makes a message.
    public init(
        code: String, totalAskSize: Double, totalBidSize: Double, orderbookUnits: [UpbitOrderbookDTO.Unit],
        timestamp: Int64, level: Double?, streamType: String?
    ) {
        type = "orderbook"
        self.code = code
        self.totalAskSize = totalAskSize
        self.totalBidSize = totalBidSize
        self.orderbookUnits = orderbookUnits
        self.timestamp = timestamp
        self.level = level
        self.streamType = streamType
    }

    enum CodingKeys: String, CodingKey {
        case type, code, timestamp, level
        case totalAskSize = "total_ask_size"
        case totalBidSize = "total_bid_size"
        case orderbookUnits = "orderbook_units"
        case streamType = "stream_type"
    }

    /// Written in DEFAULT keys, or in SIMPLE ones (`ty`, `cd`, `tas`, `tbs`, `obu` of `ap` `bp`
    /// `as` `bs`, `tms`, `lv`, `st`) when the encoder's ``UpbitStreamKeys/simple`` says so (§9.5).
    public func encode(to encoder: any Encoder) throws {
        let simple = UpbitStreamKeys.isSimple(encoder)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        func key(_ full: CodingKeys, _ short: String) -> AnyCodingKey { AnyCodingKey(simple ? short : full.rawValue) }
        try container.encode(type, forKey: key(.type, "ty"))
        try container.encode(code, forKey: key(.code, "cd"))
        try container.encode(totalAskSize, forKey: key(.totalAskSize, "tas"))
        try container.encode(totalBidSize, forKey: key(.totalBidSize, "tbs"))
        try container.encode(orderbookUnits, forKey: key(.orderbookUnits, "obu"))
        try container.encode(timestamp, forKey: key(.timestamp, "tms"))
        try container.encodeIfPresent(level, forKey: key(.level, "lv"))
        try container.encodeIfPresent(streamType, forKey: key(.streamType, "st"))
    }

    /// The message of `book` as the server writes it: `timestamp` in µs when `microseconds`
    /// (Bithumb), a unit a level both sides have.
    public init(_ book: OrderBook, snapshot: Bool, microseconds: Bool = false) {
        let row = UpbitOrderbookDTO(book)
        self.init(
            code: row.market, totalAskSize: row.totalAskSize, totalBidSize: row.totalBidSize,
            orderbookUnits: row.orderbookUnits, timestamp: microseconds ? book.timestamp * 1000 : book.timestamp,
            level: 0, streamType: snapshot ? "SNAPSHOT" : "REALTIME")
    }

    /// The book, its time in Unix ms (a time past the year 33658 in ms is taken as µs); `nil`
    /// when the code is not a market's.
    public func toDomain() -> OrderBook? {
        guard let id = MarketID(code) else { return nil }
        let milliseconds = timestamp > 1_000_000_000_000_000 ? timestamp / 1000 : timestamp
        return OrderBook(
            market: id, timestamp: milliseconds,
            asks: orderbookUnits.map { OrderBook.Level(price: $0.askPrice, size: $0.askSize) },
            bids: orderbookUnits.map { OrderBook.Level(price: $0.bidPrice, size: $0.bidSize) })
    }
}
