/// The reply of `/v8/finance/chart/{symbol}` (exchange-apis.md §6.1): `{"chart":{"result":[…],"error":null}}`,
/// or a `null` result with an error. Every field optional, as the docs say.
public struct YahooChartResponse: Codable, Sendable, Equatable {
    public var chart: Chart

    /// The `chart` object.
    public struct Chart: Codable, Sendable, Equatable {
        public var result: [YahooChartResult]?
        public var error: YahooError?

        /// Makes a chart.
        public init(result: [YahooChartResult]?, error: YahooError?) {
            self.result = result
            self.error = error
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            // Both keys are always present, `null` when empty.
            try container.encode(result, forKey: AnyCodingKey("result"))
            try container.encode(error, forKey: AnyCodingKey("error"))
        }
    }

    /// A reply with one result.
    public init(result: YahooChartResult) {
        chart = Chart(result: [result], error: nil)
    }

    /// A failed reply.
    public init(error: YahooError) {
        chart = Chart(result: nil, error: error)
    }
}

/// `chart.error`: `{"code":"Not Found","description":"No data found, symbol may be delisted"}`.
public struct YahooError: Codable, Sendable, Equatable {
    public var code: String
    public var description: String

    /// Makes an error.
    public init(code: String, description: String) {
        self.code = code
        self.description = description
    }

    /// 404 for an unknown symbol.
    public static let notFound = YahooError(code: "Not Found", description: "No data found, symbol may be delisted")
}

/// One result: `meta`, bar start times and the indicators.
public struct YahooChartResult: Codable, Sendable, Equatable {
    public var meta: YahooChartMeta
    /// Bar starts in Unix seconds; absent when the range has no bars.
    public var timestamp: [Int64]?
    public var indicators: Indicators

    /// The `indicators` object.
    public struct Indicators: Codable, Sendable, Equatable {
        public var quote: [Quote]
        public var adjclose: [AdjustedClose]?

        /// Makes indicators.
        public init(quote: [Quote], adjclose: [AdjustedClose]?) {
            self.quote = quote
            self.adjclose = adjclose
        }
    }

    /// `quote[0]`: arrays holding `null` where a bar had no trade.
    public struct Quote: Codable, Sendable, Equatable {
        public var open: [Double?]?
        public var high: [Double?]?
        public var low: [Double?]?
        public var close: [Double?]?
        public var volume: [Double?]?

        /// Makes a quote.
        public init(open: [Double?]?, high: [Double?]?, low: [Double?]?, close: [Double?]?, volume: [Double?]?) {
            self.open = open
            self.high = high
            self.low = low
            self.close = close
            self.volume = volume
        }
    }

    /// `adjclose[0]`.
    public struct AdjustedClose: Codable, Sendable, Equatable {
        public var adjclose: [Double?]?

        /// Makes adjusted closes.
        public init(adjclose: [Double?]?) {
            self.adjclose = adjclose
        }
    }

    /// Makes a result.
    public init(meta: YahooChartMeta, timestamp: [Int64]?, indicators: Indicators) {
        self.meta = meta
        self.timestamp = timestamp
        self.indicators = indicators
    }
}

/// `meta` (§6.1): the fields real clients need, all optional on decoding.
public struct YahooChartMeta: Codable, Sendable, Equatable {
    public var currency: String?
    public var symbol: String?
    public var exchangeName: String?
    public var fullExchangeName: String?
    public var instrumentType: String?
    public var firstTradeDate: Int64?
    public var regularMarketTime: Int64?
    public var hasPrePostMarketData: Bool?
    public var gmtoffset: Int?
    public var timezone: String?
    public var exchangeTimezoneName: String?
    public var regularMarketPrice: Double?
    public var fiftyTwoWeekHigh: Double?
    public var fiftyTwoWeekLow: Double?
    public var regularMarketDayHigh: Double?
    public var regularMarketDayLow: Double?
    public var regularMarketVolume: Double?
    public var longName: String?
    public var shortName: String?
    public var chartPreviousClose: Double?
    public var previousClose: Double?
    public var scale: Int?
    public var priceHint: Int?
    public var currentTradingPeriod: TradingPeriods?
    /// For intraday bars: each session's regular period, one array a day.
    public var tradingPeriods: [[Period]]?
    public var dataGranularity: String?
    public var range: String?
    public var validRanges: [String]?

    /// `{"pre":P,"regular":P,"post":P}`.
    public struct TradingPeriods: Codable, Sendable, Equatable {
        public var pre: Period
        public var regular: Period
        public var post: Period

        /// Makes the periods.
        public init(pre: Period, regular: Period, post: Period) {
            self.pre = pre
            self.regular = regular
            self.post = post
        }
    }

    /// One period: its zone, start and end (Unix seconds) and offset.
    public struct Period: Codable, Sendable, Equatable {
        public var timezone: String
        public var start: Int64
        public var end: Int64
        public var gmtoffset: Int

        /// Makes a period.
        public init(timezone: String, start: Int64, end: Int64, gmtoffset: Int) {
            self.timezone = timezone
            self.start = start
            self.end = end
            self.gmtoffset = gmtoffset
        }
    }

    /// An empty meta; the simulator fills it in.
    public init() {}
}

/// The reply of `/v1/finance/search` (§6.2), reduced to the quotes.
public struct YahooSearchResponse: Codable, Sendable, Equatable {
    public var count: Int?
    public var quotes: [Quote]

    /// One match; every field but `symbol` optional.
    public struct Quote: Codable, Sendable, Equatable {
        public var symbol: String
        public var shortname: String?
        public var longname: String?
        public var exchange: String?
        public var exchDisp: String?
        public var quoteType: String?
        public var typeDisp: String?
        public var score: Double?
        public var isYahooFinance: Bool?

        /// Makes a match.
        public init(
            symbol: String, shortname: String?, longname: String?, exchange: String?, exchDisp: String?,
            quoteType: String? = "EQUITY", typeDisp: String? = "Equity", score: Double?, isYahooFinance: Bool? = true
        ) {
            self.symbol = symbol
            self.shortname = shortname
            self.longname = longname
            self.exchange = exchange
            self.exchDisp = exchDisp
            self.quoteType = quoteType
            self.typeDisp = typeDisp
            self.score = score
            self.isYahooFinance = isYahooFinance
        }
    }

    /// Makes a reply.
    public init(quotes: [Quote]) {
        count = quotes.count
        self.quotes = quotes
    }
}
