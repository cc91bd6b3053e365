import MarketDomain
import PropertyBased
import Testing

/// The order book's invariants, on random levels of every kind (unsorted, repeated prices, zero
/// and negative sizes, non-finite numbers, crossing sides): each side in its order, never
/// crossed, the figures agreeing with the levels.
@Suite struct OrderBookTests {
    private static let bitcoin = MarketID("KRW-BTC")!

    /// A level as a feed might send it, good or not.
    static func level(_ rng: inout any SeededRandomNumberGenerator) -> OrderBook.Level {
        let prices: [Double] = [.nan, .infinity, -1, 0]
        let price =
            Int.random(in: 0..<20, using: &rng) == 0
            ? prices.randomElement(using: &rng)! : Double(Int.random(in: 1...60, using: &rng)) * 1_000
        let size =
            Int.random(in: 0..<10, using: &rng) == 0
            ? [0, -2, .nan].randomElement(using: &rng)! : Double(Int.random(in: 1...5_000, using: &rng)) / 1_000
        return OrderBook.Level(price: price, size: size)
    }

    struct Sides: Sendable, CustomStringConvertible {
        var asks: [OrderBook.Level]
        var bids: [OrderBook.Level]
        var description: String { "asks \(asks.map(\.price)) bids \(bids.map(\.price))" }
    }

    static let sides = Generator<Sides, _>(run: { rng in
        Sides(
            asks: (0..<Int.random(in: 0...30, using: &rng)).map { _ in level(&rng) },
            bids: (0..<Int.random(in: 0...30, using: &rng)).map { _ in level(&rng) })
    })

    @Test func everyBookIsInOrderNeverCrossedAndItsFiguresAgree() async {
        await propertyCheck(count: 500, input: Self.sides) { sides in
            let book = OrderBook(market: Self.bitcoin, timestamp: 1, asks: sides.asks, bids: sides.bids)
            #expect(zip(book.asks, book.asks.dropFirst()).allSatisfy { $0.price < $1.price })
            #expect(zip(book.bids, book.bids.dropFirst()).allSatisfy { $0.price > $1.price })
            #expect((book.asks + book.bids).allSatisfy { $0.price > 0 && $0.size > 0 && $0.price.isFinite })
            if let ask = book.bestAsk, let bid = book.bestBid {
                #expect(bid.price < ask.price)
                #expect(book.spread == ask.price - bid.price && book.spread! > 0)
                #expect(book.mid! > bid.price && book.mid! < ask.price)
            }
            let asks = book.asks.reduce(0) { $0 + $1.size }
            #expect(book.totalAskSize == asks)
            if let imbalance = book.imbalance { #expect((-1...1).contains(imbalance)) }
            // No size is lost on a side that is not crossed: every good ask is in the book.
            let goodAsks = sides.asks.filter { $0.price.isFinite && $0.price > 0 && $0.size.isFinite && $0.size > 0 }
            #expect(abs(book.totalAskSize - goodAsks.reduce(0) { $0 + $1.size }) < 1e-9)
            let top = book.limited(to: 5)
            #expect(top.asks == Array(book.asks.prefix(5)) && top.bids == Array(book.bids.prefix(5)))
        }
    }

    @Test func aHandWrittenBookHasItsSpreadMidAndImbalance() {
        let book = OrderBook(
            market: Self.bitcoin, timestamp: 1,
            asks: [.init(price: 101_000, size: 1), .init(price: 100_000, size: 2), .init(price: 100_000, size: 1)],
            bids: [.init(price: 99_000, size: 4), .init(price: 100_000, size: 9), .init(price: 98_000, size: 1)])
        #expect(book.asks == [.init(price: 100_000, size: 3), .init(price: 101_000, size: 1)])
        #expect(
            book.bids == [.init(price: 99_000, size: 4), .init(price: 98_000, size: 1)], "a crossing bid is left out")
        #expect(book.spread == 1_000 && book.mid == 99_500)
        #expect(book.imbalance == (5.0 - 4.0) / 9.0)
        #expect(OrderBook(market: Self.bitcoin, timestamp: 1, asks: [], bids: []).imbalance == nil)
    }
}
