/// One row of a board: a market's names merged with its latest ticker.
public struct Quote: Sendable, Hashable, Codable, Identifiable {
    /// The market and its names.
    public var market: Market
    /// The market's latest ticker.
    public var ticker: Ticker

    /// Merges a market's names with its ticker.
    public init(market: Market, ticker: Ticker) {
        self.market = market
        self.ticker = ticker
    }

    /// The market code, e.g. `KRW-BTC`.
    public var id: MarketID { market.id }
}
