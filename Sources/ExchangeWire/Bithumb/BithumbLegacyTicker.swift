/// One coin of Bithumb's legacy `GET /public/ticker/ALL_KRW` (exchange-apis.md §2.1): every value
/// a string, no names.
public struct BithumbLegacyTickerDTO: Codable, Sendable, Equatable {
    public var openingPrice: WireDecimal
    public var closingPrice: WireDecimal
    public var minPrice: WireDecimal
    public var maxPrice: WireDecimal
    public var unitsTraded: WireDecimal
    public var accTradeValue: WireDecimal
    public var prevClosingPrice: WireDecimal
    public var unitsTraded24H: WireDecimal
    public var accTradeValue24H: WireDecimal
    public var fluctate24H: WireDecimal
    public var fluctateRate24H: WireDecimal

    /// Makes a row.
    public init(
        openingPrice: WireDecimal, closingPrice: WireDecimal, minPrice: WireDecimal, maxPrice: WireDecimal,
        unitsTraded: WireDecimal, accTradeValue: WireDecimal, prevClosingPrice: WireDecimal,
        unitsTraded24H: WireDecimal, accTradeValue24H: WireDecimal, fluctate24H: WireDecimal,
        fluctateRate24H: WireDecimal
    ) {
        self.openingPrice = openingPrice
        self.closingPrice = closingPrice
        self.minPrice = minPrice
        self.maxPrice = maxPrice
        self.unitsTraded = unitsTraded
        self.accTradeValue = accTradeValue
        self.prevClosingPrice = prevClosingPrice
        self.unitsTraded24H = unitsTraded24H
        self.accTradeValue24H = accTradeValue24H
        self.fluctate24H = fluctate24H
        self.fluctateRate24H = fluctateRate24H
    }

    enum CodingKeys: String, CodingKey {
        case openingPrice = "opening_price"
        case closingPrice = "closing_price"
        case minPrice = "min_price"
        case maxPrice = "max_price"
        case unitsTraded = "units_traded"
        case accTradeValue = "acc_trade_value"
        case prevClosingPrice = "prev_closing_price"
        case unitsTraded24H = "units_traded_24H"
        case accTradeValue24H = "acc_trade_value_24H"
        case fluctate24H = "fluctate_24H"
        case fluctateRate24H = "fluctate_rate_24H"
    }
}

/// The whole reply of `GET /public/ticker/ALL_KRW`: `status` and a `data` object keyed by base
/// currency, with the string key `"date"` (Unix ms) among the coins, which decoding sets apart.
public struct BithumbLegacyTickers: Codable, Sendable, Equatable {
    /// `"0000"` on success.
    public var status: String
    /// The coins' tickers by base currency (`BTC`).
    public var tickers: [String: BithumbLegacyTickerDTO]
    /// The reply's time, Unix ms.
    public var date: Int64

    /// Makes a reply.
    public init(status: String = "0000", tickers: [String: BithumbLegacyTickerDTO], date: Int64) {
        self.status = status
        self.tickers = tickers
        self.date = date
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        status = try container.decode(String.self, forKey: AnyCodingKey("status"))
        let data = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("data"))
        var tickers: [String: BithumbLegacyTickerDTO] = [:]
        var date: Int64 = 0
        for key in data.allKeys {
            if key.stringValue == "date" {
                date = Int64(try data.decode(WireDecimal.self, forKey: key).value ?? 0)
            } else if let ticker = try? data.decode(BithumbLegacyTickerDTO.self, forKey: key) {
                tickers[key.stringValue] = ticker
            }
        }
        self.tickers = tickers
        self.date = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(status, forKey: AnyCodingKey("status"))
        var data = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("data"))
        for (symbol, ticker) in tickers { try data.encode(ticker, forKey: AnyCodingKey(symbol)) }
        try data.encode(String(date), forKey: AnyCodingKey("date"))
    }
}

/// Bithumb's legacy status reply: `{"status":"5500","message":"상장 코인 아님"}`, sent with HTTP 200.
public struct BithumbLegacyStatus: Codable, Sendable, Equatable {
    /// `"0000"` on success, otherwise an error code such as `5500`.
    public var status: String
    /// What went wrong, when something did.
    public var message: String?

    /// Makes a status.
    public init(status: String, message: String?) {
        self.status = status
        self.message = message
    }

    /// The reply for a coin that is not listed.
    public static let notListed = BithumbLegacyStatus(status: "5500", message: "상장 코인 아님")
}

/// One row of `GET /public/candlestick/BTC_KRW/24h`:
/// `[time_ms, open, CLOSE, high, low, volume]`, the close before the high (§2.1).
public struct BithumbLegacyCandle: Codable, Sendable, Equatable {
    public var time: Int64
    public var open: WireDecimal
    public var close: WireDecimal
    public var high: WireDecimal
    public var low: WireDecimal
    public var volume: WireDecimal

    /// Makes a row.
    public init(
        time: Int64, open: WireDecimal, close: WireDecimal, high: WireDecimal, low: WireDecimal, volume: WireDecimal
    ) {
        self.time = time
        self.open = open
        self.close = close
        self.high = high
        self.low = low
        self.volume = volume
    }

    public init(from decoder: any Decoder) throws {
        var row = try decoder.unkeyedContainer()
        time = Int64(try row.decode(WireDecimal.self).value ?? 0)
        open = try row.decode(WireDecimal.self)
        close = try row.decode(WireDecimal.self)
        high = try row.decode(WireDecimal.self)
        low = try row.decode(WireDecimal.self)
        volume = try row.decode(WireDecimal.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var row = encoder.unkeyedContainer()
        try row.encode(time)
        try row.encode(open)
        try row.encode(close)
        try row.encode(high)
        try row.encode(low)
        try row.encode(volume)
    }
}

/// The reply of `GET /public/candlestick/BTC_KRW/24h`.
public struct BithumbLegacyCandles: Codable, Sendable, Equatable {
    /// `"0000"` on success.
    public var status: String
    /// The rows; their order is not documented, so readers sort by time.
    public var data: [BithumbLegacyCandle]

    /// Makes a reply.
    public init(status: String = "0000", data: [BithumbLegacyCandle]) {
        self.status = status
        self.data = data
    }
}
