import ExchangeSimulator
import Foundation
import Logging
import MarketDomain
import TestSupport
import Testing

/// `sise trades --follow` through a simulator that drops every connection every 2 s while KRW-BTC
/// trades some twenty times a second (issue 26, items 3 and 4): every trade printed once, in
/// order, none missing (the simulator numbers a coin's trades one by one), across every reconnect.
@Suite struct TradesFollowThroughDropsTests {
    @Test func everyTradeIsPrintedOnceInOrderAcrossReconnects() async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var configuration = SimulatorConfiguration(marketCount: 40, ticksPerSecond: 1_000, seed: 42)
        configuration.faults = SimulatorFaults(dropInterval: .seconds(2))
        let simulator = try ExchangeSimulator(configuration: configuration, logger: logger)
        let running = try await withDeadline(seconds: 30, "simulator start") { try await simulator.start() }
        defer { Task { await running.stop() } }

        let result = try await SiseProcess.run(
            [
                "trades", "KRW-BTC", "--base-url", running.restBaseURL(for: .upbit), "--count", "5",
                "--format", "ndjson", "--follow", "--duration", "9",
            ], seconds: 90)
        #expect(result.status == 0, "\(result.stderr)")
        let reconnects = result.stderr.split(separator: "\n").count { $0.contains("feed reconnecting") }
        #expect(reconnects >= 2, "\(result.stderr)")
        let ids = result.lines.compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? Int
        }
        #expect(ids.count > 50, "\(ids.count) trades in 9 s")
        // One by one: nothing lost, nothing twice, nothing out of order.
        let jumps = zip(ids, ids.dropFirst()).filter { $1 != $0 + 1 }
        #expect(jumps.isEmpty, "\(jumps.prefix(10)) of \(ids.count)")
        #expect(!result.stderr.contains("gap"), "\(result.stderr)")
    }
}
