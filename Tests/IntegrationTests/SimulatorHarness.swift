import ExchangeSimulator
import Exchanges
import Logging
import MarketDomain
import TestSupport

/// A simulator serving on ephemeral loopback ports, with the real client of one exchange
/// (Upbit unless told otherwise) pointed at that exchange's dialect.
struct SimulatorHarness {
    let running: RunningSimulator
    let client: MarketDataClient
    var exchange: Exchange { client.exchange }

    var simulator: ExchangeSimulator { running.simulator }
    var server: ExchangeServer { ExchangeServer(restBaseURL: running.restBaseURL, webSocketURL: running.webSocketURL) }

    static func start(
        _ exchange: Exchange = .upbit, markets: Int = 40, ticksPerSecond: Double = 400, restLimit: Int? = nil,
        rateLimitPatience: Duration = .seconds(60), binanceRequestWeight: BinanceRequestWeight? = nil,
        moves: [ScriptedMove] = [], suspensions: Set<String> = [],
        now: @escaping @Sendable () -> Int64 = ExchangeSimulator.wallClockMilliseconds
    ) async throws -> SimulatorHarness {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var configuration = SimulatorConfiguration(
            marketCount: markets, ticksPerSecond: ticksPerSecond, seed: 42, restRequestsPerSecond: restLimit)
        if let binanceRequestWeight { configuration.binanceRequestWeight = binanceRequestWeight }
        configuration.moves = moves
        configuration.suspensions = suspensions
        let simulator = try ExchangeSimulator(configuration: configuration, now: now, logger: logger)
        let running = try await withDeadline(seconds: 30, "simulator start") { try await simulator.start() }
        let client = ExchangeClient.make(
            exchange,
            server: ExchangeServer(
                restBaseURL: running.restBaseURL(for: exchange), webSocketURL: running.webSocketURL(for: exchange)),
            backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .seconds(1)),
            rateLimitPatience: rateLimitPatience, logger: logger)
        return SimulatorHarness(running: running, client: client)
    }

    func stop() async {
        await running.stop()
    }

    /// A simulator alone (no client) that drops every connection every `dropInterval`, for tests
    /// that run `sise` against it through `--base-url`.
    static func startDropping(
        every dropInterval: Duration, ticksPerSecond: Double, markets: Int = 40
    ) async throws -> RunningSimulator {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var configuration = SimulatorConfiguration(marketCount: markets, ticksPerSecond: ticksPerSecond, seed: 42)
        configuration.faults = SimulatorFaults(dropInterval: dropInterval)
        let simulator = try ExchangeSimulator(configuration: configuration, logger: logger)
        return try await withDeadline(seconds: 30, "simulator start") { try await simulator.start() }
    }

    /// The simulator's tickers of the harness's exchange by market, as that exchange shows them now.
    func venueTickers() -> [MarketID: Ticker] {
        Dictionary(
            uniqueKeysWithValues: simulator.venue(exchange).tickers(now: ExchangeSimulator.wallClockMilliseconds()).map
            {
                ($0.marketID, $0)
            })
    }

    /// The simulator's tickers by market, as it holds them now.
    func simulatorTickers() -> [MarketID: Ticker] {
        Dictionary(
            uniqueKeysWithValues: simulator.market.tickers(now: ExchangeSimulator.wallClockMilliseconds()).map {
                ($0.marketID, $0)
            })
    }
}

/// Whether two tickers agree on everything the board shows, leaving out the rolling 24 h sums
/// (their hourly window depends on when they are read).
func sameLiveState(_ lhs: Ticker, _ rhs: Ticker) -> Bool {
    lhs.marketID == rhs.marketID && lhs.price == rhs.price && lhs.changePrice == rhs.changePrice
        && lhs.changeRate == rhs.changeRate && lhs.high == rhs.high && lhs.low == rhs.low && lhs.open == rhs.open
        && lhs.previousClose == rhs.previousClose && lhs.timestamp == rhs.timestamp
}

/// Whether two tickers agree on the prices the board shows: last, open, high, low and previous
/// close (the dialects that send rates and changes rounded, or times in seconds, still agree here).
func samePrices(_ lhs: Ticker, _ rhs: Ticker) -> Bool {
    lhs.marketID == rhs.marketID && lhs.price == rhs.price && lhs.open == rhs.open && lhs.high == rhs.high
        && lhs.low == rhs.low && lhs.previousClose == rhs.previousClose
}

extension SimulatorHarness {
    /// Reads a live feed until `needed` ticks and a snapshot of exactly `wanted` have come:
    /// the ticks, whether that snapshot came, and whether the feed went live on the way.
    static func sample(
        _ events: LiveFeedEvents, wanted: Set<MarketID>, needed: Int
    ) async -> (tickers: [Ticker], sawSnapshot: Bool, sawLive: Bool) {
        var tickers: [Ticker] = []
        var sawSnapshot = false
        var sawLive = false
        reading: for await batch in events {
            for event in batch {
                switch event {
                case .ticker(let ticker): tickers.append(ticker)
                case .snapshot(let snapshot): sawSnapshot = Set(snapshot.map(\.marketID)) == wanted
                case .connection(let state): sawLive = sawLive || state == .live
                case .frameSkipped: break
                }
                if tickers.count >= needed && sawSnapshot { break reading }
            }
        }
        return (tickers, sawSnapshot, sawLive)
    }
}
