import Foundation
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// The simulated book changes a few levels at a time (issue 65, item 3): every level's size was
/// drawn anew each second, so once a second nearly every size cell of both faces flashed at once
/// (31 of 32 in one capture). Each level now keeps its size for 3 to 10 seconds, on its own beat.
@Suite struct BookLevelsTests {
    private static let start: Int64 = 1_773_240_058_519

    @Test func withoutTradesAboutOneLevelInSixChangesEachSecond() throws {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 8, seed: 2), now: { Self.start })
        let venue = simulator.venue(.upbit)
        var changedShares: [Double] = []
        for market in venue.markets.prefix(5).map(\.id) {
            var previous = try #require(venue.depth(market, levels: 15, trades: 0, now: Self.start)?.book)
            for second in 1...30 {
                let book = try #require(
                    venue.depth(market, levels: 15, trades: 0, now: Self.start + Int64(second) * 1_000)?.book)
                #expect(book.asks.map(\.price) == previous.asks.map(\.price), "no trade: the same prices")
                let levels = zip(book.asks + book.bids, previous.asks + previous.bids)
                changedShares.append(
                    Double(levels.filter { $0.size != $1.size }.count) / Double(book.asks.count + book.bids.count))
                previous = book
            }
        }
        let mean = changedShares.reduce(0, +) / Double(changedShares.count)
        // A day's volume that jumps (a spike leaving the 24 hours) may still move every level once;
        // in 95 of 100 seconds at most a third of them change.
        let sorted = changedShares.sorted()
        #expect(sorted[sorted.count * 95 / 100] <= 0.34, "\(changedShares)")
        #expect(mean > 0.05 && mean < 0.3, "\(mean)")
    }
}
