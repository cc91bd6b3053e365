import ExchangeWire
import Foundation
import Hummingbird
import HummingbirdWebSocket
public import Logging
import MarketDomain
import Synchronization

/// The simulated exchange (SPEC §3): a Hummingbird server on loopback speaking Upbit's REST and
/// WebSocket dialect over a seeded random-walk market that trades at a configurable rate.
public final class ExchangeSimulator: Sendable {
    /// The simulated coins.
    public let market: SimulatedMarket
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
        market = try SimulatedMarket(configuration: configuration, now: now())
    }

    /// The current wall time in Unix milliseconds.
    @Sendable public static func wallClockMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }

    /// Serves until the task is cancelled; `onListening` gets the bound port once the server is up.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: UpbitGatewayMiddleware(limit: configuration.restRequestsPerSecond, now: now))
        UpbitRESTController(market: market, now: now).register(on: router)
        let session = UpbitStreamSession(market: market, hub: hub, now: now)
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(configuration: .init(ws: .init(maxFrameSize: 1 << 22))) { request, _, _ in
                guard request.path?.split(separator: "?").first.map(String.init) == UpbitEndpoint.webSocket else {
                    return .dontUpgrade
                }
                return .upgrade([:]) { inbound, outbound, _ in
                    try await session.run(inbound: inbound, outbound: outbound)
                }
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.run() }
            group.addTask { try await self.runTrades(clock: ContinuousClock()) }
            _ = try await group.next()
            group.cancelAll()
        }
    }

    /// Starts serving in a task owned by the returned handle, once the port is known.
    public func start() async throws -> RunningSimulator {
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        let task = Task {
            try await self.run { port in portContinuation.yield(port) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            _ = await task.result
            throw SimulatorError.notListening
        }
        return RunningSimulator(simulator: self, port: port, task: task)
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

    /// Closes every WebSocket connection, as a network drop would.
    public func dropConnections() {
        hub.dropAll()
    }

    /// How many WebSocket clients are connected.
    public var connectedClients: Int { hub.sessionCount }
}

/// A simulator serving in the background; `stop()` ends it.
public final class RunningSimulator: Sendable {
    /// The simulator being served.
    public let simulator: ExchangeSimulator
    /// The bound port.
    public let port: Int
    private let task: Task<Void, any Error>

    init(simulator: ExchangeSimulator, port: Int, task: Task<Void, any Error>) {
        self.simulator = simulator
        self.port = port
        self.task = task
    }

    /// The REST base URL, e.g. `http://127.0.0.1:54321`.
    public var restBaseURL: String { "http://\(simulator.configuration.host):\(port)" }
    /// The WebSocket URL, e.g. `ws://127.0.0.1:54321/websocket/v1`.
    public var webSocketURL: String { "ws://\(simulator.configuration.host):\(port)\(UpbitEndpoint.webSocket)" }

    /// Stops serving and waits until the server has shut down.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }
}
