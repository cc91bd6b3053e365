import ArgumentParser
import Exchanges
import Foundation
import HeadlessOutput
import Logging
import MarketDomain
import MarketFeatures

/// `sise bench ingest`: the real client end to end — a real loopback WebSocket to an Upbit-dialect
/// server, every KRW market subscribed, every tick decoded and applied to a live board — and the
/// client's own CPU time over the measured window, which starts at the first live tick.
///
/// Without `--base-url` it starts `sise simulate --rate 0` (a firehose) as a child process, so
/// that the CPU time measured is the client's alone. Its last line is exactly
/// `ticks_per_s=N cpu_s=X us_per_tick=U` (U: the client's CPU microseconds a tick).
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
        try FirehoseProcess.validate(baseURL: baseURL, markets: markets)
    }

    func run() async throws {
        try await FirehoseProcess.serving(baseURL: baseURL, markets: markets) { try await measure(server: $0) }
    }

    private func measure(server: ExchangeServer) async throws {
        var logger = Logger(label: "sise.bench")
        logger.logLevel = verbose ? .info : .error
        if framesOnly {
            let window = try await IngestWindow.frames(server: server, duration: duration, logger: logger)
            StandardError.writeLine("sise bench ingest: \(window.summary(counting: "frames"))")
            try StandardOutput.writeLine(window.line(counting: "frame"))
        } else {
            let window = try await IngestWindow.ticks(server: server, duration: duration, logger: logger)
            StandardError.writeLine("sise bench ingest: \(window.summary(counting: "ticks"))")
            try StandardOutput.writeLine(window.line(counting: "tick"))
        }
    }
}
