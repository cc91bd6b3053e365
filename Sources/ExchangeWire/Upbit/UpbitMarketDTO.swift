/// One row of `GET /v1/market/all` (exchange-apis.md §1.1).
public struct UpbitMarketDTO: Codable, Sendable, Equatable {
    /// The market code, `QUOTE-BASE`.
    public var market: String
    /// The coin's Korean name.
    public var koreanName: String
    /// The coin's English name.
    public var englishName: String
    /// Warnings and cautions; only sent with `is_details=true`.
    public var marketEvent: MarketEvent?

    /// The `market_event` object.
    public struct MarketEvent: Codable, Sendable, Equatable {
        /// Whether the market is under an investment warning (유의 종목).
        public var warning: Bool
        /// The caution flags by name, e.g. `PRICE_FLUCTUATIONS`.
        public var caution: [String: Bool]

        /// Makes a market event.
        public init(warning: Bool, caution: [String: Bool]) {
            self.warning = warning
            self.caution = caution
        }
    }

    /// Makes a row.
    public init(market: String, koreanName: String, englishName: String, marketEvent: MarketEvent? = nil) {
        self.market = market
        self.koreanName = koreanName
        self.englishName = englishName
        self.marketEvent = marketEvent
    }

    enum CodingKeys: String, CodingKey {
        case market
        case koreanName = "korean_name"
        case englishName = "english_name"
        case marketEvent = "market_event"
    }
}
