import ExchangeSimulator
import Exchanges
import Foundation
import Logging
import MarketDomain
import MarketFeatures
import Synchronization
import TestSupport
import Testing

/// The simulator's fault options as clients meet them.
@Suite(.timeLimit(.minutes(5)), .serialized) struct SimulatorFaultTests {
    private static func start(_ faults: SimulatorFaults) async throws -> RunningSimulator {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 10, ticksPerSecond: 500, faults: faults),
            logger: logger)
        return try await withDeadline(seconds: 30, "simulator start") { try await simulator.start() }
    }

    private static func client(_ exchange: Exchange, _ running: RunningSimulator) -> MarketDataClient {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return ExchangeClient.make(
            exchange,
            server: ExchangeServer(
                restBaseURL: running.restBaseURL(for: exchange), webSocketURL: running.webSocketURL(for: exchange)),
            backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .seconds(1)),
            rateLimitPatience: .seconds(3), logger: logger)
    }

    @Test(arguments: [Exchange.upbit, .bithumb, .korbit, .binance])
    func anErrorRateOfOneRefusesEveryRequestAsTheExchangeWould(exchange: Exchange) async throws {
        let running = try await Self.start(SimulatorFaults(errorRate: 1))
        do {
            _ = try await Self.client(exchange, running).fetchMarkets()
            Issue.record("a request went through")
        } catch let error as ExchangeError {
            guard case .rateLimited(let message) = error else {
                Issue.record("expected a rate limit, got \(error)")
                return
            }
            // Refused every time: the client retried for its patience, then gave up in one line.
            #expect(message.contains("kept refusing requests (HTTP 429)"), "\(message)")
        }
        await running.stop()
    }

    /// Each reconnect re-reads the REST snapshot; `stream` prints none of it twice.
    @Test func streamPrintsNoTickTwiceAcrossReconnects() async throws {
        let running = try await Self.start(SimulatorFaults(dropInterval: .milliseconds(1500)))
        let result = try await SiseProcess.run(
            ["stream", "--format", "ndjson", "--duration", "6", "--base-url", running.restBaseURL(for: .upbit)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("sise: feed reconnecting"), "no reconnect seen: \(result.stderr)")
        let keys = try result.lines.map { line -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return "\(object["market"] ?? "") \(object["timestamp"] ?? "") \(object["price"] ?? "")"
        }
        #expect(keys.count > 20)
        let repeated = Dictionary(grouping: keys, by: { $0 }).filter { $0.value.count > 1 }.keys
        #expect(repeated.isEmpty, "printed twice: \(repeated.sorted().prefix(5))")
        await running.stop()
    }

    @Test func latencyDelaysEveryAnswer() async throws {
        let running = try await Self.start(SimulatorFaults(latency: .milliseconds(300)))
        let started = ContinuousClock.now
        _ = try await Self.client(.upbit, running).fetchMarkets()
        #expect(ContinuousClock.now - started >= .milliseconds(300))
        await running.stop()
    }

    @Test func droppedConnectionsAreReconnectedByTheFeed() async throws {
        let running = try await Self.start(SimulatorFaults(dropInterval: .milliseconds(1500)))
        let board = LiveBoard(client: Self.client(.korbit, running))
        try await board.load()
        let updates = await board.updates()
        let states = Mutex<[ConnectionState]>([])
        let watcher = Task {
            for await update in updates {
                if case .connection(let state) = update { states.withLock { $0.append(state) } }
            }
        }
        await board.follow()
        try await waitUntil(seconds: 20, "a reconnect after a drop") {
            states.withLock { states in
                guard let dropped = states.firstIndex(where: { if case .reconnecting = $0 { true } else { false } })
                else { return false }
                return states[dropped...].contains(.live)
            }
        }
        watcher.cancel()
        await board.stop()
        await running.stop()
    }
}
