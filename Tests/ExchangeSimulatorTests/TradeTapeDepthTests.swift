import Foundation
import Hummingbird
import HummingbirdTesting
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// The simulator lists a coin's trades pages deep (issue 63, item 9): it kept the last 100,
/// so a client away for a few seconds of a busy market found the trades it missed gone, where
/// the real exchange still lists them.
@Suite struct TradeTapeDepthTests {
    private static let now: Int64 = 1_773_240_058_519

    @Test func aCoinsLast500TradesAreListedAndPagedBackByCursor() async throws {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 3, seed: 12), now: { Self.now + 600_000 })
        for step in 0..<2_000 { _ = simulator.market.trade(count: 1, now: Self.now + Int64(step) * 100) }
        let app = Application(router: simulator.buildRouter(for: .upbit))
        func ids(_ query: String) async throws -> [Int64] {
            let rows = try await routerJSON(app, "/v1/trades/ticks?market=KRW-BTC&\(query)")
            return ((rows as? [[String: Any]]) ?? []).compactMap { ($0["sequential_id"] as? NSNumber)?.int64Value }
        }
        let newest = try await ids("count=500")
        #expect(newest.count == 500)
        #expect(zip(newest, newest.dropFirst()).allSatisfy { $0 == $1 + 1 }, "newest first, one by one")
        let older = try await ids("count=200&cursor=\(newest[99])")
        #expect(older == Array(newest[100..<300]))
    }
}
