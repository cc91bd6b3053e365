import MarketDomain
import Testing

/// `sise trades --follow`'s rule: each trade once, in order, and a gap never passed over in
/// silence (issue 26, items 3 and 4).
@Suite struct TradeFollowerTests {
    private func trade(_ id: Int64, at timestamp: Int64? = nil) -> Trade {
        Trade(
            market: MarketID("KRW-BTC")!, price: 100, size: 1, side: .buy, timestamp: timestamp ?? 1_000 + id,
            id: id)
    }

    private func trades(_ ids: ClosedRange<Int64>) -> [Trade] { ids.map { trade($0) } }

    @Test func eachTradeIsTakenOnceOldestFirst() {
        var follower = TradeFollower()
        #expect(follower.take(trades(1...5).reversed()).map(\.id) == [1, 2, 3, 4, 5])
        // A REST page overlapping what was printed adds only what is new.
        #expect(follower.take(trades(3...8).reversed()).map(\.id) == [6, 7, 8])
        #expect(follower.take([trade(8), trade(7)]).isEmpty)
        #expect(follower.consecutiveIDs == true)
    }

    @Test func aJumpInConsecutiveIDsAsksForACatchUpFirst() {
        var follower = TradeFollower()
        _ = follower.take(trades(1...10))
        #expect(!follower.needsCatchUp(before: [trade(11)]))
        #expect(follower.needsCatchUp(before: [trade(40), trade(41)]))
        // The catch-up page reaches back: everything missed, in order, no gap.
        let (caughtUp, gap) = follower.catchUp(trades(5...45).reversed())
        #expect(caughtUp.map(\.id) == Array(11...45))
        #expect(gap == nil)
        // The live batch that was waiting is then taken without repeats.
        #expect(follower.take([trade(40), trade(41), trade(46)]).map(\.id) == [46])
    }

    @Test func aPageThatDoesNotReachBackIsAGapWithItsSize() {
        var follower = TradeFollower()
        _ = follower.take(trades(1...10))
        let (caughtUp, gap) = follower.catchUp(trades(300...399).reversed())
        #expect(caughtUp.first?.id == 300 && caughtUp.count == 100)
        #expect(gap?.after.id == 10)
        #expect(gap?.before.id == 300)
        #expect(gap?.missing == 289)
    }

    @Test func idsThatSkipAreNotReadAsGapsButAShortPageStillIs() {
        // Upbit's sequential_id is unique but not one by one.
        var follower = TradeFollower()
        _ = follower.take([trade(100), trade(250), trade(400), trade(900), trade(1_000), trade(1_300)])
        #expect(follower.consecutiveIDs == false)
        #expect(!follower.needsCatchUp(before: [trade(5_000)]))
        let (_, gap) = follower.catchUp([trade(5_000), trade(6_000)])
        #expect(gap != nil && gap?.missing == nil)
        let (_, none) = follower.catchUp([trade(6_000), trade(7_000)])
        #expect(none == nil)
    }
}
