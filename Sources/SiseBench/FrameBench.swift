import ArgumentParser
import ExchangeSimulator
import Foundation
import HeadlessOutput
import MarketDomain
import MarketFeatures
import MarketStore
import Synchronization

/// `sise bench frame`: the board view model's cost per frame when 10, 100 or 1,000 markets
/// out of 2,000 changed since the last frame — the terminal app's own work at each frame of a
/// busy market, without the terminal. A frame's cost should follow what changed (and the rows
/// in view), not the size of the board; the ratios to the 10-changed frame show whether it does.
///
/// The view model's clock moves 33 ms a frame, as at the app's frame rate, so the order is
/// recomputed about once a second of that clock, as in the app.
struct FrameBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frame", abstract: "Measure the board view model's frame as more markets change.")

    @Option(parsing: .unconditional, help: "Markets on the board.")
    var markets = 2000

    @Option(parsing: .unconditional, help: "Frames per measurement.")
    var frames = 2000

    @Option(parsing: .unconditional, help: "Rows in view.")
    var rows = 40

    @Option(parsing: .upToNextOption, help: "How many markets change between frames, one measurement each.")
    var changed = [10, 100, 1000, 2000]

    func validate() throws {
        guard (1...10_000).contains(markets) else { throw ValidationError("--markets must be between 1 and 10000.") }
        guard frames >= 1, rows >= 1 else { throw ValidationError("--frames and --rows must be at least 1.") }
        guard !changed.isEmpty, changed.allSatisfy({ (1...markets).contains($0) }) else {
            throw ValidationError("--changed takes counts between 1 and --markets.")
        }
    }

    func run() async throws {
        do {
            let catalog = try CoinCatalog.krwMarkets(count: markets)
            StandardError.writeLine(
                "sise bench frame: \(catalog.count) markets, \(rows) rows in view, \(frames) frames a measurement")
            try await measure(catalog)
        }
    }

    @MainActor private func measure(_ catalog: [Market]) async throws {
        let bench = try await FrameWorkload.make(markets: catalog, rows: rows)
        // Unreported frames first: the first frames of a process (caches, the threads' first
        // hops between the actors) would otherwise weigh on the first measurement alone.
        _ = await bench.microsecondsPerFrame(changed: changed[0], frames: min(frames, 500))
        var baseline: Double?
        for changed in changed {
            let microseconds = await bench.microsecondsPerFrame(changed: changed, frames: frames)
            let ratio = baseline.map { microseconds / $0 } ?? 1
            baseline = baseline ?? microseconds
            try StandardOutput.writeLine(
                "frame, \(changed) of \(catalog.count) changed".padding(toLength: 34, withPad: " ", startingAt: 0)
                    + "\(NumberFormat.fixed(microseconds, decimals: 1)) µs   ×\(NumberFormat.fixed(ratio, decimals: 1))"
            )
        }
    }
}

/// A board view model over a board of `markets`, driven frame by frame with a clock of its own.
@MainActor
private final class FrameWorkload {
    /// The view model's time: moved by hand, a frame at a time.
    final class FrameTime: Sendable {
        private let now = Mutex(Duration.zero)
        var elapsed: Duration { now.withLock { $0 } }
        func advance(by duration: Duration) { now.withLock { $0 += duration } }
    }

    let board: LiveBoard
    let viewModel: BoardViewModel
    let markets: [Market]
    let time: FrameTime
    var prices: [Double]

    private init(board: LiveBoard, viewModel: BoardViewModel, markets: [Market], time: FrameTime, prices: [Double]) {
        self.board = board
        self.viewModel = viewModel
        self.markets = markets
        self.time = time
        self.prices = prices
    }

    static func make(markets: [Market], rows: Int) async throws -> FrameWorkload {
        let prices = markets.indices.map { 1000 + Double($0) }
        let tickers = markets.indices.map { ticker(markets[$0], price: prices[$0], timestamp: 1) }
        let client = MarketDataClient(
            exchange: .upbit, fetchMarkets: { markets }, fetchTickers: { _ in tickers },
            fetchDailyCandles: { _, _ in [] }, liveTickers: { _ in LiveFeedEvents.finished(with: []) })
        let board = LiveBoard(client: client)
        try await board.load()
        let time = FrameTime()
        let clock = ViewClock(elapsed: { time.elapsed }, sleep: { _ in })
        let viewModel = BoardViewModel(
            board: board, store: try MarketStore.inMemory().preferences, clock: clock, isSimulated: true)
        await viewModel.prepare()
        viewModel.send(.viewportResized(rows: rows))
        viewModel.frame()
        return FrameWorkload(board: board, viewModel: viewModel, markets: markets, time: time, prices: prices)
    }

    /// Average time of a frame (the ticks applied to the shared board, the view model's frame of
    /// it taken, then the frame made) with `changed` markets moved since the last one, spread
    /// over the whole board.
    func microsecondsPerFrame(changed: Int, frames: Int) async -> Double {
        var next = 0
        var stamp: Int64 = 2
        var elapsed = Duration.zero
        for _ in 0..<frames {
            var tickers: [Ticker] = []
            tickers.reserveCapacity(changed)
            for _ in 0..<changed {
                // A stride that visits every market, in an order unrelated to the board's.
                next = (next + 7919) % markets.count
                prices[next] *= Bool.random() ? 1.001 : 0.999
                let market = markets[next]
                tickers.append(Self.ticker(market, price: prices[next], timestamp: stamp))
            }
            stamp += 1
            time.advance(by: .milliseconds(33))
            let start = ContinuousClock.now
            await board.apply(live: tickers)
            await viewModel.takeBoardFrames()
            viewModel.frame()
            elapsed += start.duration(to: .now)
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return seconds / Double(frames) * 1e6
    }

    private static func ticker(_ market: Market, price: Double, timestamp: Int64) -> Ticker {
        Ticker(
            marketID: market.id, price: price, changePrice: price * 0.01, changeRate: 0.01, volume24h: 1000,
            tradeValue24h: price * 1000, open: price, high: price * 1.02, low: price * 0.98,
            previousClose: price * 0.99,
            timestamp: timestamp)
    }
}
