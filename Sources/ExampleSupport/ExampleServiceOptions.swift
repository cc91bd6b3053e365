public import ArgumentParser
import ExchangeSimulator
import Foundation
import Logging
public import MarketDomain

#if canImport(Glibc)
    import Glibc
#endif

/// Where an example app finds its service, the same options in both: the simulator started
/// in-process by default (`--error-rate` makes it fail a share of requests), `--base-url` any
/// server of the dialect (a separate `sise simulate`), `--live` the real host.
public struct ExampleServiceOptions: ParsableArguments, Sendable {
    @Flag(help: "Use the real service instead of the embedded simulator.")
    public var live = false

    @Option(help: "A server of the service's dialect, e.g. a `sise simulate` at http://127.0.0.1:8086.")
    public var baseURL: String?

    @Option(
        parsing: .unconditional,
        help: "The embedded simulator refuses this share (0 to 1) of requests as the service does.")
    public var errorRate = 0.0

    @Option(parsing: .unconditional, help: "The embedded simulator's seed.")
    public var seed: UInt64 = 42

    public init() {}

    public func validate() throws {
        if live, baseURL != nil { throw ValidationError("--live and --base-url cannot be used together.") }
        if let baseURL {
            guard let url = URL(string: baseURL), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw ValidationError("--base-url must be an http:// or https:// URL with a host.")
            }
        }
        guard (0...1).contains(errorRate) else { throw ValidationError("--error-rate must be between 0 and 1.") }
        if errorRate > 0, live || baseURL != nil {
            throw ValidationError("--error-rate applies to the embedded simulator only (no --live, no --base-url).")
        }
    }

    /// Runs `body` with the base URL of `service`: the real host, the one given, or the embedded
    /// simulator's (started for the call, stopped after it).
    public func run<Result: Sendable>(
        _ service: ExampleService, _ body: (_ baseURL: String, _ simulated: Bool) async throws -> Result
    ) async throws -> Result {
        if live { return try await body(service.liveBaseURL, false) }
        if let baseURL { return try await body(baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL, false) }
        var logger = Logger(label: "sise.simulator")
        logger.logLevel = .critical
        let running: RunningSimulator
        do {
            let simulator = try ExchangeSimulator(
                configuration: SimulatorConfiguration(
                    marketCount: 20, ticksPerSecond: 1, seed: seed, faults: SimulatorFaults(errorRate: errorRate)),
                logger: logger)
            running = try await simulator.start()
        } catch {
            throw ExchangeError.unavailable("the embedded simulator could not start: \(error)")
        }
        do {
            let result = try await body(running.baseURL(for: service), true)
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }
}

/// How an example app ends on a failure: one line on stderr and a sysexits code (65 refused, 69
/// unavailable or rate limited, 70 anything else).
public enum ExampleFailure {
    /// The exit for `error`, its line written to stderr under the app's `name`.
    public static func exit(_ name: String, for error: any Error) -> ExitCode {
        let code: Int32
        switch error {
        case ExchangeError.badRequest, ExchangeError.unknownMarket: code = 65
        case is ExchangeError, is ServiceRateLimited: code = 69
        default: code = 70
        }
        FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
        return ExitCode(code)
    }

    /// Whether stdout is a terminal (the app) or not (a script: say what to use instead).
    public static var stdoutIsTerminal: Bool { isatty(1) == 1 && isatty(0) == 1 }
}
