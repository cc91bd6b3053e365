import MarketDomain
import Testing

/// 호가 모아보기 and 누적 (issue 30).
@Suite struct OrderBookGroupingTests {
    private let market = MarketID("KRW-BTC")!

    @Test func asksGroupUpBidsDownAndTheSizesOfAGroupAddUp() {
        let book = OrderBook(
            market: market, timestamp: 1,
            asks: [.init(price: 100_100, size: 1), .init(price: 100_200, size: 2), .init(price: 110_000, size: 4)],
            bids: [.init(price: 100_000, size: 1), .init(price: 99_900, size: 3), .init(price: 90_000, size: 5)])
        let grouped = book.grouped(by: 10_000)
        #expect(grouped.asks == [.init(price: 110_000, size: 7)])
        #expect(grouped.bids == [.init(price: 100_000, size: 1), .init(price: 90_000, size: 8)])
        #expect(OrderBook.runningTotals(book.bids) == [1, 4, 9])
        #expect(book.grouped(by: 0) == book)
    }

    @Test func aPriceOnAMultipleStaysWhateverTheDivisionsLastBitSays() {
        let book = OrderBook(
            market: market, timestamp: 1, asks: [.init(price: 0.3, size: 1)], bids: [.init(price: 0.2, size: 1)])
        let grouped = book.grouped(by: 0.1)
        // 0.3 / 0.1 is 2.9999999999999996: a plain floor would put the ask at 0.3 but a bid there at 0.2.
        #expect(grouped.asks.count == 1 && abs((grouped.asks.first?.price ?? 0) - 0.3) < 1e-12)
        #expect(grouped.bids.count == 1 && abs((grouped.bids.first?.price ?? 0) - 0.2) < 1e-12)
    }

    @Test func aKRWBookTakesTheExchangesUnitsAndAnyOtherMultiplesOfTheTickReadOffItsLevels() {
        let krw = OrderBook(
            market: market, timestamp: 1, asks: [.init(price: 100_001_000, size: 1)],
            bids: [.init(price: 100_000_000, size: 1)])
        #expect(krw.groupingUnits == [10_000, 100_000, 1_000_000, 10_000_000, 100_000_000])
        // Quoted in BTC: steps of 2 and 3 satoshi make a tick of 1e-8 (the smallest step, down to a
        // power of ten), grouped by ten, a hundred, a thousand and ten thousand of it.
        let inBitcoin = OrderBook(
            market: MarketID("BTC-ETH")!, timestamp: 1,
            asks: [.init(price: 0.03405951, size: 1), .init(price: 0.03405954, size: 1)],
            bids: [.init(price: 0.03405949, size: 1), .init(price: 0.03405947, size: 1)])
        #expect(inBitcoin.groupingUnits == [0.0000001, 0.000001, 0.00001, 0.0001])
        // Quoted in USDT at 0.5 with steps of 0.0001: no unit above the price.
        let cheap = OrderBook(
            market: MarketID("USDT-DOGE")!, timestamp: 1,
            asks: [.init(price: 0.5001, size: 1), .init(price: 0.5002, size: 1)],
            bids: [.init(price: 0.5, size: 1), .init(price: 0.4999, size: 1)])
        #expect(cheap.groupingUnits == [0.001, 0.01, 0.1])
        // One price a side: no step to read a tick from.
        let thin = OrderBook(
            market: MarketID("USDT-DOGE")!, timestamp: 1, asks: [.init(price: 0.5001, size: 1)],
            bids: [.init(price: 0.5, size: 1)])
        #expect(thin.groupingUnits.isEmpty)
    }
}
