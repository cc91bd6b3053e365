import MarketDomain
import PropertyBased
import Testing

/// The depth a viewer follows, on random event sequences (books out of order and of other
/// markets, trades repeated across snapshots and live frames, bad numbers): the book never steps
/// back, the tape holds each trade once, newest first, within its capacity.
@Suite struct MarketDepthTests {
    private static let bitcoin = MarketID("KRW-BTC")!
    private static let ether = MarketID("KRW-ETH")!

    static func book(_ rng: inout any SeededRandomNumberGenerator) -> OrderBook {
        let market = Int.random(in: 0..<8, using: &rng) == 0 ? ether : bitcoin
        let mid = Double(Int.random(in: 100...120, using: &rng)) * 1_000
        return OrderBook(
            market: market, timestamp: Int64.random(in: 1...50, using: &rng),
            asks: [.init(price: mid + 1_000, size: 1)], bids: [.init(price: mid - 1_000, size: 2)])
    }

    static func trade(_ rng: inout any SeededRandomNumberGenerator) -> Trade {
        let bad = Int.random(in: 0..<15, using: &rng) == 0
        // The exchange's id and time go together: the same trade twice is the same value (a bad one
        // has ids of its own).
        let id = Int64.random(in: 1...40, using: &rng) + (bad ? 100 : 0)
        let market = id % 7 == 0 ? ether : bitcoin
        let price = bad ? Double.nan : 100_000
        return Trade(
            market: market, price: price, size: Double(id) / 10, side: id % 2 == 0 ? .buy : .sell,
            timestamp: 1_000 + id / 3, id: id)
    }

    static func event(_ rng: inout any SeededRandomNumberGenerator) -> MarketDepthEvent {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return .snapshot(book(&rng), (0..<Int.random(in: 0...8, using: &rng)).map { _ in trade(&rng) })
        case 1: return .connection([.live, .stale, .connecting].randomElement(using: &rng)!)
        case 2: return .frameSkipped(reason: "bad")
        case 3...5: return .orderBook(book(&rng))
        default: return .trades((0..<Int.random(in: 1...3, using: &rng)).map { _ in trade(&rng) })
        }
    }

    struct Events: Sendable, CustomStringConvertible {
        var events: [MarketDepthEvent]
        var description: String { "\(events.count) events" }
    }

    static let events = Generator<Events, _>(run: { rng in
        Events(events: (0..<Int.random(in: 0...60, using: &rng)).map { _ in event(&rng) })
    })

    @Test func theBookNeverStepsBackAndTheTapeHoldsEachTradeOnceNewestFirst() async {
        await propertyCheck(count: 400, input: Self.events) { input in
            var depth = MarketDepth(market: Self.bitcoin, capacity: 12)
            var newestLiveBook: Int64?
            var everyTrade: [Int64: Trade] = [:]
            for event in input.events {
                let before = depth
                let changed = depth.apply(event)
                #expect(changed == (depth != before) || event == .frameSkipped(reason: "bad"))
                switch event {
                case .orderBook(let book) where book.market == Self.bitcoin:
                    if let newest = newestLiveBook, book.timestamp < newest {
                        #expect(depth.book == before.book)
                    }
                    newestLiveBook = max(newestLiveBook ?? .min, book.timestamp)
                case .snapshot(let book, _) where book.market == Self.bitcoin:
                    #expect(depth.book == book)
                    newestLiveBook = book.timestamp
                default: break
                }
                if case .trades(let trades) = event { for trade in trades { everyTrade[trade.id] = trade } }
                if case .snapshot(_, let trades) = event { for trade in trades { everyTrade[trade.id] = trade } }
                #expect(depth.book.map { $0.market == Self.bitcoin } ?? true)
                #expect(depth.tape.count <= 12)
                #expect(Set(depth.tape.map(\.id)).count == depth.tape.count)
                #expect(depth.tape.allSatisfy { $0.market == Self.bitcoin && $0.price.isFinite })
                #expect(
                    zip(depth.tape, depth.tape.dropFirst()).allSatisfy { ($0.timestamp, $0.id) > ($1.timestamp, $1.id) }
                )
            }
            // The tape is the newest of every good trade of the market seen.
            let good = everyTrade.values.filter { $0.market == Self.bitcoin && $0.price.isFinite }
                .sorted { ($0.timestamp, $0.id) > ($1.timestamp, $1.id) }
            #expect(depth.tape == Array(good.prefix(12)))
        }
    }

    @Test func strengthIsTheBoughtOverTheSoldOfTheTape() {
        var depth = MarketDepth(market: Self.bitcoin)
        depth.apply(
            .trades([
                Trade(market: Self.bitcoin, price: 1, size: 3, side: .buy, timestamp: 2, id: 2),
                Trade(market: Self.bitcoin, price: 1, size: 2, side: .sell, timestamp: 1, id: 1),
            ]))
        #expect(depth.strength == 150)
        #expect(depth.tape.map(\.id) == [2, 1])
    }
}
