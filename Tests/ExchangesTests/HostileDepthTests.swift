import Exchanges
import Foundation
import MarketDomain
import Synchronization
import TestSupport
import Testing

/// Trades and books a hostile server sends on the live depth feed (issue 26, items 5 and 6): a
/// negative or infinite price, a size of −3 or 0, a time 317 years ahead never reach the tape,
/// the book or 체결강도; each is counted as a skipped frame, and the good trade after them is read.
@MainActor
@Suite struct HostileDepthTests {
    /// Collects the depth events of one market.
    final class Collected: Sendable {
        private let events = Mutex<[MarketDepthEvent]>([])
        func append(_ event: MarketDepthEvent) { events.withLock { $0.append(event) } }
        var all: [MarketDepthEvent] { events.withLock { $0 } }
        var trades: [Trade] {
            all.flatMap { event -> [Trade] in if case .trades(let trades) = event { trades } else { [] } }
        }
        var books: [OrderBook] { all.compactMap { if case .orderBook(let book) = $0 { book } else { nil } } }
        var skipped: Int { all.count { if case .frameSkipped = $0 { true } else { false } } }
    }

    @Test func impossibleTradesAndAFarFutureBookAreSkippedAndTheGoodOnesRead() async throws {
        let connector = ScriptedConnector()
        let driver = TaskDriver()
        let feed = ReconnectingFeed(
            connector: connector.connector, dialect: .upbit(ticket: { "t" }), fetchSnapshot: { _ in [] },
            clock: driver.clock, jitter: { 0.5 }, executor: driver)
        let market = MarketFixtures.bitcoin.id
        let empty = OrderBook(market: market, timestamp: 1_676_965_262_000, asks: [], bids: [])
        let events = feed.depthEvents(for: market) { _ in (empty, []) }
        let collected = Collected()
        let reader = Task(executorPreference: driver) {
            for await event in events { collected.append(event) }
        }
        await driver.settle()
        try #require(connector.openedSockets == 1)

        let real = DepthDocPayloads.upbitTrade
        let farFuture = Int64(1_676_965_262_139) + 317 * 365 * 86_400_000
        let hostile = [
            real.replacingOccurrences(of: #""trade_price":32287000"#, with: #""trade_price":-5000"#),
            real.replacingOccurrences(of: #""trade_price":32287000"#, with: #""trade_price":1e308"#),
            real.replacingOccurrences(of: #""trade_volume":0.03103806"#, with: #""trade_volume":-3"#),
            real.replacingOccurrences(of: #""trade_volume":0.03103806"#, with: #""trade_volume":0"#),
            real.replacingOccurrences(of: "1676965262139", with: "\(farFuture)")
                .replacingOccurrences(of: "1676965262177", with: "\(farFuture)"),
            DepthDocPayloads.upbitOrderbook.replacingOccurrences(of: "1676965262177", with: "\(farFuture)"),
        ]
        for frame in hostile { connector.push(frame) }
        connector.push(real)
        connector.push(DepthDocPayloads.upbitOrderbook)
        await driver.settle()

        #expect(collected.trades.map(\.price) == [32_287_000])
        #expect(collected.trades.map(\.size) == [0.03103806])
        #expect(collected.books.allSatisfy { $0.timestamp < farFuture })
        #expect(collected.books.count == 1)
        #expect(collected.skipped == hostile.count)
        reader.cancel()
    }
}
