public import MarketDomain

/// KIS's overseas-stock quotations (해외주식 기본시세, the official samples
/// `examples_llm/overseas_stock/price` and `…/dailyprice` of koreainvestment/open-trading-api):
/// the current price (`HHDFS00000300`) and the daily prices (`HHDFS76240000`, 100 rows a call,
/// newest first, paged back by `BYMD`), a stock named by its exchange code and its ticker.
public enum KISOverseas {
    /// `GET /uapi/overseas-price/v1/quotations/price` (해외주식 현재체결가).
    public static let pricePath = "/uapi/overseas-price/v1/quotations/price"
    /// `GET /uapi/overseas-price/v1/quotations/dailyprice` (해외주식 기간별시세).
    public static let dailyPricePath = "/uapi/overseas-price/v1/quotations/dailyprice"
    /// The transaction ids (real and mock alike).
    public static let priceTransaction = "HHDFS00000300"
    public static let dailyPriceTransaction = "HHDFS76240000"
    /// The most rows `dailyprice` returns.
    public static let maxDailyRows = 100

    /// The query parameter names.
    public enum Parameter {
        /// User rights; sent empty.
        public static let auth = "AUTH"
        /// The exchange code: `NAS`, `NYS`, `AMS`.
        public static let exchange = "EXCD"
        /// The ticker: `AAPL`.
        public static let symbol = "SYMB"
        /// `0` daily, `1` weekly, `2` monthly.
        public static let period = "GUBN"
        /// The newest day wanted, `yyyyMMdd` (today when empty).
        public static let baseDate = "BYMD"
        /// `1`: prices adjusted for splits.
        public static let adjusted = "MODP"
    }

    /// The US exchanges' codes (HKS, TSE and the other markets KIS serves are not read here).
    public enum ExchangeCode: String, Sendable, CaseIterable {
        case nasdaq = "NAS"
        case nyse = "NYS"
        case amex = "AMS"

        /// The code of a US stock's market; `nil` for a Korean one.
        public init?(_ market: StockMarket) {
            switch market {
            case .nasdaq: self = .nasdaq
            case .nyse: self = .nyse
            case .kospi, .kosdaq: return nil
            }
        }
    }
}

/// `price`'s `output`: every value a string; `rsym` is `D` + the exchange + the ticker (`DNASAAPL`),
/// `base` the previous close, `last` the price, `sign` `1` upper limit … `5` fall as at home.
public struct KISOverseasPriceOutput: Codable, Sendable, Equatable {
    public var rsym: String
    /// Decimals of the price.
    public var zdiv: String
    public var base: WireDecimal
    public var pvol: WireDecimal
    public var last: WireDecimal
    public var sign: String
    public var diff: WireDecimal
    /// Change in percent.
    public var rate: WireDecimal
    public var tvol: WireDecimal
    public var tamt: WireDecimal
    /// `매수가능` when it can be bought.
    public var ordy: String

    /// Makes an output.
    public init(
        rsym: String, zdiv: String, base: WireDecimal, pvol: WireDecimal, last: WireDecimal, sign: String,
        diff: WireDecimal, rate: WireDecimal, tvol: WireDecimal, tamt: WireDecimal, ordy: String
    ) {
        self.rsym = rsym
        self.zdiv = zdiv
        self.base = base
        self.pvol = pvol
        self.last = last
        self.sign = sign
        self.diff = diff
        self.rate = rate
        self.tvol = tvol
        self.tamt = tamt
        self.ordy = ordy
    }

    /// The quote of `code` at `time`, the day's range from `today` (the daily rows' newest) when
    /// it is given; `nil` when there is no price (KIS answers an unknown ticker with empty fields).
    public func toDomain(code: String, time: Int64, today: StockBar? = nil) -> StockQuote? {
        guard let price = last.value, price > 0, let previous = base.value else { return nil }
        let signed = diff.value.map { sign == "4" || sign == "5" ? -abs($0) : abs($0) }
        return StockQuote(
            code: code, price: price, previousClose: previous, volume: tvol.value ?? 0, tradeValue: tamt.value ?? 0,
            dayHigh: max(today?.high ?? price, price), dayLow: min(today?.low ?? price, price), timestamp: time,
            changePrice: signed, changeRate: rate.value.map { $0 / 100 })
    }
}

/// The reply of `price`.
public struct KISOverseasPriceResponse: Codable, Sendable, Equatable {
    public var output: KISOverseasPriceOutput?
    public var status: KISStatus

    /// Makes a reply.
    public init(output: KISOverseasPriceOutput?, status: KISStatus = .ok) {
        self.output = output
        self.status = status
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        output = try container.decodeIfPresent(KISOverseasPriceOutput.self, forKey: AnyCodingKey("output"))
        status = try KISStatus(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        if let output { try container.encode(output, forKey: AnyCodingKey("output")) }
        try status.encode(to: encoder)
    }
}

/// One row of `dailyprice`'s `output2`, newest first: `xymd` the day, `clos` the close, the
/// change from the day before, the day's range and volume, the best bid and ask at the close.
public struct KISOverseasDailyRow: Codable, Sendable, Equatable {
    public var xymd: String
    public var clos: WireDecimal
    public var sign: String
    public var diff: WireDecimal
    public var rate: WireDecimal
    public var open: WireDecimal
    public var high: WireDecimal
    public var low: WireDecimal
    public var tvol: WireDecimal
    public var tamt: WireDecimal
    public var pbid: WireDecimal
    public var vbid: WireDecimal
    public var pask: WireDecimal
    public var vask: WireDecimal

    /// Makes a row.
    public init(
        xymd: String, clos: WireDecimal, sign: String, diff: WireDecimal, rate: WireDecimal, open: WireDecimal,
        high: WireDecimal, low: WireDecimal, tvol: WireDecimal, tamt: WireDecimal, pbid: WireDecimal,
        vbid: WireDecimal, pask: WireDecimal, vask: WireDecimal
    ) {
        self.xymd = xymd
        self.clos = clos
        self.sign = sign
        self.diff = diff
        self.rate = rate
        self.open = open
        self.high = high
        self.low = low
        self.tvol = tvol
        self.tamt = tamt
        self.pbid = pbid
        self.vbid = vbid
        self.pask = pask
        self.vask = vask
    }

    /// The bar; `nil` when the day or a price cannot be read.
    public func toDomain() -> StockBar? {
        guard let day = KISTime.day(xymd), let close = clos.value, close > 0, let open = open.value,
            let high = high.value, let low = low.value
        else { return nil }
        return StockBar(day: day, open: open, high: high, low: low, close: close, volume: tvol.value ?? 0)
    }
}

/// `dailyprice`'s `output1`: the realtime symbol, the price decimals and the rows' count.
public struct KISOverseasDailySummary: Codable, Sendable, Equatable {
    public var rsym: String
    public var zdiv: String
    public var nrec: String

    /// Makes a summary.
    public init(rsym: String, zdiv: String, nrec: String) {
        self.rsym = rsym
        self.zdiv = zdiv
        self.nrec = nrec
    }
}

/// The reply of `dailyprice`.
public struct KISOverseasDailyResponse: Codable, Sendable, Equatable {
    public var summary: KISOverseasDailySummary?
    public var rows: [KISOverseasDailyRow]
    public var status: KISStatus

    /// Makes a reply.
    public init(summary: KISOverseasDailySummary?, rows: [KISOverseasDailyRow], status: KISStatus = .ok) {
        self.summary = summary
        self.rows = rows
        self.status = status
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        summary = try container.decodeIfPresent(KISOverseasDailySummary.self, forKey: AnyCodingKey("output1"))
        rows = try container.decodeIfPresent([KISOverseasDailyRow].self, forKey: AnyCodingKey("output2")) ?? []
        status = try KISStatus(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        if let summary { try container.encode(summary, forKey: AnyCodingKey("output1")) }
        try container.encode(rows, forKey: AnyCodingKey("output2"))
        try status.encode(to: encoder)
    }

    /// The quote of `code` from the rows alone (the newest is today's, or the last session's):
    /// its close, change, range and volume; `nil` without rows.
    public func quote(code: String, time: Int64) -> StockQuote? {
        guard let newest = rows.first, let bar = newest.toDomain() else { return nil }
        let previous = rows.dropFirst().first?.clos.value ?? newest.diff.value.map { bar.close - $0 } ?? bar.close
        return StockQuote(
            code: code, price: bar.close, previousClose: previous, volume: bar.volume,
            tradeValue: newest.tamt.value ?? 0, dayHigh: bar.high, dayLow: bar.low, timestamp: time)
    }
}
