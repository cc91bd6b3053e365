/// One row of Bithumb's `GET /v1/market/all` (exchange-apis.md §2.3).
public struct BithumbMarketDTO: Codable, Sendable, Equatable {
    /// The market code, `QUOTE-BASE`.
    public var market: String
    /// The coin's Korean name.
    public var koreanName: String
    /// The coin's English name.
    public var englishName: String
    /// `NONE` or `CAUTION`; only sent with `isDetails=true`.
    public var marketWarning: String?

    /// Makes a row.
    public init(market: String, koreanName: String, englishName: String, marketWarning: String? = nil) {
        self.market = market
        self.koreanName = koreanName
        self.englishName = englishName
        self.marketWarning = marketWarning
    }

    enum CodingKeys: String, CodingKey {
        case market
        case koreanName = "korean_name"
        case englishName = "english_name"
        case marketWarning = "market_warning"
    }
}
