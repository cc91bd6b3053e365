import ExchangeSimulator
import Exchanges
import Logging
import MarketDomain
import MarketFeatures
import MarketStore

/// An interval's chart that must be fetched (issue 30's target: shown within one REST round trip
/// plus pacing), measured over loopback against the embedded simulator's Upbit: one request of a
/// page of candles, a detail's first paint of an interval it never fetched, and the time until
/// all its candles are in. The median over five intervals each.
@MainActor
struct ChartFirstPaint {
    /// Milliseconds, medians.
    struct Figures {
        var roundTrip: Double
        var firstPaint: Double
        var allCandles: Double
    }

    static let intervals: [CandleInterval] = [.minute, .threeMinutes, .fiveMinutes, .fifteenMinutes, .thirtyMinutes]

    static func measure() async throws -> Figures {
        var logger = Logger(label: "sise.bench")
        logger.logLevel = .critical
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 20, ticksPerSecond: 100), logger: logger)
        let running = try await simulator.start()
        defer { Task { await running.stop() } }
        let client = ExchangeClient.make(
            .upbit,
            server: ExchangeServer(
                restBaseURL: running.restBaseURL(for: .upbit), webSocketURL: running.webSocketURL(for: .upbit)),
            logger: logger)
        let board = LiveBoard(client: client)
        try await board.load()
        let market = MarketID("KRW-BTC")!
        let store = try MarketStore.inMemory()
        let clock = ContinuousClock()
        var roundTrips: [Double] = []
        for interval in intervals {
            let start = clock.now
            _ = try await client.fetchCandles(market, interval, nil, 200)
            roundTrips.append((clock.now - start) / .milliseconds(1))
            // Upbit's candle group allows ten a second: each trial starts with its budget whole.
            try await Task.sleep(for: .seconds(1))
        }
        var firstPaints: [Double] = []
        var wholes: [Double] = []
        for interval in intervals {
            let viewModel = DetailViewModel(
                market: market, board: board,
                loader: DailyCandleLoader(exchange: .upbit, fetch: { _, _ in [] }, store: store.preferences),
                candles: { market, interval, count in try await client.fetchCandles(market, interval, nil, count) })
            let outputs = viewModel.outputs(bufferingPolicy: .unbounded)
            let following = Task { await viewModel.run() }
            let start = clock.now
            viewModel.send(.chartIntervalChosen(interval))
            for await output in outputs where output.interval == interval && !output.intervalCandles.isEmpty {
                if firstPaints.count < wholes.count + 1 { firstPaints.append((clock.now - start) / .milliseconds(1)) }
                if output.intervalCandles.count >= DetailViewModel.intervalCandleCount {
                    wholes.append((clock.now - start) / .milliseconds(1))
                    break
                }
            }
            following.cancel()
            try await Task.sleep(for: .seconds(1))
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return Figures(roundTrip: median(roundTrips), firstPaint: median(firstPaints), allCandles: median(wholes))
    }
}
