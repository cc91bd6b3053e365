/// The reply of `GET /public/ticker/BTC_KRW` (one pair, exchange-apis.md §2.1): the ticker's fields
/// and `date` (Unix ms, a string) directly in `data`.
public struct BithumbLegacyOneTicker: Codable, Sendable, Equatable {
    public var status: String
    public var ticker: BithumbLegacyTickerDTO
    public var date: Int64

    public init(status: String = "0000", ticker: BithumbLegacyTickerDTO, date: Int64) {
        self.status = status
        self.ticker = ticker
        self.date = date
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        status = try container.decode(String.self, forKey: AnyCodingKey("status"))
        ticker = try container.decode(BithumbLegacyTickerDTO.self, forKey: AnyCodingKey("data"))
        let data = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("data"))
        date = Int64(try data.decode(WireDecimal.self, forKey: AnyCodingKey("date")).value ?? 0)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(status, forKey: AnyCodingKey("status"))
        let data = container.superEncoder(forKey: AnyCodingKey("data"))
        try ticker.encode(to: data)
        var dated = data.container(keyedBy: AnyCodingKey.self)
        try dated.encode(String(date), forKey: AnyCodingKey("date"))
    }
}

/// The reply of `GET /public/orderbook/BTC_KRW?count=5` (§2.1): the best `count` levels a side
/// (1…30, 30 when absent), prices and quantities as strings, the time a string of Unix ms.
public struct BithumbLegacyOrderbook: Codable, Sendable, Equatable {
    public var status: String
    public var data: Book

    /// The book.
    public struct Book: Codable, Sendable, Equatable {
        public var timestamp: String
        public var paymentCurrency: String
        public var orderCurrency: String
        /// Best first.
        public var bids: [Level]
        public var asks: [Level]

        enum CodingKeys: String, CodingKey {
            case timestamp
            case paymentCurrency = "payment_currency"
            case orderCurrency = "order_currency"
            case bids, asks
        }
    }

    /// `{"price":"8652000","quantity":"0.0043"}`.
    public struct Level: Codable, Sendable, Equatable {
        public var price: WireDecimal
        public var quantity: WireDecimal

        public init(price: WireDecimal, quantity: WireDecimal) {
            self.price = price
            self.quantity = quantity
        }
    }

    public init(timestamp: Int64, base: String, quote: String, bids: [Level], asks: [Level]) {
        status = "0000"
        data = Book(timestamp: String(timestamp), paymentCurrency: quote, orderCurrency: base, bids: bids, asks: asks)
    }
}

/// The reply of `GET /public/transaction_history/BTC_KRW?count=20` (§2.1): the latest `count`
/// trades (1…100, 20 when absent), oldest first, the time in KST.
public struct BithumbLegacyTransactions: Codable, Sendable, Equatable {
    public var status: String
    public var data: [Row]

    /// `{"transaction_date":"2020-04-23 22:21:46","type":"ask","units_traded":"0.0125",
    /// "price":"8667000","total":"108337"}`: `type` `bid` when a buyer took the ask, `ask` when a
    /// seller took the bid.
    public struct Row: Codable, Sendable, Equatable {
        public var transactionDate: String
        public var type: String
        public var unitsTraded: WireDecimal
        public var price: WireDecimal
        public var total: WireDecimal

        public init(
            transactionDate: String, type: String, unitsTraded: WireDecimal, price: WireDecimal, total: WireDecimal
        ) {
            self.transactionDate = transactionDate
            self.type = type
            self.unitsTraded = unitsTraded
            self.price = price
            self.total = total
        }

        enum CodingKeys: String, CodingKey {
            case transactionDate = "transaction_date"
            case type
            case unitsTraded = "units_traded"
            case price, total
        }
    }

    public init(data: [Row]) {
        status = "0000"
        self.data = data
    }
}
