import ExchangeSimulator
import Logging
import MarketDomain
import SiseSupport

/// The simulated market a command starts in-process when neither `--live` nor `--base-url` is
/// given: on ephemeral loopback ports, stopped when the command's work is done.
enum EmbeddedSimulator {
    /// A simulator being made ahead on another thread, while the command does what it must
    /// first (the terminal app opens its database meanwhile): a simulated market is tens of
    /// milliseconds of work, a year of daily history for each coin.
    struct Prepared: Sendable {
        fileprivate let making: Task<ExchangeSimulator, any Error>
    }

    /// Starts making the simulator ``run(_:kisRequestsPerSecond:prepared:_:)`` will serve.
    static func prepare(_ options: ExchangeOptions, kisRequestsPerSecond: Int = 18) -> Prepared {
        Prepared(making: Task.detached { try make(options, kisRequestsPerSecond: kisRequestsPerSecond) })
    }

    /// Runs `body` with the simulator serving (the `prepared` one when given); its KIS admits
    /// `kisRequestsPerSecond` (1 mimics the mock-trading domain).
    static func run<Result: Sendable>(
        _ options: ExchangeOptions, kisRequestsPerSecond: Int = 18, prepared: Prepared? = nil,
        _ body: (RunningSimulator) async throws -> Result
    ) async throws -> Result {
        let running: RunningSimulator
        do {
            let simulator =
                try await prepared?.making.value ?? make(options, kisRequestsPerSecond: kisRequestsPerSecond)
            StartupTrace.mark("simulator made")
            running = try await simulator.start()
            StartupTrace.mark("simulator started")
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

    /// The simulated market of `options`, not yet serving.
    private static func make(_ options: ExchangeOptions, kisRequestsPerSecond: Int) throws -> ExchangeSimulator {
        // The server's own shutdown chatter is not the user's business unless --verbose.
        var logger = Logger(label: "sise.simulator")
        logger.logLevel = options.verbose ? .info : .critical
        var configuration = SimulatorConfiguration(seed: options.seed, kisRequestsPerSecond: kisRequestsPerSecond)
        configuration.moves = options.moves
        configuration.suspensions = Set(options.suspensions.map { $0.uppercased() })
        return try ExchangeSimulator(configuration: configuration, logger: logger)
    }
}
