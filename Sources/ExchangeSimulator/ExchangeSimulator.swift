import ExchangeWire
import Foundation
public import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
public import Logging
public import MarketDomain
import NIOCore
import ServiceLifecycle
import Synchronization
import UnixSignals

/// The simulated exchange (SPEC §3): one seeded random-walk market that trades at a configurable
/// rate, served by four Hummingbird servers on loopback, one per dialect (Upbit, Bithumb, Korbit,
/// Binance), each with the exchange's own paths at its root so a real client only changes its
/// base URL.
public final class ExchangeSimulator: Sendable {
    /// The simulated coins: the world every exchange prices from.
    public let market: SimulatedMarket
    /// Each exchange's listings and prices.
    public let venues: [Exchange: SimulatedVenue]
    /// The simulated stock market that KIS and Yahoo serve.
    public let stocks: SimulatedStockMarket
    let kisTokens: KISTokenIssuer
    /// How this simulator was set up.
    public let configuration: SimulatorConfiguration
    let hub = TickHub()
    /// The requests each stock source's dialect received.
    let stockRequestCounts = Mutex<[StockSource: Int]>([:])
    /// The example apps' services: GitHub's repositories, its search limit, the random draws.
    let repositories: RepositoriesOnFirstSearch
    let githubGate: RateLimitGate
    let randomDraws: RandomDraws
    let exampleRequestCounts = Mutex<[ExampleService: Int]>([:])

    let githubQueries = Mutex<[String]>([])
    /// Binance's books as versions, for its REST snapshots and diff streams to agree.
    let binanceBooks = BinanceBookJournal()

    /// Each coin dialect's REST rate limit, shared by its routers.
    let restGates: [Exchange: RateLimitGate]
    let paused = Mutex(false)
    let now: @Sendable () -> Int64
    let logger: Logger

    /// Builds the market; `now` gives the wall time in Unix ms (injected for tests).
    public init(
        configuration: SimulatorConfiguration = SimulatorConfiguration(),
        now: @escaping @Sendable () -> Int64 = ExchangeSimulator.wallClockMilliseconds,
        logger: Logger = Logger(label: "sise.simulator")
    ) throws {
        self.configuration = configuration
        self.now = now
        self.logger = logger
        let market = try SimulatedMarket(configuration: configuration, now: now())
        let bithumbListing = try CoinCatalog.bithumbMarkets()
        self.market = market
        stocks = try SimulatedStockMarket(seed: configuration.seed, now: now())
        repositories = RepositoriesOnFirstSearch(seed: configuration.seed)
        githubGate = RateLimitGate(limit: GitHubSearch.unauthenticatedLimit, windowMilliseconds: 60_000, now: now)
        randomDraws = RandomDraws(seed: configuration.seed)
        kisTokens = KISTokenIssuer(lifetimeSeconds: configuration.kisTokenLifetimeSeconds)
        restGates = Dictionary(
            uniqueKeysWithValues: Exchange.allCases.map { exchange in
                // Binance counts request weight per window (a minute); the others requests per second.
                let window = exchange == .binance ? configuration.binanceRequestWeight?.windowSeconds ?? 1 : 1
                return (
                    exchange,
                    RateLimitGate(
                        limit: configuration.restLimit(for: exchange), windowMilliseconds: Int64(window) * 1000,
                        now: now)
                )
            })
        let start = now()
        // Each venue lists its markets on its own (start-up's last few milliseconds each): side by side.
        let made = Mutex<[Exchange: SimulatedVenue]>([:])
        DispatchQueue.concurrentPerform(iterations: Exchange.allCases.count) { index in
            let exchange = Exchange.allCases[index]
            let venue = SimulatedVenue(
                exchange: exchange, world: market, bithumbListing: bithumbListing, seed: configuration.seed,
                start: start, suspensions: exchange == .bithumb ? configuration.suspensions : [])
            made.withLock { $0[exchange] = venue }
        }
        venues = made.withLock { $0 }
    }

    /// The venue of an exchange.
    public func venue(_ exchange: Exchange) -> SimulatedVenue {
        venues[exchange] ?? SimulatedVenue(exchange: exchange, world: market, bithumbListing: [], seed: 0, start: 0)
    }

    /// The current wall time in Unix milliseconds.
    @Sendable public static func wallClockMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }

    /// Every dialect's bound port.
    public struct Ports: Sendable, Equatable {
        public var exchanges: [Exchange: Int] = [:]
        public var stocks: [StockSource: Int] = [:]
        public var examples: [ExampleService: Int] = [:]

        var isComplete: Bool {
            exchanges.count == Exchange.allCases.count && stocks.count == StockSource.allCases.count
                && examples.count == ExampleService.allCases.count
        }
    }

    /// Serves until the task is cancelled or, when `stopsOnInterrupt`, until Ctrl-C or SIGTERM
    /// (then it shuts down gracefully, for at most two seconds); `onListening` gets every
    /// dialect's bound port once all are up.
    ///
    /// One `ServiceGroup` (swift-service-lifecycle) runs a Hummingbird application per dialect,
    /// the market clock, the fault injector's connection drops and the report of the bound ports.
    public func run(
        stopsOnInterrupt: Bool = false, onListening: @escaping @Sendable (Ports) async -> Void = { _ in }
    ) async throws {
        let (bound, boundContinuation) = AsyncStream<ListeningReportService.Bound>.makeStream()
        // Each service is named here: left unnamed, the group names it by printing it whole, and
        // printing an application (its router, its channel set-up) by reflection takes
        // milliseconds of start-up.
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        for exchange in Exchange.allCases {
            let app = buildApplication(for: exchange) { boundContinuation.yield(.exchange(exchange, $0)) }
            services.append(.init(service: app, serviceName: "\(exchange.rawValue) dialect"))
        }
        for source in StockSource.allCases {
            let app = buildApplication(for: source) { boundContinuation.yield(.stocks(source, $0)) }
            services.append(.init(service: app, serviceName: "\(source.rawValue) dialect"))
        }
        for service in ExampleService.allCases {
            let app = buildApplication(for: service) { boundContinuation.yield(.example(service, $0)) }
            services.append(.init(service: app, serviceName: "\(service.rawValue) example"))
        }
        services.append(
            .init(
                service: ListeningReportService(bound: bound, onListening: onListening),
                successTerminationBehavior: .ignore, serviceName: "ports report"))
        services.append(.init(service: MarketClockService(simulator: self), serviceName: "market clock"))
        if let interval = configuration.faults.dropInterval {
            services.append(
                .init(
                    service: ConnectionDropService(simulator: self, interval: interval), serviceName: "connection drops"
                ))
        }
        var group = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: stopsOnInterrupt ? [.sigint, .sigterm] : [],
            cancellationSignals: [], logger: logger)
        // Open WebSocket sessions never end on their own: past this, they are cancelled.
        group.maximumGracefulShutdownDuration = .seconds(2)
        try await ServiceGroup(configuration: group).run()
    }

    /// Starts serving in a task owned by the returned handle, once every port is known.
    public func start() async throws -> RunningSimulator {
        let (ports, portContinuation) = AsyncStream<Ports>.makeStream()
        let task = Task {
            defer { portContinuation.finish() }
            try await self.run { ports in portContinuation.yield(ports) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound.exchanges.values.allSatisfy({ $0 > 0 }),
            bound.stocks.values.allSatisfy({ $0 > 0 }), bound.examples.values.allSatisfy({ $0 > 0 })
        else {
            task.cancel()
            _ = await task.result
            throw SimulatorError.notListening
        }
        return RunningSimulator(simulator: self, ports: bound, task: task)
    }
}
