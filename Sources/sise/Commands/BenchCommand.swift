import ArgumentParser
import ExchangeWire
import Exchanges
import Foundation
import MarketDomain

/// `sise bench`: the benchmarks — `ticks` (the default) and `watchlist`.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Benchmarks: the ticker hot path (ticks) and a KIS watchlist (watchlist).",
        subcommands: [TicksBench.self, WatchlistBench.self], defaultSubcommand: TicksBench.self)
}

/// `sise bench ticks`: the hot path's throughput — Upbit ticker frames decoded and applied to a board.
///
/// Every figure comes from the same run, so their ratios hold on a noisy machine even when the
/// absolute numbers move.
struct TicksBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ticks", abstract: "Measure decoding and applying Upbit ticker frames to a board.")

    @Option(help: "Markets on the board.")
    var markets = 2000

    @Option(help: "Ticker frames per measurement.")
    var frames = 200_000

    @Option(help: "Measurements of each kind; the best is reported.")
    var repetitions = 3

    func validate() throws {
        guard markets >= 1, frames >= 1, repetitions >= 1 else {
            throw ValidationError("--markets, --frames and --repetitions must be at least 1.")
        }
    }

    func run() async throws {
        let workload = try TickWorkload(markets: markets, frames: frames)
        StandardError.writeLine("sise bench: \(frames) frames over \(markets) markets, best of \(repetitions)")

        let decodeOnly = best(of: repetitions) { workload.decodeAll() }
        let applyOnly = best(of: repetitions) { workload.applyDecoded() }
        let decodeAndApply = best(of: repetitions) { workload.decodeAndApply() }

        let rate = { (seconds: Double) in Double(frames) / seconds }
        let results: [(String, Double)] = [
            ("decode", rate(decodeOnly)), ("apply", rate(applyOnly)), ("decode+apply", rate(decodeAndApply)),
        ]
        for (name, ticksPerSecond) in results {
            try StandardOutput.writeLine(
                "\(name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(NumberFormat.fixed(ticksPerSecond, decimals: 0)) ticks/s"
            )
        }
        try StandardOutput.writeLine(
            "ratio          decode+apply is \(NumberFormat.fixed(decodeAndApply / applyOnly, decimals: 1))× the cost of apply alone; "
                + "decoding is \(NumberFormat.fixed(min(100, 100 * decodeOnly / decodeAndApply), decimals: 0))% of the hot path"
        )
    }

    private func best(of repetitions: Int, _ body: () -> Int) -> Double {
        var fastest = Double.infinity
        var checksum = 0
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            checksum &+= body()
            let elapsed = start.duration(to: .now)
            fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        if checksum == -1 { StandardError.writeLine("") }  // keeps the work observable to the optimizer
        return fastest
    }
}

/// Encoded Upbit ticker frames for a synthetic board of `markets` coins, as the simulator sends them.
struct TickWorkload {
    let markets: [Market]
    let encoded: [[UInt8]]
    let decoded: [Ticker]

    init(markets count: Int, frames frameCount: Int) throws {
        let markets = (0..<count).map { index in
            Market(
                id: MarketID(quote: "KRW", base: "C\(index)"), koreanName: "코인\(index)", englishName: "Coin \(index)")
        }
        var generator = SystemRandomNumberGenerator()
        let encoder = JSONEncoder()
        var frames = [[UInt8]]()
        frames.reserveCapacity(frameCount)
        var tickers = [Ticker]()
        tickers.reserveCapacity(frameCount)
        for sequence in 0..<frameCount {
            let market = markets[Int.random(in: 0..<count, using: &generator)]
            let price = KRWTickSize.snap(Double.random(in: 1_000...100_000, using: &generator))
            let message = UpbitStreamTicker(
                code: market.id.rawValue, openingPrice: price, highPrice: price, lowPrice: price, tradePrice: price,
                prevClosingPrice: price, change: "EVEN", changePrice: 0, signedChangePrice: 0, changeRate: 0,
                signedChangeRate: 0, tradeVolume: 0.5, accTradeVolume: 1000, accTradeVolume24h: 2000,
                accTradePrice: price * 1000, accTradePrice24h: price * 2000, tradeDate: "20260311", tradeTime: "144058",
                tradeTimestamp: 1_773_240_058_195 + Int64(sequence), askBid: "ASK", accAskVolume: 500,
                accBidVolume: 500,
                highest52WeekPrice: price * 2, highest52WeekDate: "2025-10-09", lowest52WeekPrice: price / 2,
                lowest52WeekDate: "2026-02-06", timestamp: 1_773_240_058_519 + Int64(sequence), streamType: "REALTIME")
            frames.append(Array(try encoder.encode(message)))
            if let ticker = message.toDomain() { tickers.append(ticker) }
        }
        self.markets = markets
        encoded = frames
        decoded = tickers
    }

    private func emptyBoard() -> TickerBoard {
        var board = TickerBoard(exchange: .upbit)
        board.setMarkets(markets)
        return board
    }

    /// Decodes every frame; returns how many were tickers.
    func decodeAll() -> Int {
        var tickers = 0
        for frame in encoded {
            if case .ticker = UpbitFrameDecoder.decode(frame) { tickers += 1 }
        }
        return tickers
    }

    /// Applies the already decoded tickers; returns how many were applied.
    func applyDecoded() -> Int {
        var board = emptyBoard()
        var applied = 0
        for ticker in decoded where board.apply(ticker) == .applied { applied += 1 }
        return applied
    }

    /// Decodes and applies every frame, as the live feed and the board do; returns how many applied.
    func decodeAndApply() -> Int {
        var board = emptyBoard()
        var applied = 0
        for frame in encoded {
            if case .ticker(let ticker) = UpbitFrameDecoder.decode(frame), board.apply(ticker) == .applied {
                applied += 1
            }
        }
        return applied
    }
}
