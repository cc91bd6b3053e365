public import MarketDomain

/// A `trade` message of the Upbit WebSocket (Bithumb's v1 sends the same): one trade with the day's
/// figures and, since 2024-11-27, the best ask and bid at the time of the trade (docs.upbit.com
/// "체결 (Trade)").
public struct UpbitStreamTrade: Codable, Sendable, Equatable {
    /// `trade`.
    public var type: String
    public var code: String
    public var tradePrice: Double
    public var tradeVolume: Double
    /// `ASK` when a seller took a bid (매도), `BID` when a buyer took an ask (매수).
    public var askBid: String
    public var prevClosingPrice: Double
    /// `RISE`, `EVEN` or `FALL` against the previous close.
    public var change: String
    /// The change against the previous close, unsigned.
    public var changePrice: Double
    /// `yyyy-MM-dd`, UTC.
    public var tradeDate: String
    /// `HH:mm:ss`, UTC.
    public var tradeTime: String
    /// The trade's time, Unix ms.
    public var tradeTimestamp: Int64
    /// The message's time, Unix ms.
    public var timestamp: Int64
    /// The trade's number, unique (not an order: the docs say so).
    public var sequentialId: Int64
    public var bestAskPrice: Double?
    public var bestAskSize: Double?
    public var bestBidPrice: Double?
    public var bestBidSize: Double?
    /// `SNAPSHOT` or `REALTIME`.
    public var streamType: String?

    /// Makes a message.
    public init(
        code: String, tradePrice: Double, tradeVolume: Double, askBid: String, prevClosingPrice: Double,
        change: String, changePrice: Double, tradeDate: String, tradeTime: String, tradeTimestamp: Int64,
        timestamp: Int64, sequentialId: Int64, bestAskPrice: Double?, bestAskSize: Double?, bestBidPrice: Double?,
        bestBidSize: Double?, streamType: String?
    ) {
        type = "trade"
        self.code = code
        self.tradePrice = tradePrice
        self.tradeVolume = tradeVolume
        self.askBid = askBid
        self.prevClosingPrice = prevClosingPrice
        self.change = change
        self.changePrice = changePrice
        self.tradeDate = tradeDate
        self.tradeTime = tradeTime
        self.tradeTimestamp = tradeTimestamp
        self.timestamp = timestamp
        self.sequentialId = sequentialId
        self.bestAskPrice = bestAskPrice
        self.bestAskSize = bestAskSize
        self.bestBidPrice = bestBidPrice
        self.bestBidSize = bestBidSize
        self.streamType = streamType
    }

    enum CodingKeys: String, CodingKey {
        case type, code, change, timestamp
        case tradePrice = "trade_price"
        case tradeVolume = "trade_volume"
        case askBid = "ask_bid"
        case prevClosingPrice = "prev_closing_price"
        case changePrice = "change_price"
        case tradeDate = "trade_date"
        case tradeTime = "trade_time"
        case tradeTimestamp = "trade_timestamp"
        case sequentialId = "sequential_id"
        case bestAskPrice = "best_ask_price"
        case bestAskSize = "best_ask_size"
        case bestBidPrice = "best_bid_price"
        case bestBidSize = "best_bid_size"
        case streamType = "stream_type"
    }

    /// Written in DEFAULT keys, or in SIMPLE ones (`ty`, `cd`, `tp`, `tv`, `ab`, `pcp`, `c`, `cp`,
    /// `td`, `ttm`, `ttms`, `tms`, `sid`, `bap`, `bas`, `bbp`, `bbs`, `st`) when the encoder's
    /// ``UpbitStreamKeys/simple`` says so (§9.5).
    public func encode(to encoder: any Encoder) throws {
        let simple = UpbitStreamKeys.isSimple(encoder)
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        func key(_ full: CodingKeys, _ short: String) -> AnyCodingKey { AnyCodingKey(simple ? short : full.rawValue) }
        try container.encode(type, forKey: key(.type, "ty"))
        try container.encode(code, forKey: key(.code, "cd"))
        try container.encode(tradePrice, forKey: key(.tradePrice, "tp"))
        try container.encode(tradeVolume, forKey: key(.tradeVolume, "tv"))
        try container.encode(askBid, forKey: key(.askBid, "ab"))
        try container.encode(prevClosingPrice, forKey: key(.prevClosingPrice, "pcp"))
        try container.encode(change, forKey: key(.change, "c"))
        try container.encode(changePrice, forKey: key(.changePrice, "cp"))
        try container.encode(tradeDate, forKey: key(.tradeDate, "td"))
        try container.encode(tradeTime, forKey: key(.tradeTime, "ttm"))
        try container.encode(tradeTimestamp, forKey: key(.tradeTimestamp, "ttms"))
        try container.encode(timestamp, forKey: key(.timestamp, "tms"))
        try container.encode(sequentialId, forKey: key(.sequentialId, "sid"))
        try container.encodeIfPresent(bestAskPrice, forKey: key(.bestAskPrice, "bap"))
        try container.encodeIfPresent(bestAskSize, forKey: key(.bestAskSize, "bas"))
        try container.encodeIfPresent(bestBidPrice, forKey: key(.bestBidPrice, "bbp"))
        try container.encodeIfPresent(bestBidSize, forKey: key(.bestBidSize, "bbs"))
        try container.encodeIfPresent(streamType, forKey: key(.streamType, "st"))
    }

    /// The message of `trade` against the day's previous close and the book at the time, as the
    /// server writes it.
    public init(_ trade: Trade, previousClose: Double, book: OrderBook?, snapshot: Bool, now: Int64) {
        let change = trade.price - previousClose
        self.init(
            code: trade.market.rawValue, tradePrice: trade.price, tradeVolume: trade.size,
            askBid: trade.side == .sell ? "ASK" : "BID", prevClosingPrice: previousClose,
            change: change > 0 ? "RISE" : change < 0 ? "FALL" : "EVEN", changePrice: abs(change),
            tradeDate: TradingDay(unixMilliseconds: trade.timestamp).description,
            tradeTime: UpbitTime.colonTime(unixMilliseconds: trade.timestamp), tradeTimestamp: trade.timestamp,
            timestamp: now, sequentialId: trade.id, bestAskPrice: book?.bestAsk?.price,
            bestAskSize: book?.bestAsk?.size, bestBidPrice: book?.bestBid?.price, bestBidSize: book?.bestBid?.size,
            streamType: snapshot ? "SNAPSHOT" : "REALTIME")
    }

    /// The trade; `nil` when the code or the side is not one.
    public func toDomain() -> Trade? {
        guard let id = MarketID(code) else { return nil }
        let side: Trade.Side
        switch askBid {
        case "ASK": side = .sell
        case "BID": side = .buy
        default: return nil
        }
        return Trade(
            market: id, price: tradePrice, size: tradeVolume, side: side, timestamp: tradeTimestamp, id: sequentialId)
    }
}

/// Any frame a depth subscription on the Upbit WebSocket receives: a book, a trade, the
/// `{"status":"UP"}` answer to `PING`, an error (after which the server closes), or another type.
public enum UpbitDepthFrame: Decodable, Sendable, Equatable {
    case orderbook(UpbitStreamOrderbook)
    case trade(UpbitStreamTrade)
    case status(String)
    case error(UpbitErrorBody.Detail)
    /// A message of another type (ticker, …), named by its type.
    case other(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        if let type = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("type")) {
            switch type {
            case "orderbook": self = .orderbook(try UpbitStreamOrderbook(from: decoder))
            case "trade": self = .trade(try UpbitStreamTrade(from: decoder))
            default: self = .other(type)
            }
        } else if let status = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("status")) {
            self = .status(status)
        } else if let error = try container.decodeIfPresent(UpbitErrorBody.Detail.self, forKey: AnyCodingKey("error")) {
            self = .error(error)
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath, debugDescription: "Neither a typed message, a status nor an error"))
        }
    }
}
