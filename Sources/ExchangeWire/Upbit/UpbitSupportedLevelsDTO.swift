/// One row of `GET /v1/orderbook/supported_levels`: the grouping units (호가 모아보기) a market's
/// order book takes (exchange-apis.md §9.5).
public struct UpbitSupportedLevelsDTO: Codable, Sendable, Equatable {
    public var market: String
    public var supportedLevels: [Double]

    /// Makes a row.
    public init(market: String, supportedLevels: [Double]) {
        self.market = market
        self.supportedLevels = supportedLevels
    }

    enum CodingKeys: String, CodingKey {
        case market
        case supportedLevels = "supported_levels"
    }
}
