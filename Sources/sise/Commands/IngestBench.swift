import ArgumentParser
import Exchanges
import Foundation
import Logging
import MarketDomain
import MarketFeatures

/// `sise bench ingest`: the real client end to end — a real loopback WebSocket to an Upbit-dialect
/// server, every KRW market subscribed, every tick decoded and applied to a live board — and the
/// client's own CPU time over the measured window, which starts at the first live tick.
///
/// Without `--base-url` it starts `sise simulate --rate 0` (a firehose) as a child process, so
/// that the CPU time measured is the client's alone. Its last line is exactly
/// `ticks_per_s=N cpu_s=X`.
struct IngestBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest", abstract: "Measure the client's ticks a second from a firehose over loopback.")

    @Option(help: "An Upbit-dialect server (REST base URL; the WebSocket is its /websocket/v1).")
    var baseURL: String?

    @Option(parsing: .unconditional, help: "Seconds measured, from the first live tick.")
    var duration = 10.0

    @Option(parsing: .unconditional, help: "Markets the started simulator lists (ignored with --base-url).")
    var markets = 408

    @Flag(help: "Count the server's frames without decoding them: what the server sends, not what the client takes in.")
    var framesOnly = false

    @Flag(help: "Print progress to stderr.")
    var verbose = false

    func validate() throws {
        guard duration > 0, duration.isFinite, duration <= 3600 else {
            throw ValidationError("--duration must be a positive number of seconds, at most 3600.")
        }
        guard (1...10_000).contains(markets) else { throw ValidationError("--markets must be between 1 and 10000.") }
        if let baseURL, ExchangeServer(baseURL: baseURL, exchange: .upbit) == nil {
            throw ValidationError(
                "--base-url must be an http:// or https:// URL with a host, e.g. http://127.0.0.1:8080.")
        }
    }

    func run() async throws {
        try await CommandFailure.guarding {
            if let baseURL {
                try await measure(baseURL: baseURL)
                return
            }
            let simulator = try FirehoseProcess.start(markets: markets)
            defer { simulator.stop() }
            try await measure(baseURL: simulator.baseURL)
        }
    }

    private func measure(baseURL: String) async throws {
        guard let server = ExchangeServer(baseURL: baseURL, exchange: .upbit) else {
            throw ExchangeError.badRequest("--base-url must be an http:// or https:// URL with a host")
        }
        var logger = Logger(label: "sise.bench")
        logger.logLevel = verbose ? .info : .error
        if framesOnly {
            let window = try await IngestWindow.frames(server: server, duration: duration, logger: logger)
            StandardError.writeLine("sise bench ingest: \(window.summary(counting: "frames"))")
            try StandardOutput.writeLine(window.line(rate: "frames_per_s"))
        } else {
            let window = try await IngestWindow.ticks(server: server, duration: duration, logger: logger)
            StandardError.writeLine("sise bench ingest: \(window.summary(counting: "ticks"))")
            try StandardOutput.writeLine(window.line(rate: "ticks_per_s"))
        }
    }
}
