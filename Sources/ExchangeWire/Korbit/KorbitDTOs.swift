/// One pair of `GET /v2/currencyPairs` (exchange-apis.md §3.2).
public struct KorbitCurrencyPairDTO: Codable, Sendable, Equatable {
    /// The lower-case pair, `btc_krw`.
    public var symbol: String
    /// `launched` or `stopped`.
    public var status: String
    public var baseCurrency: String?
    public var quoteCurrency: String?
    /// The least and most an order may be worth, in won, as strings.
    public var minOrderValue: String?
    public var maxOrderValue: String?

    /// Makes a pair.
    public init(
        symbol: String, status: String, baseCurrency: String? = nil, quoteCurrency: String? = nil,
        minOrderValue: String? = nil, maxOrderValue: String? = nil
    ) {
        self.symbol = symbol
        self.status = status
        self.minOrderValue = minOrderValue
        self.maxOrderValue = maxOrderValue
        self.baseCurrency = baseCurrency
        self.quoteCurrency = quoteCurrency
    }
}

/// One currency of `GET /v2/currencies`: the English full name; everything else optional, as
/// `krw` has no networks and new fields may come (§3.2).
public struct KorbitCurrencyDTO: Codable, Sendable, Equatable {
    /// The lower-case currency, `btc`.
    public var name: String
    /// The English name, `Bitcoin`.
    public var fullName: String
    public var depositStatus: String?
    public var withdrawalStatus: String?
    public var defaultNetwork: String?
    public var networkList: [Network]?
    /// The deprecated top-level copies of the default network's figures: numbers as strings,
    /// `confirmationCount` too.
    public var withdrawalTxFee: String?
    public var withdrawalMinAmount: String?
    public var withdrawalMaxAmountPerRequest: String?
    public var confirmationCount: String?

    /// One network a currency moves on. `confirmationCount` is a number here (a string in the
    /// deprecated top-level copy, which is not read).
    public struct Network: Codable, Sendable, Equatable {
        public var name: String
        public var fullName: String?
        public var confirmationCount: Int?
        public var depositStatus: String?
        public var withdrawalStatus: String?
        public var withdrawalTxFee: String?
        public var withdrawalMinAmount: String?
        public var withdrawalPrecision: Int?
        public var hasSecondaryAddr: Bool?
        public var addressExplorerUrl: String?

        /// Makes a network.
        public init(name: String, fullName: String?, confirmationCount: Int?) {
            self.name = name
            self.fullName = fullName
            self.confirmationCount = confirmationCount
        }
    }

    /// Makes a currency.
    public init(
        name: String, fullName: String, depositStatus: String? = "launched", withdrawalStatus: String? = "launched",
        defaultNetwork: String? = nil, networkList: [Network]? = nil
    ) {
        self.name = name
        self.fullName = fullName
        self.depositStatus = depositStatus
        self.withdrawalStatus = withdrawalStatus
        self.defaultNetwork = defaultNetwork
        self.networkList = networkList
    }
}

/// The ticker fields of `GET /v2/tickers` and of the WebSocket's `ticker` data (§3.3, §3.6): the
/// last 24 hours, prices and volumes as strings, `priceChangePercent` already in percent.
public struct KorbitTickerDTO: Codable, Sendable, Equatable {
    /// The pair; present on REST, absent inside a WebSocket message.
    public var symbol: String?
    public var open: WireDecimal
    public var high: WireDecimal
    public var low: WireDecimal
    public var close: WireDecimal
    public var prevClose: WireDecimal
    /// Signed, close − prevClose.
    public var priceChange: WireDecimal
    /// Signed, in percent (`"0.1"` is 0.1 %).
    public var priceChangePercent: WireDecimal
    public var volume: WireDecimal
    public var quoteVolume: WireDecimal
    public var bestBidPrice: WireDecimal?
    public var bestAskPrice: WireDecimal?
    /// The last trade, Unix ms.
    public var lastTradedAt: Int64?

    /// Makes a ticker.
    public init(
        symbol: String?, open: WireDecimal, high: WireDecimal, low: WireDecimal, close: WireDecimal,
        prevClose: WireDecimal, priceChange: WireDecimal, priceChangePercent: WireDecimal, volume: WireDecimal,
        quoteVolume: WireDecimal, bestBidPrice: WireDecimal?, bestAskPrice: WireDecimal?, lastTradedAt: Int64?
    ) {
        self.symbol = symbol
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.prevClose = prevClose
        self.priceChange = priceChange
        self.priceChangePercent = priceChangePercent
        self.volume = volume
        self.quoteVolume = quoteVolume
        self.bestBidPrice = bestBidPrice
        self.bestAskPrice = bestAskPrice
        self.lastTradedAt = lastTradedAt
    }
}

/// One row of `GET /v2/candles`: the start time and strings for the rest (§3.4).
public struct KorbitCandleDTO: Codable, Sendable, Equatable {
    /// The candle's start, Unix ms.
    public var timestamp: Int64
    public var open: WireDecimal
    public var high: WireDecimal
    public var low: WireDecimal
    public var close: WireDecimal
    public var volume: WireDecimal

    /// Makes a row.
    public init(
        timestamp: Int64, open: WireDecimal, high: WireDecimal, low: WireDecimal, close: WireDecimal,
        volume: WireDecimal
    ) {
        self.timestamp = timestamp
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
    }
}
