/// The prices a premium rule's premium is made of, kept as they arrive (issue 28): a coin's KRW
/// price on a Korean exchange, its USDT price on Binance, and KRW-USDT. Each price taken returns
/// the premiums it moved, in percent, as ``CoinComparison/premium(krwPrice:usdtPrice:usdtRate:)``
/// computes the Compare tab's: the KRW price over the USDT price times KRW per USDT, less one.
/// KRW per USDT is the rule's exchange's own KRW-USDT, or another Korean exchange's while its
/// own has none.
public struct PremiumInputs: Sendable {
    /// A premium a price moved.
    public struct Premium: Sendable, Equatable {
        public var exchange: Exchange
        public var market: MarketID
        /// In percent: `5.2` is 5.2 %.
        public var percent: Double
        /// The KRW price it was measured from.
        public var price: Double
    }

    /// The KRW markets watched, by Korean exchange.
    private var watched: [Exchange: Set<MarketID>] = [:]
    private var krwPrices: [Exchange: [MarketID: Double]] = [:]
    /// Binance's USDT prices, by coin symbol.
    private var usdtPrices: [String: Double] = [:]
    private var usdtRates: [Exchange: Double] = [:]

    /// Nothing watched yet.
    public init() {}

    /// Whether any premium is watched.
    public var isEmpty: Bool { watched.values.allSatisfy(\.isEmpty) }

    /// Watches these KRW markets on `exchange` (and only these); prices already kept stay.
    public mutating func watch(_ markets: Set<MarketID>, on exchange: Exchange) {
        watched[exchange] = markets
    }

    /// Whether a price of `market` on `exchange` goes into a watched premium.
    public func needs(_ market: MarketID, on exchange: Exchange) -> Bool {
        if exchange == .binance { return market.quote == "USDT" && isWatched(symbol: market.base) }
        return market == CoinComparison.usdtMarket
            ? watched[exchange]?.isEmpty == false
            : watched[exchange]?.contains(market) == true
    }

    /// Takes a price: returns the watched premiums it moved.
    public mutating func take(price: Double, of market: MarketID, on exchange: Exchange) -> [Premium] {
        guard price.isFinite, price > 0, needs(market, on: exchange) else { return [] }
        if exchange == .binance {
            usdtPrices[market.base] = price
            let id = MarketID(quote: "KRW", base: market.base)
            return Exchange.korean.compactMap { korean in
                watched[korean]?.contains(id) == true ? premium(of: id, on: korean) : nil
            }
        }
        if market == CoinComparison.usdtMarket {
            usdtRates[exchange] = price
            // Another exchange's rate stands in for one that has none, so its premiums move too.
            return Exchange.korean.flatMap { korean -> [Premium] in
                guard korean == exchange || usdtRates[korean] == nil else { return [] }
                return (watched[korean] ?? []).sorted().compactMap { premium(of: $0, on: korean) }
            }
        }
        krwPrices[exchange, default: [:]][market] = price
        return premium(of: market, on: exchange).map { [$0] } ?? []
    }

    private func isWatched(symbol: String) -> Bool {
        let id = MarketID(quote: "KRW", base: symbol)
        return watched.values.contains { $0.contains(id) }
    }

    private func premium(of market: MarketID, on exchange: Exchange) -> Premium? {
        guard let price = krwPrices[exchange]?[market], let usdtPrice = usdtPrices[market.base],
            let rate = usdtRates[exchange] ?? Exchange.korean.lazy.compactMap({ usdtRates[$0] }).first,
            let premium = CoinComparison.premium(krwPrice: price, usdtPrice: usdtPrice, usdtRate: rate)
        else { return nil }
        return Premium(exchange: exchange, market: market, percent: premium * 100, price: price)
    }
}
