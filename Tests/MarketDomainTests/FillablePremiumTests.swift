import MarketDomain
import Testing

/// The fillable premium (issue 29, point 5): what two known books fill, against the last price.
@Suite struct FillablePremiumTests {
    private let bitcoin = MarketID(quote: "KRW", base: "BTC")
    private let global = MarketID(quote: "USDT", base: "BTC")

    @Test func aLargeAmountWalksBothBooksAndGetsLessThanTheLastPrice() {
        // Korea: asks 100,000,000 × 0.05 then 101,000,000 × 1; bids 99,900,000 × 0.05 then 99,000,000 × 1.
        let korean = OrderBook(
            market: bitcoin, timestamp: 0,
            asks: [.init(price: 100_000_000, size: 0.05), .init(price: 101_000_000, size: 1)],
            bids: [.init(price: 99_900_000, size: 0.05), .init(price: 99_000_000, size: 1)])
        // Binance: bids 70,000 × 0.02 then 69,000 × 1; asks 70,010 × 0.02 then 71,000 × 1.
        let binance = OrderBook(
            market: global, timestamp: 0,
            asks: [.init(price: 70_010, size: 0.02), .init(price: 71_000, size: 1)],
            bids: [.init(price: 70_000, size: 0.02), .init(price: 69_000, size: 1)])
        let rate = 1_400.0
        // A small amount fills at the best prices: 100,000,000 / (70,000 × 1,400) − 1.
        let small = FillablePremium.of(amount: 1_000_000, korean: korean, binance: binance, rate: rate)
        #expect(abs((small.buyKorea ?? 0) - (100_000_000 / (70_000 * 1_400.0) - 1)) < 1e-12)
        #expect(abs((small.sellKorea ?? 0) - (99_900_000 / (70_010 * 1_400.0) - 1)) < 1e-12)
        // ₩10,000,000: 0.05 BTC at 100,000,000 (₩5,000,000), then ₩5,000,000 at 101,000,000
        // (0.0495049…); on Binance 0.02 at 70,000 and the rest at 69,000.
        let coins = 0.05 + 5_000_000 / 101_000_000.0
        let sold = 0.02 * 70_000 + (coins - 0.02) * 69_000
        let large = FillablePremium.of(amount: 10_000_000, korean: korean, binance: binance, rate: rate)
        let expected = (10_000_000 / coins) / (sold / coins * rate) - 1
        #expect(abs((large.buyKorea ?? 0) - expected) < 1e-12)
        #expect((large.buyKorea ?? 0) > (small.buyKorea ?? 0))
        // Too large for the books: nothing to say.
        let huge = FillablePremium.of(amount: 1e12, korean: korean, binance: binance, rate: rate)
        #expect(huge == FillablePremium(buyKorea: nil, sellKorea: nil))
        #expect(FillablePremium.of(amount: 10_000_000, korean: korean, binance: binance, rate: 0).buyKorea == nil)
    }
}
