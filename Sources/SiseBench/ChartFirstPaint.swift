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
            // A trial whose older candles never come (a minute that turned between its two
            // fetches, a request refused on a loaded machine) is run again, at most three times.
            var trial: (firstPaint: Double, whole: Double)?
            for _ in 1...3 where trial == nil {
                let viewModel = DetailViewModel(
                    market: market, board: board,
                    loader: DailyCandleLoader(exchange: .upbit, fetch: { _, _ in [] }, store: store.preferences),
                    candles: { market, interval, count in try await client.fetchCandles(market, interval, nil, count) })
                trial = try await times(of: interval, on: viewModel, within: .seconds(20))
                try await Task.sleep(for: .seconds(1))
            }
            guard let trial else {
                throw ExchangeError.unavailable("the \(interval.chartName) chart never got all its candles")
            }
            firstPaints.append(trial.firstPaint)
            wholes.append(trial.whole)
        }
        return Figures(roundTrip: roundTrips.median, firstPaint: firstPaints.median, allCandles: wholes.median)
    }

    /// Milliseconds from choosing `interval` on a detail to its first candles and to all of
    /// them; `nil` when not all came within `deadline`.
    private static func times(
        of interval: CandleInterval, on viewModel: DetailViewModel, within deadline: Duration
    ) async throws -> (firstPaint: Double, whole: Double)? {
        let outputs = viewModel.outputs(bufferingPolicy: .unbounded)
        let following = Task { await viewModel.run() }
        defer { following.cancel() }
        let clock = ContinuousClock()
        let start = clock.now
        let all = DetailViewModel.intervalCandleCount
        viewModel.send(.chartIntervalChosen(interval))
        return try await withThrowingTaskGroup(of: (firstPaint: Double, whole: Double)?.self) { group in
            group.addTask {
                var firstPaint: Double?
                for await output in outputs where output.interval == interval && !output.intervalCandles.isEmpty {
                    let elapsed = (clock.now - start) / .milliseconds(1)
                    if firstPaint == nil { firstPaint = elapsed }
                    if output.intervalCandles.count >= all, let firstPaint {
                        return (firstPaint, elapsed)
                    }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: deadline)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}
