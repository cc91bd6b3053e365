import ExchangeSimulator
import Logging
import MarketDomain

/// The simulated market a command starts in-process when neither `--live` nor `--base-url` is
/// given: on ephemeral loopback ports, stopped when the command's work is done.
enum EmbeddedSimulator {
    /// Runs `body` with the simulator serving; its KIS admits `kisRequestsPerSecond` (1 mimics
    /// the mock-trading domain).
    static func run<Result: Sendable>(
        _ options: ExchangeOptions, kisRequestsPerSecond: Int = 18, _ body: (RunningSimulator) async throws -> Result
    ) async throws -> Result {
        let running: RunningSimulator
        do {
            // The server's own shutdown chatter is not the user's business unless --verbose.
            var logger = Logger(label: "sise.simulator")
            logger.logLevel = options.verbose ? .info : .critical
            var configuration = SimulatorConfiguration(seed: options.seed, kisRequestsPerSecond: kisRequestsPerSecond)
            configuration.moves = options.moves
            configuration.suspensions = Set(options.suspensions.map { $0.uppercased() })
            let simulator = try ExchangeSimulator(configuration: configuration, logger: logger)
            running = try await simulator.start()
        } catch {
            throw ExchangeError.unavailable("the embedded simulated market could not start: \(error)")
        }
        do {
            let result = try await body(running)
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }
}
