/// The reply of `GET /api/v3/exchangeInfo`, reduced to the rate limits and the symbols
/// (exchange-apis.md §4.1).
public struct BinanceExchangeInfoDTO: Codable, Sendable, Equatable {
    /// The limits the server applies: `REQUEST_WEIGHT` 6000 per `MINUTE` 1, and others.
    public var rateLimits: [RateLimit]?
    /// Every symbol.
    public var symbols: [Symbol]

    /// One limit: `{"rateLimitType":"REQUEST_WEIGHT","interval":"MINUTE","intervalNum":1,"limit":6000}`.
    public struct RateLimit: Codable, Sendable, Equatable {
        /// `REQUEST_WEIGHT`, `ORDERS` or `RAW_REQUESTS`.
        public var rateLimitType: String
        /// `SECOND`, `MINUTE` or `DAY`.
        public var interval: String
        public var intervalNum: Int
        public var limit: Int

        /// Makes a limit.
        public init(rateLimitType: String, interval: String, intervalNum: Int, limit: Int) {
            self.rateLimitType = rateLimitType
            self.interval = interval
            self.intervalNum = intervalNum
            self.limit = limit
        }

        /// The request-weight limit of `windowSeconds` (a whole number of seconds, minutes or days).
        public static func requestWeight(_ limit: Int, windowSeconds: Int) -> Self {
            if windowSeconds % 86_400 == 0 {
                return Self(
                    rateLimitType: "REQUEST_WEIGHT", interval: "DAY", intervalNum: windowSeconds / 86_400, limit: limit)
            }
            if windowSeconds % 60 == 0 {
                return Self(
                    rateLimitType: "REQUEST_WEIGHT", interval: "MINUTE", intervalNum: windowSeconds / 60, limit: limit)
            }
            return Self(rateLimitType: "REQUEST_WEIGHT", interval: "SECOND", intervalNum: windowSeconds, limit: limit)
        }

        /// The window in seconds, when the interval is one Binance names.
        public var windowSeconds: Int? {
            switch interval {
            case "SECOND": intervalNum
            case "MINUTE": intervalNum * 60
            case "HOUR": intervalNum * 3_600
            case "DAY": intervalNum * 86_400
            default: nil
            }
        }
    }

    /// One symbol: `BTCUSDT`, its status and assets, and (as Binance serves them; Sise reads
    /// only the first four) its precisions, order types, permissions and filters.
    public struct Symbol: Codable, Sendable, Equatable {
        public var symbol: String
        /// `TRADING`, `BREAK`, …
        public var status: String
        public var baseAsset: String
        public var quoteAsset: String
        public var baseAssetPrecision: Int?
        public var quotePrecision: Int?
        public var quoteAssetPrecision: Int?
        /// `LIMIT`, `MARKET`, …
        public var orderTypes: [String]?
        public var isSpotTradingAllowed: Bool?
        public var isMarginTradingAllowed: Bool?
        /// Empty on today's Binance, which lists `permissionSets` instead.
        public var permissions: [String]?
        public var permissionSets: [[String]]?
        /// `PRICE_FILTER` (the tick), `LOT_SIZE` (the step), `NOTIONAL`, …
        public var filters: [BinanceSymbolFilter]?

        /// Makes a symbol.
        public init(
            symbol: String, status: String, baseAsset: String, quoteAsset: String, filters: [BinanceSymbolFilter]? = nil
        ) {
            self.symbol = symbol
            self.status = status
            self.baseAsset = baseAsset
            self.quoteAsset = quoteAsset
            self.filters = filters
        }

        /// A spot symbol as Binance lists one: precisions of 8, the spot order types, the spot permission.
        public static func spot(
            symbol: String, baseAsset: String, quoteAsset: String, filters: [BinanceSymbolFilter]
        ) -> Self {
            var listed = Self(
                symbol: symbol, status: "TRADING", baseAsset: baseAsset, quoteAsset: quoteAsset, filters: filters)
            (listed.baseAssetPrecision, listed.quotePrecision, listed.quoteAssetPrecision) = (8, 8, 8)
            listed.orderTypes = ["LIMIT", "LIMIT_MAKER", "MARKET", "STOP_LOSS_LIMIT", "TAKE_PROFIT_LIMIT"]
            (listed.isSpotTradingAllowed, listed.isMarginTradingAllowed) = (true, false)
            (listed.permissions, listed.permissionSets) = ([], [["SPOT"]])
            return listed
        }
    }

    /// Makes a reply.
    public init(rateLimits: [RateLimit]? = nil, symbols: [Symbol]) {
        self.rateLimits = rateLimits
        self.symbols = symbols
    }
}

/// One object of `GET /api/v3/ticker/24hr` (§4.1): prices as strings, ids and times as numbers.
public struct BinanceTicker24hDTO: Codable, Sendable, Equatable {
    public var symbol: String
    public var priceChange: WireDecimal
    /// In percent.
    public var priceChangePercent: WireDecimal
    public var weightedAvgPrice: WireDecimal
    public var prevClosePrice: WireDecimal
    public var lastPrice: WireDecimal
    public var lastQty: WireDecimal
    public var bidPrice: WireDecimal
    public var bidQty: WireDecimal
    public var askPrice: WireDecimal
    public var askQty: WireDecimal
    public var openPrice: WireDecimal
    public var highPrice: WireDecimal
    public var lowPrice: WireDecimal
    /// Base volume over the rolling 24 h.
    public var volume: WireDecimal
    /// Quote volume over the rolling 24 h.
    public var quoteVolume: WireDecimal
    public var openTime: Int64
    public var closeTime: Int64
    public var firstId: Int64
    public var lastId: Int64
    public var count: Int64

    /// Makes a ticker.
    public init(
        symbol: String, priceChange: WireDecimal, priceChangePercent: WireDecimal, weightedAvgPrice: WireDecimal,
        prevClosePrice: WireDecimal, lastPrice: WireDecimal, lastQty: WireDecimal, bidPrice: WireDecimal,
        bidQty: WireDecimal, askPrice: WireDecimal, askQty: WireDecimal, openPrice: WireDecimal,
        highPrice: WireDecimal, lowPrice: WireDecimal, volume: WireDecimal, quoteVolume: WireDecimal,
        openTime: Int64, closeTime: Int64, firstId: Int64, lastId: Int64, count: Int64
    ) {
        self.symbol = symbol
        self.priceChange = priceChange
        self.priceChangePercent = priceChangePercent
        self.weightedAvgPrice = weightedAvgPrice
        self.prevClosePrice = prevClosePrice
        self.lastPrice = lastPrice
        self.lastQty = lastQty
        self.bidPrice = bidPrice
        self.bidQty = bidQty
        self.askPrice = askPrice
        self.askQty = askQty
        self.openPrice = openPrice
        self.highPrice = highPrice
        self.lowPrice = lowPrice
        self.volume = volume
        self.quoteVolume = quoteVolume
        self.openTime = openTime
        self.closeTime = closeTime
        self.firstId = firstId
        self.lastId = lastId
        self.count = count
    }
}

/// One row of `GET /api/v3/klines`, a 12-element array (§4.1): open time, open, high, low, close,
/// volume, close time, quote volume, trades, taker-buy base, taker-buy quote, unused.
public struct BinanceKline: Codable, Sendable, Equatable {
    public var openTime: Int64
    public var open: WireDecimal
    public var high: WireDecimal
    public var low: WireDecimal
    public var close: WireDecimal
    public var volume: WireDecimal
    public var closeTime: Int64
    public var quoteVolume: WireDecimal
    public var trades: Int64
    public var takerBuyBaseVolume: WireDecimal
    public var takerBuyQuoteVolume: WireDecimal

    /// Makes a row.
    public init(
        openTime: Int64, open: WireDecimal, high: WireDecimal, low: WireDecimal, close: WireDecimal,
        volume: WireDecimal, closeTime: Int64, quoteVolume: WireDecimal, trades: Int64,
        takerBuyBaseVolume: WireDecimal, takerBuyQuoteVolume: WireDecimal
    ) {
        self.openTime = openTime
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
        self.closeTime = closeTime
        self.quoteVolume = quoteVolume
        self.trades = trades
        self.takerBuyBaseVolume = takerBuyBaseVolume
        self.takerBuyQuoteVolume = takerBuyQuoteVolume
    }

    public init(from decoder: any Decoder) throws {
        var row = try decoder.unkeyedContainer()
        openTime = try row.decode(Int64.self)
        open = try row.decode(WireDecimal.self)
        high = try row.decode(WireDecimal.self)
        low = try row.decode(WireDecimal.self)
        close = try row.decode(WireDecimal.self)
        volume = try row.decode(WireDecimal.self)
        closeTime = try row.decode(Int64.self)
        quoteVolume = try row.decode(WireDecimal.self)
        trades = try row.decode(Int64.self)
        takerBuyBaseVolume = try row.decode(WireDecimal.self)
        takerBuyQuoteVolume = try row.decode(WireDecimal.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var row = encoder.unkeyedContainer()
        try row.encode(openTime)
        try row.encode(open)
        try row.encode(high)
        try row.encode(low)
        try row.encode(close)
        try row.encode(volume)
        try row.encode(closeTime)
        try row.encode(quoteVolume)
        try row.encode(trades)
        try row.encode(takerBuyBaseVolume)
        try row.encode(takerBuyQuoteVolume)
        try row.encode("0")
    }
}

/// Binance's error body, `{"code":-1121,"msg":"Invalid symbol."}` (§4.1), also its WebSocket
/// request errors (`{"code":2,"msg":"Invalid request: …"}`).
public struct BinanceErrorBody: Codable, Sendable, Equatable {
    public var code: Int
    public var msg: String
    /// The request id, on WebSocket errors.
    public var id: Int?

    /// Makes an error body.
    public init(code: Int, msg: String, id: Int? = nil) {
        self.code = code
        self.msg = msg
        self.id = id
    }

    /// 400 for an unknown symbol.
    public static let invalidSymbol = BinanceErrorBody(code: -1121, msg: "Invalid symbol.")
    /// 400 for a missing parameter.
    public static func missingParameter(_ name: String) -> BinanceErrorBody {
        BinanceErrorBody(code: -1102, msg: "Mandatory parameter '\(name)' was not sent, was empty/null, or malformed.")
    }
    /// 400 for a parameter with a bad value.
    public static func illegalParameter(_ name: String) -> BinanceErrorBody {
        BinanceErrorBody(code: -1100, msg: "Illegal characters found in parameter '\(name)'.")
    }
    /// 429 over the request weight.
    public static let tooManyRequests = BinanceErrorBody(
        code: -1003, msg: "Too much request weight used; current limit is 6000 request weight per 1 MINUTE.")
    /// 404 for an unknown path (Binance answers an empty 404; the simulator keeps the JSON shape).
    public static let notFound = BinanceErrorBody(code: -1000, msg: "Not found.")
}
