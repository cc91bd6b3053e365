import MarketDomain
import TestSupport
import Testing

@Suite struct StockDomainTests {
    @Test(arguments: [
        (1_999.0, 1.0), (2_000, 5), (4_995, 5), (5_000, 10), (19_990, 10), (20_000, 50), (49_950, 50),
        (50_000, 100), (199_900, 100), (200_000, 500), (499_500, 500), (500_000, 1_000), (1_007_000, 1_000),
    ])
    func krxTickSizesFollowThePriceBands(price: Double, tick: Double) {
        #expect(KRXPriceRules.tickSize(for: price) == tick)
    }

    @Test func pricesSnapToTheirBandsTick() {
        #expect(KRXPriceRules.snap(199_449) == 199_400)
        #expect(KRXPriceRules.snap(4_997) == 4_995)
        #expect(KRXPriceRules.snap(1_006_499) == 1_006_000)
        #expect(KRXPriceRules.snap(0.2) == 1)
    }

    @Test func theDailyLimitIsThirtyPercentRoundedInward() {
        // Samsung at 77,300: +30 % = 100,490 → 100,400; −30 % = 54,110 → 54,200 (as KIS's stck_mxpr/stck_llam).
        #expect(KRXPriceRules.upperLimit(previousClose: 77_300) == 100_400)
        #expect(KRXPriceRules.lowerLimit(previousClose: 77_300) == 54_200)
        #expect(KRXPriceRules.clamp(120_000, previousClose: 77_300) == 100_400)
        #expect(KRXPriceRules.clamp(80_000, previousClose: 77_300) == 80_000)
    }

    @Test func aQuotesChangeFollowsFromThePreviousClose() {
        let quote = StockQuote(
            code: "005930", price: 75_700, previousClose: 77_300, volume: 1, tradeValue: 1, dayHigh: 1, dayLow: 1,
            timestamp: 0)
        #expect(quote.changePrice == -1_600)
        #expect(abs(quote.changeRate + 1_600.0 / 77_300) < 1e-15)
        #expect(quote.direction == .fall)
    }

    @Test func stocksKnowTheirCurrencyAndYahooSuffix() {
        let samsung = StockFixtures.samsung
        #expect(samsung.currency == "KRW")
        #expect(samsung.market.yahooSuffix == ".KS")
        #expect(samsung.name(in: .english) == "삼성전자")
        #expect(StockMarket.kosdaq.yahooSuffix == ".KQ")
        #expect(StockMarket.nasdaq.currency == "USD")
        #expect(Stock.isKRXCode("005930"))
        #expect(!Stock.isKRXCode("AAPL"))
    }

    @Test func watchlistEditsKeepOrderAndNoDuplicates() {
        var list = Watchlist(["005930", "000660", "005930"])
        #expect(list.codes == ["005930", "000660"])
        #expect(list.add("035720") == .added)
        #expect(list.add("005930") == .alreadyThere)
        #expect(list.codes == ["005930", "000660", "035720"])
        #expect(list.move("035720", by: -1) == .moved)
        #expect(list.codes == ["005930", "035720", "000660"])
        #expect(list.move("005930", by: -1) == .unchanged)
        #expect(list.move("005930", to: 99) == .moved)
        #expect(list.codes == ["035720", "000660", "005930"])
        #expect(list.remove("000660") == .removed)
        #expect(list.remove("000660") == .notThere)
        #expect(list.clear() == 2)
        #expect(list.isEmpty)
    }
}
