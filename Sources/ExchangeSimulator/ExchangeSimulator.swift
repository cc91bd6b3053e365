import ExchangeWire
import Foundation
import Hummingbird
import HummingbirdWebSocket
public import Logging
public import MarketDomain
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
    /// How this simulator was set up.
    public let configuration: SimulatorConfiguration
    private let hub = TickHub()
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
        let bithumbListing = try CoinCatalog.bithumbKRWMarkets()
        self.market = market
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

    /// Serves until the task is cancelled; `onListening` gets every dialect's bound port once all are up.
    public func run(onListening: @escaping @Sendable ([Exchange: Int]) async -> Void = { _ in }) async throws {
        let (bound, boundContinuation) = AsyncStream<(Exchange, Int)>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for exchange in Exchange.allCases {
                let app = application(for: exchange) { port in boundContinuation.yield((exchange, port)) }
                group.addTask { try await app.run() }
            }
            group.addTask {
                var ports: [Exchange: Int] = [:]
                for await (exchange, port) in bound {
                    ports[exchange] = port
                    if ports.count == Exchange.allCases.count { break }
                }
                await onListening(ports)
                try await Task.sleep(for: .seconds(86_400 * 365 * 100))
            }
            group.addTask { try await self.runTrades(clock: ContinuousClock()) }
            _ = try await group.next()
            group.cancelAll()
        }
    }

    /// The server of one dialect.
    private func application(
        for exchange: Exchange, onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        let router = Router(context: BasicRequestContext.self)
        let venue = venue(exchange)
        let limit = configuration.restLimit(for: exchange)
        typealias Session = @Sendable (WebSocketInboundStream, WebSocketOutboundWriter) async throws -> Void
        var sessions: [String: Session] = [:]
        switch exchange {
        case .upbit:
            router.add(middleware: UpbitGatewayMiddleware(limit: limit, now: now))
            UpbitRESTController(venue: venue, now: now).register(on: router)
            let handler = UpbitStreamSession(venue: venue, hub: hub, now: now)
            sessions[UpbitEndpoint.webSocket] = { try await handler.run(inbound: $0, outbound: $1) }
        case .bithumb:
            router.add(middleware: VenueGatewayMiddleware(exchange: exchange, limit: limit, now: now))
            BithumbRESTController(venue: venue, now: now).register(on: router)
            let handler = UpbitStreamSession(venue: venue, hub: hub, now: now)
            sessions[BithumbEndpoint.webSocket] = { try await handler.run(inbound: $0, outbound: $1) }
            let legacy = BithumbLegacyStreamSession(venue: venue, hub: hub, now: now)
            sessions[BithumbLegacySubscription.path] = { try await legacy.run(inbound: $0, outbound: $1) }
        case .korbit:
            router.add(middleware: VenueGatewayMiddleware(exchange: exchange, limit: limit, now: now))
            KorbitRESTController(venue: venue, now: now).register(on: router)
            let handler = KorbitStreamSession(venue: venue, hub: hub, now: now)
            sessions[KorbitEndpoint.webSocket] = { try await handler.run(inbound: $0, outbound: $1) }
        case .binance:
            router.add(middleware: VenueGatewayMiddleware(exchange: exchange, limit: limit, now: now))
            BinanceRESTController(venue: venue, now: now).register(on: router)
            let handler = BinanceStreamSession(venue: venue, hub: hub, now: now)
            sessions[BinanceEndpoint.webSocket] = { try await handler.run(inbound: $0, outbound: $1) }
        }
        // Binance pings every 20 s, Korbit every 30 s (exchange-apis.md §3.6, §4.2).
        let ping: AutoPingSetup = .enabled(timePeriod: exchange == .binance ? .seconds(20) : .seconds(30))
        let routes = sessions
        return Application(
            router: router,
            server: .http1WebSocketUpgrade(configuration: .init(ws: .init(maxFrameSize: 1 << 22, autoPing: ping))) {
                request, _, _ in
                guard let path = request.path?.split(separator: "?").first.map(String.init), let session = routes[path]
                else {
                    return .dontUpgrade
                }
                return .upgrade([:]) { inbound, outbound, _ in try await session(inbound, outbound) }
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port(for: exchange))),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Starts serving in a task owned by the returned handle, once every port is known.
    public func start() async throws -> RunningSimulator {
        let (ports, portContinuation) = AsyncStream<[Exchange: Int]>.makeStream()
        let task = Task {
            defer { portContinuation.finish() }
            try await self.run { ports in portContinuation.yield(ports) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let bound = await iterator.next(), bound.values.allSatisfy({ $0 > 0 }) else {
            task.cancel()
            _ = await task.result
            throw SimulatorError.notListening
        }
        return RunningSimulator(simulator: self, ports: bound, task: task)
    }

    /// Trades at `configuration.ticksPerSecond`, in steps of 20 ms, until cancelled.
    func runTrades<C: Clock>(clock: C) async throws where C.Duration == Duration {
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
    /// Each dialect's bound port.
    public let ports: [Exchange: Int]
    private let task: Task<Void, any Error>

    init(simulator: ExchangeSimulator, ports: [Exchange: Int], task: Task<Void, any Error>) {
        self.simulator = simulator
        self.ports = ports
        self.task = task
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

    /// Stops serving and waits until every server has shut down.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }
}
