import Foundation
import MarketDomain
import PropertyBased
import Testing

/// The three premiums of issue 29: over tether, over the bank rate, and tether's own, linked by
/// `(1 + premiumFX) = (1 + premiumUSDT) × (1 + tetherPremium)`.
@Suite struct PremiumBasesTests {
    struct Prices: Sendable, CustomStringConvertible {
        var krw: [Double]
        var usdt: Double
        var tether: Double
        var usdKRW: Double
        var description: String { "KRW \(krw), USDT \(usdt), KRW-USDT \(tether), USD/KRW \(usdKRW)" }
    }

    static let prices = Generator<Prices, _>(run: { rng in
        let usdKRW = Double.random(in: 900...2_000, using: &rng)
        let tether = usdKRW * Double.random(in: 0.95...1.08, using: &rng)
        let usdt = exp(Double.random(in: log(0.0001)...log(120_000), using: &rng))
        let krw = (0..<2).map { _ in usdt * tether * Double.random(in: 0.8...1.3, using: &rng) }
        return Prices(krw: krw, usdt: usdt, tether: tether, usdKRW: usdKRW)
    })

    @Test func theThreePremiumsAgreeWhateverThePrices() async {
        await propertyCheck(count: 500, input: Self.prices) { prices in
            let coin = Market(id: MarketID(quote: "KRW", base: "COIN"), koreanName: "", englishName: "Coin")
            let tether = Market(id: CoinComparison.usdtMarket, koreanName: "", englishName: "Tether")
            let global = Market(id: MarketID(quote: "USDT", base: "COIN"), koreanName: "", englishName: "Coin")
            func quote(_ market: Market, _ price: Double) -> Quote {
                Quote(
                    market: market,
                    ticker: Ticker(
                        marketID: market.id, price: price, changePrice: 0, changeRate: 0, volume24h: 0,
                        tradeValue24h: 0, open: price, high: price, low: price, previousClose: price, timestamp: 1))
            }
            let quotes: [Exchange: [Quote]] = [
                .upbit: [quote(coin, prices.krw[0]), quote(tether, prices.tether)],
                .bithumb: [quote(coin, prices.krw[1])], .binance: [quote(global, prices.usdt)],
            ]
            guard let row = CoinComparison.compare(quotes).first?.measured(against: prices.usdKRW),
                let fx = row.premiumFX, let usdt = row.premium, let tetherPremium = row.tetherPremium
            else {
                Issue.record("no premiums for \(prices)")
                return
            }
            #expect(abs((1 + fx) - (1 + usdt) * (1 + tetherPremium)) < 1e-9)
            #expect(abs(tetherPremium - (prices.tether / prices.usdKRW - 1)) < 1e-12)
            #expect(row.usdKRW == prices.usdKRW)
        }
        // No rate, no bank-rate premium; the premium over tether stands.
        let unmeasured = CoinComparison.compare([:]).first?.measured(against: nil)
        #expect(unmeasured == nil)
    }
}
