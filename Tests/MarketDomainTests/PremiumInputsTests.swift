import MarketDomain
import Testing

/// The premium a premium rule watches, from its three prices as they arrive (issue 28).
@Suite struct PremiumInputsTests {
    private static let bitcoin = MarketID("KRW-BTC")!
    private static let globalBitcoin = MarketID("USDT-BTC")!

    @Test func aPremiumIsThatOfTheCompareTabAndMovesWithEachOfItsPrices() {
        var inputs = PremiumInputs()
        inputs.watch([Self.bitcoin], on: .upbit)
        inputs.watch([Self.bitcoin], on: .bithumb)
        #expect(inputs.needs(CoinComparison.usdtMarket, on: .upbit))
        #expect(inputs.needs(Self.globalBitcoin, on: .binance))
        #expect(!inputs.needs(MarketID("KRW-ETH")!, on: .upbit))
        #expect(!inputs.needs(MarketID("USDT-ETH")!, on: .binance))
        #expect(!inputs.needs(Self.bitcoin, on: .korbit))
        // Nothing until all three are known.
        #expect(inputs.take(price: 143_000_000, of: Self.bitcoin, on: .upbit).isEmpty)
        #expect(inputs.take(price: 100_000, of: Self.globalBitcoin, on: .binance).isEmpty)
        let first = inputs.take(price: 1_400, of: CoinComparison.usdtMarket, on: .upbit)
        let expected = CoinComparison.premium(krwPrice: 143_000_000, usdtPrice: 100_000, usdtRate: 1_400)! * 100
        #expect(first.map(\.percent) == [expected])
        // Bithumb has no KRW-USDT of its own: Upbit's stands in once Bithumb's Bitcoin is known.
        let bithumb = inputs.take(price: 144_000_000, of: Self.bitcoin, on: .bithumb)
        #expect(bithumb.map(\.exchange) == [.bithumb])
        #expect(abs(bithumb[0].percent - (144_000_000 / 140_000_000 - 1) * 100) < 1e-9)
        // Binance's price moves both exchanges' premiums.
        #expect(inputs.take(price: 99_000, of: Self.globalBitcoin, on: .binance).map(\.exchange) == [.upbit, .bithumb])
        // Bithumb's own rate, once known, is its own.
        let own = inputs.take(price: 1_390, of: CoinComparison.usdtMarket, on: .bithumb)
        #expect(own.map(\.exchange) == [.bithumb])
        #expect(abs(own[0].percent - (144_000_000 / (99_000 * 1_390) - 1) * 100) < 1e-9)
        inputs.watch([], on: .upbit)
        inputs.watch([], on: .bithumb)
        #expect(inputs.isEmpty)
        #expect(inputs.take(price: 98_000, of: Self.globalBitcoin, on: .binance).isEmpty)
    }
}
