import MarketDomain
import Testing

/// 체결강도: the volume bought over the volume sold, in percent, as the Korean apps show it.
@Suite struct TradeTests {
    private func trade(_ side: Trade.Side, _ size: Double) -> Trade {
        Trade(market: MarketID("KRW-BTC")!, price: 100, size: size, side: side, timestamp: 1, id: 1)
    }

    @Test func strengthIsBoughtOverSoldInPercent() {
        #expect(Trade.strength(of: [trade(.buy, 3), trade(.sell, 2), trade(.buy, 1)]) == 200)
        #expect(Trade.strength(of: [trade(.sell, 4), trade(.buy, 1)]) == 25)
        #expect(Trade.strength(of: [trade(.buy, 1)]) == nil, "nothing sold: no ratio")
        #expect(Trade.strength(of: []) == nil)
    }
}
