/// A source of stock prices Sise can use, named as on the command line (`--exchange kis`).
public enum StockSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// Korea Investment & Securities' Open API: KRX stocks and, through its overseas quotations,
    /// US stocks; keys required for the real one.
    case kis
    /// Yahoo Finance's keyless chart and search: KRX and US stocks.
    case yahoo

    /// The name shown to people.
    public var displayName: String {
        switch self {
        case .kis: "KIS"
        case .yahoo: "Yahoo"
        }
    }

    /// Whether the source serves a market: both serve KRX and the US markets.
    public func serves(_ market: StockMarket) -> Bool {
        switch market {
        case .kospi, .kosdaq, .nasdaq, .nyse: true
        }
    }
}
