public import MarketDomain

/// The `<symbol>@trade` event of Binance's WebSocket (Binance's spot WebSocket streams docs,
/// "Trade Streams"): one trade, one-letter keys, numbers as strings; `m` is true when the buyer
/// was the maker (the seller took the bid).
public struct BinanceStreamTrade: Codable, Sendable, Equatable {
    /// `trade`.
    public var eventType: String
    /// Event time, Unix ms.
    public var eventTime: Int64
    public var symbol: String
    public var tradeID: Int64
    public var price: WireDecimal
    public var quantity: WireDecimal
    /// Trade time, Unix ms.
    public var tradeTime: Int64
    public var isBuyerMaker: Bool
    /// Binance says to ignore it.
    public var ignore: Bool?

    /// Makes an event.
    public init(
        eventTime: Int64, symbol: String, tradeID: Int64, price: WireDecimal, quantity: WireDecimal, tradeTime: Int64,
        isBuyerMaker: Bool
    ) {
        eventType = "trade"
        self.eventTime = eventTime
        self.symbol = symbol
        self.tradeID = tradeID
        self.price = price
        self.quantity = quantity
        self.tradeTime = tradeTime
        self.isBuyerMaker = isBuyerMaker
        ignore = true
    }

    enum CodingKeys: String, CodingKey {
        case eventType = "e"
        case eventTime = "E"
        case symbol = "s"
        case tradeID = "t"
        case price = "p"
        case quantity = "q"
        case tradeTime = "T"
        case isBuyerMaker = "m"
        case ignore = "M"
    }

    /// The event of `trade`, as Binance writes it.
    public init(_ trade: Trade, now: Int64) {
        self.init(
            eventTime: now, symbol: BinanceWire.symbol(trade.market), tradeID: trade.id,
            price: WireDecimal(trade.price), quantity: WireDecimal(trade.size), tradeTime: trade.timestamp,
            isBuyerMaker: trade.side == .sell)
    }

    /// The trade; `nil` when the symbol or a number cannot be read.
    public func toDomain() -> Trade? {
        guard let market = BinanceWire.marketID(symbol), let price = price.value, let size = quantity.value else {
            return nil
        }
        return Trade(
            market: market, price: price, size: size, side: isBuyerMaker ? .sell : .buy, timestamp: tradeTime,
            id: tradeID)
    }
}

/// Any frame a depth subscription on Binance's raw-stream WebSocket receives: a partial book
/// (`<symbol>@depth<levels>@100ms`, the REST depth's shape with no symbol nor time), a trade, a
/// request's result, or an error.
public enum BinanceDepthFrame: Decodable, Sendable, Equatable {
    case depth(BinanceDepthDTO)
    case trade(BinanceStreamTrade)
    case result(BinanceStreamResult)
    case error(BinanceErrorBody)
    /// Another event (a ticker), by its type.
    case other(String)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        if container.contains(AnyCodingKey("lastUpdateId")) {
            self = .depth(try BinanceDepthDTO(from: decoder))
        } else if let type = try container.decodeIfPresent(String.self, forKey: AnyCodingKey("e")) {
            self = type == "trade" ? .trade(try BinanceStreamTrade(from: decoder)) : .other(type)
        } else if container.contains(AnyCodingKey("code")) {
            self = .error(try BinanceErrorBody(from: decoder))
        } else {
            self = .result(try BinanceStreamResult(from: decoder))
        }
    }
}
