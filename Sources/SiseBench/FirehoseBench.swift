import ArgumentParser
import Exchanges
import Foundation
import HeadlessOutput
import Logging
import MarketDomain

/// `sise bench firehose`: whether the simulator out-runs the client. Against one firehose
/// (`sise simulate --rate 0`, started as a child, or any Upbit-dialect server), it alternates
/// windows of the real client (`bench ingest`) and of a bare frame counter (`--frames-only`), so
/// that both rates come from the same run and the same minutes of a noisy machine, and reports
/// the median of each and their ratio. Its last line is exactly
/// `frames_per_s=N ticks_per_s=M ratio=R`.
struct FirehoseBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firehose",
        abstract: "Measure what the simulator sends against what the client takes in, in alternating windows.")

    @Option(help: "An Upbit-dialect server (REST base URL; the WebSocket is its /websocket/v1).")
    var baseURL: String?

    @Option(parsing: .unconditional, help: "Seconds in each window.")
    var duration = 5.0

    @Option(parsing: .unconditional, help: "Pairs of windows (client, then frames only).")
    var rounds = 3

    @Option(parsing: .unconditional, help: "Markets the started simulator lists (ignored with --base-url).")
    var markets = 408

    func validate() throws {
        guard duration > 0, duration.isFinite, duration <= 600 else {
            throw ValidationError("--duration must be a positive number of seconds, at most 600.")
        }
        guard (1...20).contains(rounds) else { throw ValidationError("--rounds must be between 1 and 20.") }
        try FirehoseProcess.validate(baseURL: baseURL, markets: markets)
    }

    func run() async throws {
        try await FirehoseProcess.serving(baseURL: baseURL, markets: markets) { try await measure(server: $0) }
    }

    private func measure(server: ExchangeServer) async throws {
        var logger = Logger(label: "sise.bench")
        logger.logLevel = .error
        StandardError.writeLine(
            "sise bench firehose: \(rounds) rounds of \(duration) s on \(server.webSocketURL), client then frames only")
        var ticks: [Double] = []
        var frames: [Double] = []
        for round in 1...rounds {
            let client = try await IngestWindow.ticks(server: server, duration: duration, logger: logger)
            let counter = try await IngestWindow.frames(server: server, duration: duration, logger: logger)
            ticks.append(client.perSecond)
            frames.append(counter.perSecond)
            StandardError.writeLine(
                "round \(round): client \(client.summary(counting: "ticks")); frames only \(counter.summary(counting: "frames"))"
            )
        }
        let medianTicks = ticks.median
        let medianFrames = frames.median
        try StandardOutput.writeLine(
            "frames_per_s=\(Int(medianFrames.rounded())) ticks_per_s=\(Int(medianTicks.rounded())) "
                + "ratio=\(NumberFormat.machine(medianTicks > 0 ? medianFrames / medianTicks : 0, decimals: 2))")
    }
}
