/// Dunamu's public forex quote (exchange-apis.md §9.1), the USD/KRW most Korean premium tools
/// use: `GET /v1/forex/recent?codes=FRX.KRWUSD` on `quotation-api-cdn.dunamu.com`, a JSON array
/// whose first object is the quote. Written once for the client and the simulator.
public enum DunamuForexEndpoint {
    /// The real host.
    public static let liveBaseURL = "https://quotation-api-cdn.dunamu.com"
    /// `GET /v1/forex/recent?codes=…`.
    public static let recent = "/v1/forex/recent"
    /// The query parameter naming the quotes.
    public static let codes = "codes"
    /// The code of USD/KRW.
    public static let usdKRW = "FRX.KRWUSD"
}

/// One quote of Dunamu's forex array. Every field may be missing or null; clients read
/// `basePrice` (매매기준율, KRW per dollar) and its time.
public struct DunamuForexQuote: Codable, Sendable, Equatable {
    public var code: String?
    public var currencyCode: String?
    public var currencyName: String?
    public var country: String?
    public var name: String?
    /// `2023-05-19`, in Korea.
    public var date: String?
    /// `23:58:00`, in Korea.
    public var time: String?
    public var recurrenceCount: Int?
    /// 매매기준율: KRW per dollar.
    public var basePrice: Double?
    public var openingPrice: Double?
    public var highPrice: Double?
    public var lowPrice: Double?
    /// `RISE`, `EVEN` or `FALL`.
    public var change: String?
    public var changePrice: Double?
    public var cashBuyingPrice: Double?
    public var cashSellingPrice: Double?
    public var ttBuyingPrice: Double?
    public var ttSellingPrice: Double?
    public var tcBuyingPrice: Double?
    public var fcSellingPrice: Double?
    public var exchangeCommission: Double?
    public var usDollarRate: Double?
    public var high52wPrice: Double?
    public var high52wDate: String?
    public var low52wPrice: Double?
    public var low52wDate: String?
    public var currencyUnit: Int?
    /// The bank the rate is from: `하나은행`.
    public var provider: String?
    /// Unix ms.
    public var timestamp: Int64?
    public var id: Int64?
    public var createdAt: String?
    public var modifiedAt: String?
    /// Unsigned, as a fraction.
    public var changeRate: Double?
    public var signedChangePrice: Double?
    public var signedChangeRate: Double?

    /// A quote with every field unset.
    public init() {}
}
