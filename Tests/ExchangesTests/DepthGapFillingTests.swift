import MarketDomain
import Synchronization
import Testing

@testable import Exchanges

/// The detail's tape after a stall whose bytes were lost (issue 26, item 3, "the same rule for
/// the detail's tape"): a live batch whose ids jump is preceded by the latest tape from REST.
@Suite struct DepthGapFillingTests {
    private func trade(_ id: Int64) -> Trade {
        Trade(market: MarketID("KRW-BTC")!, price: 100, size: 1, side: .buy, timestamp: 1_000 + id, id: id)
    }

    @Test func aJumpInIdsBringsTheLatestTapeBeforeTheBatch() async throws {
        let (upstream, feed) = AsyncStream<MarketDepthEvent>.makeStream()
        let refills = Mutex(0)
        let events = DepthGapFilling.events(upstream) {
            refills.withLock { $0 += 1 }
            return (21...60).reversed().map { self.trade($0) }
        }
        feed.yield(.connection(.live))
        feed.yield(.trades((1...10).map { trade($0) }))
        feed.yield(.trades([trade(11)]))
        feed.yield(.trades([trade(61), trade(62)]))
        feed.finish()
        var received: [MarketDepthEvent] = []
        for await event in events { received.append(event) }
        #expect(refills.withLock { $0 } == 1)
        let batches = received.compactMap { event -> [Int64]? in
            if case .trades(let trades) = event { trades.map(\.id) } else { nil }
        }
        #expect(batches == [Array(1...10), [11], Array((21...60).reversed()), [61, 62]])
    }

    @Test func idsThatAreNotOneByOneNeverAskForARefill() async throws {
        let (upstream, feed) = AsyncStream<MarketDepthEvent>.makeStream()
        let refills = Mutex(0)
        let events = DepthGapFilling.events(upstream) {
            refills.withLock { $0 += 1 }
            return []
        }
        feed.yield(.trades([100, 250, 400, 900, 1_000].map { trade($0) }))
        feed.yield(.trades([trade(5_000)]))
        feed.finish()
        for await _ in events {}
        #expect(refills.withLock { $0 } == 0)
    }
}
