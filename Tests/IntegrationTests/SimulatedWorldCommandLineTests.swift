import ExchangeSimulator
import Foundation
import Logging
import MarketDomain
import TestSupport
import Testing

/// The simulated market is a function of its seed and the wall clock (issue 65): a CLI run is no
/// frozen new world, and it shows what a running copy of the same seed shows at that moment.
@Suite(.timeLimit(.minutes(5)), .serialized) struct SimulatedWorldCommandLineTests {
    private let coins = ["BTC", "ETH", "XRP", "SOL", "DOGE"]

    /// The prices `sise quotes` printed, by market.
    private func prices(_ arguments: [String]) async throws -> [String: Double] {
        let run = try await SiseProcess.run(["quotes"] + coins + ["--format", "json"] + arguments, seconds: 120)
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: rows.compactMap { row in
                guard let market = row["market"] as? String, let price = (row["price"] as? NSNumber)?.doubleValue
                else { return nil }
                return (market, price)
            })
    }

    @Test func twoRunsSecondsApartDifferAndAgreeWithARunningCopyOfTheSameSeed() async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        // A copy of the default world (seed 1, every market), running beside the commands.
        let simulator = try ExchangeSimulator(configuration: SimulatorConfiguration(seed: 1), logger: logger)
        let running = try await withDeadline(seconds: 60, "simulator start") { try await simulator.start() }
        defer { Task { await running.stop() } }

        let first = try await prices([])
        let running1 = Dictionary(
            uniqueKeysWithValues: simulator.market.tickers(now: ExchangeSimulator.wallClockMilliseconds()).map {
                ($0.marketID.rawValue, $0.price)
            })
        try await Task.sleep(for: .seconds(3))
        let second = try await prices([])
        #expect(first.count == coins.count && second.count == coins.count, "\(first) \(second)")
        // The market moved between the runs: not the same world printed again.
        #expect(first != second, "\(first)")
        // Each price of the first run is the running copy's of the same moment, within its
        // moves of a second or two (a few hundredths of a percent).
        for (market, price) in first {
            let other = try #require(running1[market], "\(market)")
            #expect(
                abs(price / other - 1) < 0.002, "\(market): the command printed \(price), the running copy \(other)")
        }
    }
}
