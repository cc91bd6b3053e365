/// A live request on Binance's WebSocket (§4.2): `{"method":"SUBSCRIBE","params":["btcusdt@ticker"],"id":1}`.
public struct BinanceStreamRequest: Codable, Sendable, Equatable {
    /// `SUBSCRIBE`, `UNSUBSCRIBE`, `LIST_SUBSCRIPTIONS`, …
    public var method: String
    /// Stream names, lower-case.
    public var params: [String]?
    public var id: Int

    /// Makes a request.
    public init(method: String = "SUBSCRIBE", params: [String]?, id: Int) {
        self.method = method
        self.params = params
        self.id = id
    }
}

/// The reply to a live request: `{"result":null,"id":1}`.
public struct BinanceStreamResult: Codable, Sendable, Equatable {
    public var result: [String]?
    public var id: Int

    /// Makes a reply.
    public init(result: [String]?, id: Int) {
        self.result = result
        self.id = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        if let result {
            try container.encode(result, forKey: AnyCodingKey("result"))
        } else {
            try container.encodeNil(forKey: AnyCodingKey("result"))
        }
        try container.encode(id, forKey: AnyCodingKey("id"))
    }
}

/// The `<symbol>@ticker` event (§4.2), one-letter keys as Binance sends them.
public struct BinanceStreamTicker: Codable, Sendable, Equatable {
    /// `24hrTicker`.
    public var eventType: String
    /// Event time, Unix ms.
    public var eventTime: Int64
    public var symbol: String
    public var priceChange: WireDecimal
    public var priceChangePercent: WireDecimal
    public var weightedAvgPrice: WireDecimal
    /// The first trade's price before the 24 h window (the previous close).
    public var firstTradePrice: WireDecimal
    public var lastPrice: WireDecimal
    public var lastQuantity: WireDecimal
    public var bestBid: WireDecimal
    public var bestBidQuantity: WireDecimal
    public var bestAsk: WireDecimal
    public var bestAskQuantity: WireDecimal
    public var openPrice: WireDecimal
    public var highPrice: WireDecimal
    public var lowPrice: WireDecimal
    public var volume: WireDecimal
    public var quoteVolume: WireDecimal
    public var openTime: Int64
    public var closeTime: Int64
    public var firstTradeID: Int64
    public var lastTradeID: Int64
    public var tradeCount: Int64

    /// Makes an event.
    public init(
        eventTime: Int64, symbol: String, priceChange: WireDecimal, priceChangePercent: WireDecimal,
        weightedAvgPrice: WireDecimal, firstTradePrice: WireDecimal, lastPrice: WireDecimal,
        lastQuantity: WireDecimal, bestBid: WireDecimal, bestBidQuantity: WireDecimal, bestAsk: WireDecimal,
        bestAskQuantity: WireDecimal, openPrice: WireDecimal, highPrice: WireDecimal, lowPrice: WireDecimal,
        volume: WireDecimal, quoteVolume: WireDecimal, openTime: Int64, closeTime: Int64, firstTradeID: Int64,
        lastTradeID: Int64, tradeCount: Int64
    ) {
        eventType = "24hrTicker"
        self.eventTime = eventTime
        self.symbol = symbol
        self.priceChange = priceChange
        self.priceChangePercent = priceChangePercent
        self.weightedAvgPrice = weightedAvgPrice
        self.firstTradePrice = firstTradePrice
        self.lastPrice = lastPrice
        self.lastQuantity = lastQuantity
        self.bestBid = bestBid
        self.bestBidQuantity = bestBidQuantity
        self.bestAsk = bestAsk
        self.bestAskQuantity = bestAskQuantity
        self.openPrice = openPrice
        self.highPrice = highPrice
        self.lowPrice = lowPrice
        self.volume = volume
        self.quoteVolume = quoteVolume
        self.openTime = openTime
        self.closeTime = closeTime
        self.firstTradeID = firstTradeID
        self.lastTradeID = lastTradeID
        self.tradeCount = tradeCount
    }

    enum CodingKeys: String, CodingKey {
        case eventType = "e"
        case eventTime = "E"
        case symbol = "s"
        case priceChange = "p"
        case priceChangePercent = "P"
        case weightedAvgPrice = "w"
        case firstTradePrice = "x"
        case lastPrice = "c"
        case lastQuantity = "Q"
        case bestBid = "b"
        case bestBidQuantity = "B"
        case bestAsk = "a"
        case bestAskQuantity = "A"
        case openPrice = "o"
        case highPrice = "h"
        case lowPrice = "l"
        case volume = "v"
        case quoteVolume = "q"
        case openTime = "O"
        case closeTime = "C"
        case firstTradeID = "F"
        case lastTradeID = "L"
        case tradeCount = "n"
    }
}

/// Any frame of Binance's WebSocket: a ticker event (raw or wrapped in a combined stream's
/// `{"stream":…,"data":…}`), a request's result, an error, or another event.
public enum BinanceStreamFrame: Decodable, Sendable, Equatable {
    case ticker(BinanceStreamTicker)
    case result(BinanceStreamResult)
    case error(BinanceErrorBody)
    case other

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        if container.contains(AnyCodingKey("data")), container.contains(AnyCodingKey("stream")) {
            self = try container.decode(BinanceStreamFrame.self, forKey: AnyCodingKey("data"))
        } else if container.contains(AnyCodingKey("e")) {
            let type = try container.decode(String.self, forKey: AnyCodingKey("e"))
            self = type == "24hrTicker" ? .ticker(try BinanceStreamTicker(from: decoder)) : .other
        } else if container.contains(AnyCodingKey("code")) {
            self = .error(try BinanceErrorBody(from: decoder))
        } else if container.contains(AnyCodingKey("id")) {
            self = .result(
                BinanceStreamResult(
                    result: try container.decodeIfPresent([String].self, forKey: AnyCodingKey("result")),
                    id: try container.decode(Int.self, forKey: AnyCodingKey("id"))))
        } else {
            self = .other
        }
    }
}
