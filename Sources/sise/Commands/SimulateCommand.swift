import ArgumentParser
import ExchangeSimulator
import Logging
import MarketDomain

/// `sise simulate`: the simulated market alone, for other clients.
struct SimulateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate", abstract: "Run the simulated exchange alone (Upbit REST and WebSocket) until Ctrl-C.")

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "How many KRW markets to list (at most 408).")
    var markets = 408

    @Option(help: "Trades per second over all markets: ~100 is a calm market, thousands a firehose.")
    var rate = 100.0

    @Option(help: "The random seed; the same seed gives the same market.")
    var seed: UInt64 = 1

    @Option(help: "REST requests per second allowed per rate-limit group (Upbit allows 10); 0 for no limit.")
    var restLimit = 10

    @Option(help: "The address to bind. Loopback by default; anything else exposes the server.")
    var host = "127.0.0.1"

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard markets >= 1 else { throw ValidationError("--markets must be at least 1.") }
        guard rate >= 0, rate.isFinite, rate <= 1_000_000 else {
            throw ValidationError("--rate must be between 0 and 1000000.")
        }
        guard restLimit >= 0 else { throw ValidationError("--rest-limit must be 0 or more.") }
    }

    func run() async throws {
        var logger = Logger(label: "sise.simulate")
        logger.logLevel = .warning
        let configuration = SimulatorConfiguration(
            port: port, host: host, marketCount: markets, ticksPerSecond: rate, seed: seed,
            restRequestsPerSecond: restLimit == 0 ? nil : restLimit)
        let simulator: ExchangeSimulator
        do {
            simulator = try ExchangeSimulator(configuration: configuration, logger: logger)
        } catch {
            throw CommandFailure.exit(for: error)
        }
        let host = host
        let count = simulator.market.markets.count
        let rate = rate
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await simulator.run { port in
                    StandardError.writeLine(
                        "sise simulate: Upbit dialect on http://\(host):\(port) (WebSocket ws://\(host):\(port)/websocket/v1), "
                            + "\(count) markets, \(rate) trades/s. Ctrl-C stops.")
                }
            }
            group.addTask { await InterruptSignal.wait() }
            do {
                _ = try await group.next()
            } catch {
                throw CommandFailure.exit(for: ExchangeError.unavailable("the simulator could not serve: \(error)"))
            }
            group.cancelAll()
        }
    }
}
