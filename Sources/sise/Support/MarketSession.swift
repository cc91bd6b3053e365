import ExchangeSimulator
import Exchanges
import Logging
import MarketDomain

/// Sets up the exchange client a command talks to: the embedded simulator (started on an
/// ephemeral loopback port and stopped afterwards), the real exchange, or a given server.
enum MarketSession {
    /// Runs `body` with a client, starting and stopping the embedded simulator when needed.
    static func run<Result: Sendable>(
        _ options: ExchangeOptions, _ body: (MarketDataClient) async throws -> Result
    ) async throws -> Result {
        var logger = Logger(label: "sise")
        logger.logLevel = options.verbose ? .info : .error
        if options.live {
            return try await body(UpbitClient.make(server: .live, logger: logger))
        }
        if let baseURL = options.baseURL, let server = UpbitServer(baseURL: baseURL) {
            return try await body(UpbitClient.make(server: server, logger: logger))
        }
        let running: RunningSimulator
        do {
            // The server's own shutdown chatter is not the user's business unless --verbose.
            var serverLogger = Logger(label: "sise.simulator")
            serverLogger.logLevel = options.verbose ? .info : .critical
            let simulator = try ExchangeSimulator(
                configuration: SimulatorConfiguration(seed: options.seed), logger: serverLogger)
            running = try await simulator.start()
        } catch {
            throw ExchangeError.unavailable("the embedded simulated market could not start: \(error)")
        }
        let server = UpbitServer(restBaseURL: running.restBaseURL, webSocketURL: running.webSocketURL)
        do {
            let result = try await body(UpbitClient.make(server: server, logger: logger))
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }
}
