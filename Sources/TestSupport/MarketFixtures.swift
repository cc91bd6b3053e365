public import MarketDomain

/// Small, named markets and tickers for tests.
public enum MarketFixtures {
    public static let bitcoin = Market(id: MarketID("KRW-BTC")!, koreanName: "비트코인", englishName: "Bitcoin")
    public static let ethereum = Market(id: MarketID("KRW-ETH")!, koreanName: "이더리움", englishName: "Ethereum")
    public static let ripple = Market(id: MarketID("KRW-XRP")!, koreanName: "엑스알피", englishName: "XRP")
    public static let bittorrent = Market(id: MarketID("KRW-BTT")!, koreanName: "비트토렌트", englishName: "BitTorrent")

    /// The four markets above.
    public static let markets = [bitcoin, ethereum, ripple, bittorrent]

    /// A ticker with the fields tests care about; the rest follow from them.
    public static func ticker(
        _ market: Market, price: Double, change: Double = 0, value: Double = 1_000_000, timestamp: Int64 = 1_000
    ) -> Ticker {
        let previous = price - change
        return Ticker(
            marketID: market.id, price: price, changePrice: change, changeRate: previous == 0 ? 0 : change / previous,
            volume24h: value / price, tradeValue24h: value, open: previous, high: max(price, previous),
            low: min(price, previous), previousClose: previous, timestamp: timestamp)
    }

    /// A quote of a market at a price.
    public static func quote(_ market: Market, price: Double, change: Double = 0, value: Double = 1_000_000) -> Quote {
        Quote(market: market, ticker: ticker(market, price: price, change: change, value: value))
    }
}
