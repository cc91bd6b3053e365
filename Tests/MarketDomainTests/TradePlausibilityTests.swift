import MarketDomain
import Testing

/// Trades and book levels that cannot be a real market's are refused where they enter, as tickers
/// are: the values a hostile server sent in the faults campaign (issue 26, item 5).
@Suite struct TradePlausibilityTests {
    private let now: Int64 = 1_764_000_000_000  // 2025-11-24

    private func trade(price: Double = 100, size: Double = 1, timestamp: Int64? = nil) -> Trade {
        Trade(
            market: MarketID("KRW-BTC")!, price: price, size: size, side: .buy, timestamp: timestamp ?? now - 1_000,
            id: 1)
    }

    @Test func aRealTradeIsKept() {
        #expect(trade().implausibility(now: now) == nil)
        // A server's clock a few minutes ahead of ours is still believed.
        #expect(trade(timestamp: now + 5 * 60 * 1000).implausibility(now: now) == nil)
    }

    @Test func impossiblePricesSizesAndTimesAreRefused() {
        let refused = [
            trade(price: -5_000), trade(price: 1e308), trade(price: .infinity), trade(price: .nan), trade(price: 0),
            trade(size: -3), trade(size: 0), trade(size: 1e308), trade(size: .nan),
            trade(timestamp: now + 317 * 365 * 86_400_000), trade(timestamp: now + 3_600_000), trade(timestamp: 0),
            trade(timestamp: -1),
        ]
        for trade in refused {
            #expect(trade.implausibility(now: now) != nil, "\(trade)")
        }
    }

    @Test func aBookLeavesOutImpossibleLevelsAndAFarFutureBookIsRefused() {
        let book = OrderBook(
            market: MarketID("KRW-BTC")!, timestamp: now,
            asks: [.init(price: 1e308, size: 1), .init(price: 101, size: 1e308), .init(price: 102, size: 2)],
            bids: [.init(price: 99, size: -3), .init(price: 98, size: 1)])
        #expect(book.asks == [.init(price: 102, size: 2)])
        #expect(book.bids == [.init(price: 98, size: 1)])
        #expect(book.implausibility(now: now) == nil)
        let future = OrderBook(market: MarketID("KRW-BTC")!, timestamp: now + 86_400_000, asks: [], bids: [])
        #expect(future.implausibility(now: now) != nil)
    }
}
