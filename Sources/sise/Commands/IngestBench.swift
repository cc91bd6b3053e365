import ArgumentParser
import Exchanges
import Foundation
import Logging
import MarketDomain
import MarketFeatures
import Synchronization

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
            try await measureFrames(server: server, logger: logger)
            return
        }
        let board = LiveBoard(client: ExchangeClient.make(.upbit, server: server, logger: logger))
        try await board.load()
        let listed = await board.board.markets.count
        StandardError.writeLine("sise bench ingest: \(listed) markets on \(server.webSocketURL), \(duration) s")
        await board.follow()
        defer { Task { await board.stop() } }

        let patience = ContinuousClock.now + .seconds(30)
        while await board.appliedTicks == 0 {
            guard ContinuousClock.now < patience else {
                throw ExchangeError.unavailable("no live tick within 30 s from \(server.webSocketURL)")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        let startTicks = await board.appliedTicks
        let startCPU = ProcessCPU.seconds()
        let start = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(Int(duration * 1000)))
        let ticks = await board.appliedTicks - startTicks
        let cpu = ProcessCPU.seconds() - startCPU
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let skipped = await board.skippedFrames
        await board.stop()
        StandardError.writeLine(
            "sise bench ingest: \(ticks) ticks in \(NumberFormat.fixed(seconds, decimals: 2)) s, "
                + "\(skipped) frames skipped, \(NumberFormat.fixed(100 * cpu / seconds, decimals: 0))% of one core")
        try StandardOutput.writeLine(
            "ticks_per_s=\(Int((Double(ticks) / seconds).rounded())) cpu_s=\(NumberFormat.fixed(cpu, decimals: 2))")
    }
}

extension IngestBench {
    /// Subscribes to every KRW market on a plain socket and counts frames for the window: the
    /// server's frames a second, with this client's cost only a socket read and a count.
    private func measureFrames(server: ExchangeServer, logger: Logger) async throws {
        let markets = try await ExchangeClient.make(.upbit, server: server, logger: logger).fetchMarkets().map(\.id)
        StandardError.writeLine(
            "sise bench ingest: frames only, \(markets.count) markets on \(server.webSocketURL), \(duration) s")
        let subscription = try FeedProtocol.upbit().subscribeMessage(markets)
        let duration = duration
        let connector = FeedConnector.webSocket(url: server.webSocketURL, logger: logger)
        let result = Mutex<(frames: Int, cpu: Double, seconds: Double)?>(nil)
        try await connector.connect { connection in
            try await connection.send(subscription)
            var frames = 0
            var start: (frames: Int, cpu: Double, time: ContinuousClock.Instant)?
            do {
                try await connection.readFrames { _ in
                    frames += 1
                    let now = ContinuousClock.now
                    guard let begun = start else {
                        start = (frames, ProcessCPU.seconds(), now)
                        return
                    }
                    // The clock is read per frame; the window closes on the first frame after it.
                    let elapsed = begun.time.duration(to: now)
                    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                    if seconds >= duration {
                        result.withLock { $0 = (frames - begun.frames, ProcessCPU.seconds() - begun.cpu, seconds) }
                        throw WindowClosed()
                    }
                }
            } catch is WindowClosed {}
        }
        guard let (frames, cpu, seconds) = result.withLock({ $0 }) else {
            throw ExchangeError.unavailable("the socket closed before the window ended")
        }
        StandardError.writeLine(
            "sise bench ingest: \(frames) frames in \(NumberFormat.fixed(seconds, decimals: 2)) s, "
                + "\(NumberFormat.fixed(100 * cpu / seconds, decimals: 0))% of one core")
        try StandardOutput.writeLine(
            "frames_per_s=\(Int((Double(frames) / seconds).rounded())) cpu_s=\(NumberFormat.fixed(cpu, decimals: 2))")
    }
}

/// Thrown by the frame counter to stop reading once the measured window has closed.
private struct WindowClosed: Error {}
