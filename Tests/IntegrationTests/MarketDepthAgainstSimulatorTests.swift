import ExchangeSimulator
import Exchanges
import MarketDomain
import Synchronization
import TestSupport
import Testing

/// Every exchange's real client following one market's depth on the simulator over loopback:
/// the REST first paint, live books and trades over the WebSocket, and both back after the
/// simulator drops the connection (SPEC §1.13).
@Suite(.timeLimit(.minutes(5)), .serialized) struct MarketDepthAgainstSimulatorTests {
    static let exchanges: [Exchange] = [.upbit, .bithumb, .korbit, .binance]

    /// The events seen so far, and the depth they make.
    final class Seen: Sendable {
        let events = Mutex<[MarketDepthEvent]>([])
        let depth: Mutex<MarketDepth>

        init(_ market: MarketID) { depth = Mutex(MarketDepth(market: market)) }

        func take(_ event: MarketDepthEvent) {
            events.withLock { $0.append(event) }
            depth.withLock { _ = $0.apply(event) }
        }

        func count(_ matching: (MarketDepthEvent) -> Bool) -> Int { events.withLock { $0.filter(matching).count } }
    }

    static func isBook(_ event: MarketDepthEvent) -> Bool { if case .orderBook = event { true } else { false } }
    static func isTrades(_ event: MarketDepthEvent) -> Bool { if case .trades = event { true } else { false } }
    static func isSnapshot(_ event: MarketDepthEvent) -> Bool { if case .snapshot = event { true } else { false } }

    @Test(arguments: exchanges)
    func theBookAndTheTapeArePaintedFromRESTThenMoveLiveAndComeBackAfterADrop(exchange: Exchange) async throws {
        let harness = try await SimulatorHarness.start(exchange, markets: 10, ticksPerSecond: 200)
        let market = MarketID(quote: exchange.quoteCurrency, base: "BTC")
        let seen = Seen(market)
        let events = harness.client.liveDepth(market)
        let reader = Task {
            for await event in events { seen.take(event) }
        }
        try await waitUntil(seconds: 30, "a snapshot, live books and trades") {
            seen.count(Self.isSnapshot) >= 1 && seen.count(Self.isBook) >= 2 && seen.count(Self.isTrades) >= 2
        }
        let depth = seen.depth.withLock { $0 }
        let book = try #require(depth.book)
        #expect(book.market == market)
        #expect(book.asks.count >= 10 && book.bids.count >= 10)
        #expect(book.bestBid!.price < book.bestAsk!.price)
        #expect(depth.tape.count >= 2)
        #expect(depth.tape.allSatisfy { $0.market == market && $0.size > 0 })
        #expect(zip(depth.tape, depth.tape.dropFirst()).allSatisfy { $0.timestamp >= $1.timestamp })
        #expect(Set(depth.tape.map(\.id)).count == depth.tape.count)
        #expect(depth.connection == .live)

        // The last trade stood at the book's best of the side it took.
        let booksBefore = seen.count(Self.isBook)
        let snapshotsBefore = seen.count(Self.isSnapshot)
        harness.simulator.dropConnections()
        try await waitUntil(seconds: 30, "reconnected, painted again and live") {
            let states = seen.events.withLock { events in
                events.compactMap { if case .connection(let state) = $0 { state } else { nil } }
            }
            guard let dropped = states.lastIndex(where: { if case .reconnecting = $0 { true } else { false } }) else {
                return false
            }
            return states[dropped...].contains(.live) && seen.count(Self.isSnapshot) > snapshotsBefore
                && seen.count(Self.isBook) > booksBefore + 1
        }
        reader.cancel()
        await harness.stop()
    }

    @Test(arguments: exchanges)
    func aBookFromTheSimulatorLiesOnItsPriceGridAroundTheLastTrade(exchange: Exchange) async throws {
        let harness = try await SimulatorHarness.start(exchange, markets: 10, ticksPerSecond: 50)
        harness.simulator.setPaused(true)
        let market = MarketID(quote: exchange.quoteCurrency, base: "BTC")
        let book = try await harness.client.fetchOrderBook(market)
        let last = try #require(try await harness.client.fetchTrades(market, 1).first)
        // A buyer took the best ask, a seller the best bid: the last price is the best of that side.
        let best = last.side == .buy ? book.bestAsk?.price : book.bestBid?.price
        #expect(best == last.price)
        if exchange != .binance {
            #expect(book.asks.allSatisfy { KRWTickSize.snap($0.price) == $0.price })
            #expect(book.bids.allSatisfy { KRWTickSize.snap($0.price) == $0.price })
        }
        await harness.stop()
    }
}
