import MarketDomain
import TestSupport
import Testing

@Suite struct TickerPlausibilityTests {
    private let real = MarketFixtures.ticker(
        MarketFixtures.bitcoin, price: 140_000_000, change: 1_400_000, value: 300e9, timestamp: 1_773_240_058_519)

    @Test func aRealTickerIsPlausible() {
        #expect(real.implausibility == nil)
    }

    @Test func impossiblePricesAmountsAndTimesAreNamed() {
        var cases: [(String, (inout Ticker) -> Void)] = []
        for price in [-5000, 0, 1e308, .infinity, .nan] { cases.append(("price", { $0.price = price })) }
        cases.append(("24h volume", { $0.volume24h = -1 }))
        cases.append(("24h value", { $0.tradeValue24h = .infinity }))
        cases.append(("high", { $0.high = -3 }))
        cases.append(("the change", { $0.changeRate = .nan }))
        cases.append(("timestamp", { $0.timestamp = 1_000 }))
        cases.append(("timestamp", { $0.timestamp = 9_000_000_000_000 }))
        for (field, spoil) in cases {
            var ticker = real
            spoil(&ticker)
            #expect(ticker.implausibility?.hasPrefix(field) == true, "\(field): \(ticker)")
        }
    }
}
