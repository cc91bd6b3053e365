import MarketDomain
import Synchronization
import Testing

@testable import MarketFeatures

/// Viewers of one market share its depth feed: one connection however many watch, a viewer that
/// joins late starts from the book and tape the others see, the last to leave closes the feed,
/// and a feed that ends ends for everyone.
@Suite struct SharedDepthFeedsTests {
    private static let bitcoin = MarketID("KRW-BTC")!
    private static let ether = MarketID("KRW-ETH")!

    /// A depth source whose feeds the test writes to, and which says when one is closed.
    private final class ScriptedDepth: Sendable {
        private let feeds = Mutex<[(MarketID, AsyncStream<MarketDepthEvent>.Continuation)]>([])
        let closed: AsyncStream<MarketID>
        private let closing: AsyncStream<MarketID>.Continuation

        init() {
            (closed, closing) = AsyncStream.makeStream()
        }

        var opened: [MarketID] { feeds.withLock { $0.map(\.0) } }

        func source(_ market: MarketID) -> AsyncStream<MarketDepthEvent> {
            let (events, continuation) = AsyncStream<MarketDepthEvent>.makeStream()
            let closing = closing
            continuation.onTermination = { _ in closing.yield(market) }
            feeds.withLock { $0.append((market, continuation)) }
            return events
        }

        /// Sends `event` on the latest feed opened.
        func send(_ event: MarketDepthEvent) {
            _ = feeds.withLock { $0.last }?.1.yield(event)
        }

        func finishLatest() {
            feeds.withLock { $0.last }?.1.finish()
        }
    }

    private static func book(_ timestamp: Int64, bid: Double) -> OrderBook {
        OrderBook(
            market: bitcoin, timestamp: timestamp, asks: [.init(price: bid + 1_000, size: 1)],
            bids: [.init(price: bid, size: 2)])
    }

    private static func trade(_ id: Int64) -> Trade {
        Trade(market: bitcoin, price: 100_000_000, size: 0.1, side: .buy, timestamp: 1_773_240_058_000 + id, id: id)
    }

    @Test func aLateViewerStartsFromWhatTheOthersSeeAndFollowsOnOneConnection() async {
        let scripted = ScriptedDepth()
        let shared = SharedDepthFeeds(scripted.source)
        var first = shared.source(Self.bitcoin).makeAsyncIterator()
        scripted.send(.connection(.live))
        scripted.send(.snapshot(Self.book(1, bid: 100), [Self.trade(1)]))
        scripted.send(.trades([Self.trade(2)]))
        #expect(await first.next() == .connection(.live))
        #expect(await first.next() == .snapshot(Self.book(1, bid: 100), [Self.trade(1)]))
        #expect(await first.next() == .trades([Self.trade(2)]))

        var second = shared.source(Self.bitcoin).makeAsyncIterator()
        #expect(scripted.opened == [Self.bitcoin])
        #expect(await second.next() == .connection(.live))
        #expect(await second.next() == .snapshot(Self.book(1, bid: 100), [Self.trade(2), Self.trade(1)]))
        scripted.send(.orderBook(Self.book(2, bid: 101)))
        #expect(await first.next() == .orderBook(Self.book(2, bid: 101)))
        #expect(await second.next() == .orderBook(Self.book(2, bid: 101)))

        // Another market has a feed of its own.
        var other = shared.source(Self.ether).makeAsyncIterator()
        #expect(scripted.opened == [Self.bitcoin, Self.ether])
        scripted.finishLatest()
        #expect(await other.next() == nil)
        #expect(shared.openFeeds == 1)
    }

    @Test func theLastViewerToLeaveClosesTheFeedAndTheNextOpensItAgain() async {
        let scripted = ScriptedDepth()
        let shared = SharedDepthFeeds(scripted.source)
        var closed = scripted.closed.makeAsyncIterator()
        let viewing = { (events: AsyncStream<MarketDepthEvent>) in
            Task {
                var count = 0
                for await _ in events { count += 1 }
                return count
            }
        }
        let first = viewing(shared.source(Self.bitcoin))
        let second = viewing(shared.source(Self.bitcoin))
        first.cancel()
        _ = await first.value
        #expect(shared.openFeeds == 1)
        second.cancel()
        _ = await second.value
        #expect(await closed.next() == Self.bitcoin)
        #expect(shared.openFeeds == 0)

        var again = shared.source(Self.bitcoin).makeAsyncIterator()
        #expect(scripted.opened == [Self.bitcoin, Self.bitcoin])
        scripted.send(.connection(.connecting))
        #expect(await again.next() == .connection(.connecting))
    }

    @Test func aFeedThatEndsEndsForEveryViewer() async {
        let scripted = ScriptedDepth()
        let shared = SharedDepthFeeds(scripted.source)
        var first = shared.source(Self.bitcoin).makeAsyncIterator()
        var second = shared.source(Self.bitcoin).makeAsyncIterator()
        scripted.send(.connection(.offline))
        scripted.finishLatest()
        #expect(await first.next() == .connection(.offline))
        #expect(await first.next() == nil)
        // The second joined before any event: it starts from where the feed stood then.
        #expect(await second.next() == .connection(.connecting))
        #expect(await second.next() == .connection(.offline))
        #expect(await second.next() == nil)
        #expect(shared.openFeeds == 0)
    }
}
