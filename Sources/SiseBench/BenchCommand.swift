public import ArgumentParser
import ExchangeWire
import Exchanges
import Foundation
import HeadlessOutput
import MarketDomain

/// `sise bench`: the benchmarks — `ticks` (the default), `frame`, `ingest`, `firehose`,
/// `watchlist`, `serve`, `alerts` and `chart`; a target of their own, so the `sise` executable stays wiring.
public struct BenchCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract:
            "Benchmarks: the ticker hot path (ticks), the board view model's frame (frame), the client end to end (ingest), the simulator against the client (firehose), a KIS watchlist (watchlist), sise serve's tabs (serve), the alert evaluator (alerts), a detail's chart (chart).",
        subcommands: [
            TicksBench.self, FrameBench.self, IngestBench.self, FirehoseBench.self, WatchlistBench.self,
            ServeBench.self, AlertsBench.self, ChartBench.self,
        ],
        defaultSubcommand: TicksBench.self)

    public init() {}
}

/// `sise bench ticks`: the hot path's throughput — ticker frames of every live dialect decoded by
/// the byte readers the feed uses and by the `Codable` reference they replaced, then Upbit's
/// decoded and applied to a board.
///
/// Every figure comes from the same run, so their ratios hold on a noisy machine even when the
/// absolute numbers move.
struct TicksBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ticks", abstract: "Measure decoding ticker frames and applying them to a board.")

    @Option(parsing: .unconditional, help: "Markets on the board.")
    var markets = 2000

    @Option(parsing: .unconditional, help: "Ticker frames per measurement of the byte readers.")
    var frames = 200_000

    @Option(
        parsing: .unconditional, help: "Ticker frames per measurement of the Codable reference (about 50 times slower)."
    )
    var referenceFrames = 10_000

    @Option(parsing: .unconditional, help: "Measurements of each kind; the best is reported.")
    var repetitions = 3

    func validate() throws {
        guard markets >= 1, frames >= 1, referenceFrames >= 1, repetitions >= 1 else {
            throw ValidationError("--markets, --frames, --reference-frames and --repetitions must be at least 1.")
        }
    }

    func run() async throws {
        StandardError.writeLine(
            "sise bench: \(frames) frames (\(min(frames, referenceFrames)) for Codable) over \(markets) markets, "
                + "best of \(repetitions)")
        for dialect in TickWorkload.Dialect.allCases {
            let workload = try TickWorkload(dialect: dialect, markets: markets, frames: max(frames, referenceFrames))
            let bytes = rate(frames) { workload.decode(first: frames, with: dialect.decode) }
            let codable = rate(referenceFrames) {
                workload.decode(first: referenceFrames, with: dialect.decodeWithCodable)
            }
            try report(
                "decode \(dialect.rawValue) (\(workload.averageFrameSize) B)", bytes: bytes, codable: codable)
        }
        let workload = try TickWorkload(dialect: .upbit, markets: markets, frames: max(frames, referenceFrames))
        let tickers = workload.decodedTickers()
        let apply = rate(tickers.count) { workload.apply(tickers) }
        let bytes = rate(frames) { workload.decodeAndApply(first: frames, with: UpbitFrameDecoder.decode) }
        let codable = rate(referenceFrames) {
            workload.decodeAndApply(first: referenceFrames, with: UpbitFrameDecoder.decodeWithCodable)
        }
        try StandardOutput.writeLine("\(pad("apply alone")) \(ticksPerSecond(apply))")
        try report("decode+apply upbit DEFAULT", bytes: bytes, codable: codable)
        // The simulator's side: a frame's JSON written by hand, as the firehose sends it.
        let encoding = FrameEncodingWorkload(count: min(frames, 50_000))
        let written = rate(encoding.tickers.count) { encoding.encodeByHand() }
        let encoded = rate(min(referenceFrames, encoding.tickers.count)) {
            FrameEncodingWorkload(tickers: encoding.tickers.prefix(referenceFrames)).encodeWithCodable()
        }
        try report("encode upbit DEFAULT (simulator)", bytes: written, codable: encoded)
    }

    /// One line: the byte reader's rate, the reference's, and their ratio.
    private func report(_ name: String, bytes: Double, codable: Double) throws {
        try StandardOutput.writeLine(
            "\(pad(name)) \(ticksPerSecond(bytes))   codable \(ticksPerSecond(codable))   "
                + "ratio \(NumberFormat.fixed(bytes / codable, decimals: 1))×")
    }

    private func pad(_ name: String) -> String { name.padding(toLength: 38, withPad: " ", startingAt: 0) }

    private func ticksPerSecond(_ rate: Double) -> String {
        let text = NumberFormat.fixed(rate, decimals: 0)
        return String(repeating: " ", count: max(0, 10 - text.count)) + text + " ticks/s"
    }

    /// Work items a second of the fastest of `repetitions` runs of `body` over `count` items.
    private func rate(_ count: Int, _ body: () -> Int) -> Double {
        var fastest = Double.infinity
        var checksum = 0
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            checksum &+= body()
            let elapsed = start.duration(to: .now)
            fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        if checksum == -1 { StandardError.writeLine("") }  // keeps the work observable to the optimizer
        return Double(count) / fastest
    }
}
