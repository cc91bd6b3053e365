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
    private let hub = TickHub()
    /// The requests each stock source's dialect received.
    private let stockRequestCounts = Mutex<[StockSource: Int]>([:])
    /// The example apps' services: GitHub's repositories, its search limit, the random draws.
    let repositories: SimulatedRepositories
    let githubGate: RateLimitGate
    let randomDraws: RandomDraws
    private let exampleRequestCounts = Mutex<[ExampleService: Int]>([:])

    private let githubQueries = Mutex<[String]>([])

    /// The queries the simulated GitHub searched, in order (tests check what an app sent).
    public var githubSearches: [String] { githubQueries.withLock { $0 } }

    /// How many requests an example service received.
    public func exampleRequests(for service: ExampleService) -> Int {
        exampleRequestCounts.withLock { $0[service] ?? 0 }
    }
    /// Each coin dialect's REST rate limit, shared by its routers.
    private let restGates: [Exchange: RateLimitGate]
    private let paused = Mutex(false)
    private let now: @Sendable () -> Int64
    private let logger: Logger

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
        repositories = SimulatedRepositories(seed: configuration.seed)
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
        venues = Dictionary(
            uniqueKeysWithValues: Exchange.allCases.map {
                (
                    $0,
                    SimulatedVenue(
                        exchange: $0, world: market, bithumbListing: bithumbListing, seed: configuration.seed)
                )
            })
    }

    /// The venue of an exchange.
    public func venue(_ exchange: Exchange) -> SimulatedVenue {
        venues[exchange] ?? SimulatedVenue(exchange: exchange, world: market, bithumbListing: [], seed: 0)
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
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = []
        for exchange in Exchange.allCases {
            let app = buildApplication(for: exchange) { boundContinuation.yield(.exchange(exchange, $0)) }
            services.append(.init(service: app))
        }
        for source in StockSource.allCases {
            let app = buildApplication(for: source) { boundContinuation.yield(.stocks(source, $0)) }
            services.append(.init(service: app))
        }
        for service in ExampleService.allCases {
            let app = buildApplication(for: service) { boundContinuation.yield(.example(service, $0)) }
            services.append(.init(service: app))
        }
        services.append(
            .init(
                service: ListeningReportService(bound: bound, onListening: onListening),
                successTerminationBehavior: .ignore))
        services.append(.init(service: MarketClockService(simulator: self)))
        if let interval = configuration.faults.dropInterval {
            services.append(.init(service: ConnectionDropService(simulator: self, interval: interval)))
        }
        var group = ServiceGroupConfiguration(
            services: services, gracefulShutdownSignals: stopsOnInterrupt ? [.sigint, .sigterm] : [],
            cancellationSignals: [], logger: logger)
        // Open WebSocket sessions never end on their own: past this, they are cancelled.
        group.maximumGracefulShutdownDuration = .seconds(2)
        try await ServiceGroup(configuration: group).run()
    }

    /// The routes of one dialect's REST API, behind its gateway (rate limit, errors) and any
    /// faults: the server's own router, which tests drive with `app.test(.router)` and no socket.
    public func buildRouter(for exchange: Exchange) -> Router<BasicRequestContext> {
        var sessions: [String: WebSocketSession] = [:]
        return buildRouter(for: exchange, sessions: &sessions)
    }

    /// A WebSocket session of a dialect: what it does with one upgraded connection, whose ready-made
    /// frames (a firehose's batches) go through the ``RawFrameWriter``.
    typealias WebSocketSession =
        @Sendable (WebSocketInboundStream, WebSocketOutboundWriter, RawFrameWriter) async throws -> Void

    /// The routes of one dialect; its WebSocket sessions, by path, go in `sessions`.
    private func buildRouter(
        for exchange: Exchange, sessions: inout [String: WebSocketSession]
    ) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        if configuration.faults.isActive {
            router.add(
                middleware: FaultMiddleware(
                    faults: configuration.faults,
                    refusal: { VenueGatewayMiddleware<BasicRequestContext>.refusal(exchange) }))
        }
        let venue = venue(exchange)
        let limit = configuration.restLimit(for: exchange)
        let gate = restGates[exchange] ?? RateLimitGate(limit: limit, now: now)
        switch exchange {
        case .upbit:
            router.add(middleware: UpbitGatewayMiddleware(gate: gate))
            UpbitRESTController(venue: venue, now: now).register(on: router)
            let handler = UpbitStreamSession(venue: venue, hub: hub, now: now)
            sessions[UpbitEndpoint.webSocket] = { try await handler.run(inbound: $0, outbound: $1, frames: $2) }
        case .bithumb:
            router.add(middleware: VenueGatewayMiddleware(exchange: exchange, limit: limit, gate: gate))
            BithumbRESTController(venue: venue, now: now).register(on: router)
            let handler = UpbitStreamSession(venue: venue, hub: hub, now: now)
            sessions[BithumbEndpoint.webSocket] = { try await handler.run(inbound: $0, outbound: $1, frames: $2) }
            let legacy = BithumbLegacyStreamSession(venue: venue, hub: hub, now: now)
            sessions[BithumbLegacySubscription.path] = { try await legacy.run(inbound: $0, outbound: $1, frames: $2) }
        case .korbit:
            router.add(middleware: VenueGatewayMiddleware(exchange: exchange, limit: limit, gate: gate))
            KorbitRESTController(venue: venue, now: now).register(on: router)
            let handler = KorbitStreamSession(venue: venue, hub: hub, now: now)
            sessions[KorbitEndpoint.webSocket] = { try await handler.run(inbound: $0, outbound: $1, frames: $2) }
        case .binance:
            router.add(
                middleware: VenueGatewayMiddleware(
                    exchange: exchange, limit: limit, gate: gate,
                    windowSeconds: configuration.binanceRequestWeight?.windowSeconds ?? 60))
            BinanceRESTController(venue: venue, now: now, requestWeight: configuration.binanceRequestWeight)
                .register(on: router)
            let handler = BinanceStreamSession(venue: venue, hub: hub, now: now)
            sessions[BinanceEndpoint.webSocket] = { try await handler.run(inbound: $0, outbound: $1, frames: $2) }
        }
        return router
    }

    /// The server of one dialect: its router, and its WebSocket paths upgraded to their sessions.
    private func buildApplication(
        for exchange: Exchange, onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        var sessions: [String: WebSocketSession] = [:]
        let router = buildRouter(for: exchange, sessions: &sessions)
        // Binance pings every 20 s, Korbit every 30 s (exchange-apis.md §3.6, §4.2).
        let ping: AutoPingSetup = .enabled(timePeriod: exchange == .binance ? .seconds(20) : .seconds(30))
        let routes = sessions
        return Application(
            router: router,
            server: .upgradeScreened { responder in
                HTTP1WebSocketUpgradeChannel(
                    responder: responder, configuration: .init(ws: .init(maxFrameSize: 1 << 22, autoPing: ping))
                ) { request, channel, _ in
                    guard let path = request.path?.split(separator: "?").first.map(String.init),
                        let session = routes[path]
                    else {
                        return .dontUpgrade
                    }
                    return .upgrade([:]) { inbound, outbound, _ in
                        try await session(inbound, outbound, try await RawFrameWriter.install(on: channel))
                    }
                }
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port(for: exchange))),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// The routes of a stock source's dialect, behind its gateway and any faults.
    public func buildRouter(for source: StockSource) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        if configuration.faults.isActive {
            router.add(
                middleware: FaultMiddleware(faults: configuration.faults) {
                    source == .kis
                        ? .json(KISStatus.rateLimited, status: .internalServerError)
                        : Response(
                            status: .tooManyRequests, headers: [.contentType: "text/plain"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "Edge: Too Many Requests")))
                })
        }
        switch source {
        case .kis:
            router.add(middleware: StockGatewayMiddleware(source: .kis, count: { self.countRequest(.kis) }))
            let gate = RateLimitGate(limit: configuration.kisRequestsPerSecond, now: now)
            KISRESTController(market: stocks, tokens: kisTokens, gate: gate, now: now).register(on: router)
        case .yahoo:
            router.add(
                middleware: StockGatewayMiddleware(
                    source: .yahoo,
                    gate: RateLimitGate(
                        limit: configuration.yahooRequestsPerMinute, windowMilliseconds: 60_000, now: now),
                    count: { self.countRequest(.yahoo) }))
            YahooRESTController(market: stocks, now: now).register(on: router)
        }
        return router
    }

    /// The server of a stock source's dialect, at the root of its own port.
    private func buildApplication(
        for source: StockSource, onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        let router = buildRouter(for: source)
        return Application(
            router: router,
            server: .upgradeScreened { HTTP1Channel(responder: $0) },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port(for: source))),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// The routes of an example app's service (GitHub's repository search, the random-number
    /// service), behind any faults: each refuses as the real one does.
    public func buildRouter(for service: ExampleService) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        let now = now
        router.add(
            middleware: ExampleGatewayMiddleware(service: service) {
                self.exampleRequestCounts.withLock { $0[service, default: 0] += 1 }
            })
        if configuration.faults.isActive {
            router.add(
                middleware: FaultMiddleware(faults: configuration.faults) {
                    switch service {
                    case .github: GitHubRESTController<BasicRequestContext>.refusal(now: now())
                    case .randomNumbers: RandomNumberController<BasicRequestContext>.refusal
                    }
                })
        }
        switch service {
        case .github:
            GitHubRESTController(repositories: repositories, gate: githubGate, now: now) { query in
                self.githubQueries.withLock { $0.append(query) }
            }
            .register(on: router)
        case .randomNumbers:
            RandomNumberController(draws: randomDraws).register(on: router)
        }
        return router
    }

    /// The server of an example app's service, at the root of its own port.
    private func buildApplication(
        for service: ExampleService, onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        Application(
            router: buildRouter(for: service),
            server: .upgradeScreened { HTTP1Channel(responder: $0) },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port(for: service))),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Makes every KIS token issued so far expire (a test's way to skip a day).
    public func expireKISTokens() {
        kisTokens.expireAll()
    }

    /// How many KIS tokens were issued (repeats of a live token not counted).
    public var kisTokensIssued: Int { kisTokens.issued.withLock { $0 } }

    private func countRequest(_ source: StockSource) {
        stockRequestCounts.withLock { $0[source, default: 0] += 1 }
    }

    /// How many requests the stock source's dialect received.
    public func stockRequests(for source: StockSource) -> Int {
        stockRequestCounts.withLock { $0[source] ?? 0 }
    }

    /// How many REST requests `exchange`'s dialect refused for its rate limit (HTTP 429).
    public func restRefusals(for exchange: Exchange) -> Int {
        restGates[exchange]?.refusals ?? 0
    }

    /// How many KIS requests were refused for the per-second limit (`EGW00201`).
    public var kisRateLimitRefusals: Int { kisTokens.refusals.withLock { $0 } }

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

    /// Trades at `configuration.ticksPerSecond`, in steps of 20 ms, until cancelled; at rate 0,
    /// as a firehose: batches of trades as fast as every connected session writes them.
    func runTrades<C: Clock>(clock: C) async throws where C.Duration == Duration {
        if configuration.isFirehose {
            try await runFirehose()
            return
        }
        let step = Duration.milliseconds(20)
        var owed = 0.0
        var last = clock.now
        while !Task.isCancelled {
            try await clock.sleep(for: step)
            let current = clock.now
            let elapsed = last.duration(to: current)
            last = current
            owed +=
                configuration.ticksPerSecond
                * (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            let count = Int(owed)
            owed -= Double(count)
            guard !paused.withLock({ $0 }) else { continue }
            hub.publish(market.trade(count: count, now: now()))
        }
    }

    /// Trades in batches, each once every session has written the one before (no session, no trades).
    private func runFirehose() async throws {
        while !Task.isCancelled {
            await hub.waitForRoom()
            guard !paused.withLock({ $0 }) else {
                try await Task.sleep(for: .milliseconds(20))
                continue
            }
            hub.publish(market.trade(count: Self.firehoseBatch, now: now()))
        }
    }

    /// Trades per batch of the firehose. A session sends each market once a batch, so a smaller
    /// batch wastes fewer trades on markets that trade again before their frame goes out: 256
    /// took 10 % less CPU a frame than 1,024 on 408 markets.
    static let firehoseBatch = 256

    /// Stops (or restarts) trading; a paused market keeps serving its frozen state.
    public func setPaused(_ isPaused: Bool) {
        paused.withLock { $0 = isPaused }
    }

    /// Closes every WebSocket connection of every dialect, as a network drop would.
    public func dropConnections() {
        hub.dropAll()
    }

    /// How many WebSocket clients are connected, over all dialects.
    public var connectedClients: Int { hub.sessionCount }
}

/// A simulator serving in the background; `stop()` ends it.
public final class RunningSimulator: Sendable {
    /// The simulator being served.
    public let simulator: ExchangeSimulator
    /// Each exchange dialect's bound port.
    public let ports: [Exchange: Int]
    /// Each stock source's bound port.
    public let stockPorts: [StockSource: Int]
    /// Each example app's service's bound port.
    public let examplePorts: [ExampleService: Int]
    private let task: Task<Void, any Error>

    init(simulator: ExchangeSimulator, ports: ExchangeSimulator.Ports, task: Task<Void, any Error>) {
        self.simulator = simulator
        self.ports = ports.exchanges
        stockPorts = ports.stocks
        examplePorts = ports.examples
        self.task = task
    }

    /// An example app's service's base URL, e.g. `http://127.0.0.1:54327` for GitHub.
    public func baseURL(for service: ExampleService) -> String {
        "http://\(simulator.configuration.host):\(examplePorts[service] ?? 0)"
    }

    /// A stock source's base URL, e.g. `http://127.0.0.1:54325` for Yahoo.
    public func baseURL(for source: StockSource) -> String {
        "http://\(simulator.configuration.host):\(stockPorts[source] ?? 0)"
    }

    /// Upbit's bound port.
    public var port: Int { ports[.upbit] ?? 0 }
    /// Upbit's REST base URL, e.g. `http://127.0.0.1:54321`.
    public var restBaseURL: String { restBaseURL(for: .upbit) }
    /// Upbit's WebSocket URL, e.g. `ws://127.0.0.1:54321/websocket/v1`.
    public var webSocketURL: String { webSocketURL(for: .upbit) }

    /// An exchange's REST base URL, e.g. `http://127.0.0.1:54322` for Bithumb.
    public func restBaseURL(for exchange: Exchange) -> String {
        "http://\(simulator.configuration.host):\(ports[exchange] ?? 0)"
    }

    /// An exchange's WebSocket URL, its own path on its own port.
    public func webSocketURL(for exchange: Exchange) -> String {
        "ws://\(simulator.configuration.host):\(ports[exchange] ?? 0)\(RunningSimulator.webSocketPath(exchange))"
    }

    /// The public WebSocket path of each dialect.
    public static func webSocketPath(_ exchange: Exchange) -> String {
        switch exchange {
        case .upbit: UpbitEndpoint.webSocket
        case .bithumb: BithumbEndpoint.webSocket
        case .korbit: KorbitEndpoint.webSocket
        case .binance: BinanceEndpoint.webSocket
        }
    }

    /// Stops serving and waits until every server has shut down, or `patience` has passed: a
    /// server still draining a connection then finishes on its own, and nothing waits on it (the
    /// wait for the server task is not tied to this one, so it cannot hold the caller).
    public func stop(patience: Duration = .seconds(3)) async {
        task.cancel()
        let task = self.task
        let resumed = Mutex(false)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeOnce: @Sendable () -> Void = {
                if resumed.withLock({ done in
                    defer { done = true }; return !done
                }) {
                    continuation.resume()
                }
            }
            Task {
                _ = await task.result
                resumeOnce()
            }
            Task {
                try? await Task.sleep(for: patience)
                resumeOnce()
            }
        }
    }
}
