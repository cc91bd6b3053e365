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

/// The coin exchanges' dialects: each one's router and server (its REST routes and WebSocket
/// sessions), its rate limit's refusals, and the market's trading clock (or its firehose).
extension ExchangeSimulator {
    /// The routes of one dialect's REST API, behind its gateway (rate limit, errors) and any
    /// faults: the server's own router, which tests drive with `app.test(.router)` and no socket.
    public func buildRouter(for exchange: Exchange) -> Router<BasicRequestContext> {
        var sessions: [String: WebSocketSession] = [:]
        return buildRouter(for: exchange, sessions: &sessions)
    }

    /// A WebSocket session of a dialect: what it does with one upgraded connection, whose ready-made
    /// frames (a firehose's batches) go through the ``RawFrameWriter``.
    /// The first argument is the upgrade request's path with its query.
    typealias WebSocketSession =
        @Sendable (String, WebSocketInboundStream, WebSocketOutboundWriter, RawFrameWriter) async throws -> Void

    /// The routes of one dialect; its WebSocket sessions, by path, go in `sessions`.
    func buildRouter(
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
            DunamuForexController(world: venue.world, now: now).register(on: router)
            let handler = UpbitStreamSession(venue: venue, hub: hub, now: now)
            sessions[UpbitEndpoint.webSocket] = { try await handler.run(inbound: $1, outbound: $2, frames: $3) }
        case .bithumb:
            router.add(middleware: VenueGatewayMiddleware(exchange: exchange, limit: limit, gate: gate))
            BithumbRESTController(venue: venue, now: now).register(on: router)
            let handler = UpbitStreamSession(venue: venue, hub: hub, now: now)
            sessions[BithumbEndpoint.webSocket] = { try await handler.run(inbound: $1, outbound: $2, frames: $3) }
            let legacy = BithumbLegacyStreamSession(venue: venue, hub: hub, now: now)
            sessions[BithumbLegacySubscription.path] = { try await legacy.run(inbound: $1, outbound: $2, frames: $3) }
        case .korbit:
            router.add(middleware: VenueGatewayMiddleware(exchange: exchange, limit: limit, gate: gate))
            KorbitRESTController(venue: venue, now: now).register(on: router)
            let handler = KorbitStreamSession(venue: venue, hub: hub, now: now)
            sessions[KorbitEndpoint.webSocket] = { try await handler.run(inbound: $1, outbound: $2, frames: $3) }
        case .binance:
            router.add(
                middleware: VenueGatewayMiddleware(
                    exchange: exchange, limit: limit, gate: gate,
                    windowSeconds: configuration.binanceRequestWeight?.windowSeconds ?? 60))
            BinanceRESTController(
                venue: venue, now: now, journal: binanceBooks, requestWeight: configuration.binanceRequestWeight
            ).register(on: router)
            let handler = BinanceStreamSession(venue: venue, hub: hub, now: now, journal: binanceBooks)
            let binance: WebSocketSession = {
                try await handler.connecting(to: $0).run(inbound: $1, outbound: $2, frames: $3)
            }
            sessions[BinanceEndpoint.webSocket] = binance
            sessions[BinanceEndpoint.combinedStream] = binance
        }
        return router
    }

    /// The server of one dialect: its router, and its WebSocket paths upgraded to their sessions.
    func buildApplication(
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
                    guard let uri = request.path, let session = Self.session(for: uri, in: routes) else {
                        return .dontUpgrade
                    }
                    return .upgrade([:]) { inbound, outbound, _ in
                        try await session(uri, inbound, outbound, try await RawFrameWriter.install(on: channel))
                    }
                }
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port(for: exchange))),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// The session serving an upgrade to `uri`: the one of its path, or of the path's first
    /// segment when that one names streams after it (Binance's `/ws/btcusdt@ticker`).
    static func session(for uri: String, in routes: [String: WebSocketSession]) -> WebSocketSession? {
        let path = String(uri.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        if let session = routes[path] { return session }
        guard path.hasPrefix(BinanceEndpoint.webSocket + "/") else { return nil }
        return routes[BinanceEndpoint.webSocket]
    }

    /// How many REST requests `exchange`'s dialect refused for its rate limit (HTTP 429).
    public func restRefusals(for exchange: Exchange) -> Int {
        restGates[exchange]?.refusals ?? 0
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
            if let traded = tradeUnlessPaused(count: count) { hub.publish(traded) }
        }
    }

    /// Trades in batches, each once every session has written the one before (no session, no trades).
    func runFirehose() async throws {
        while !Task.isCancelled {
            await hub.waitForRoom()
            guard let traded = tradeUnlessPaused(count: Self.firehoseBatch) else {
                try await Task.sleep(for: .milliseconds(20))
                continue
            }
            hub.publish(traded)
        }
    }

    /// Trades per batch of the firehose. A session sends each market once a batch, so a smaller
    /// batch wastes fewer trades on markets that trade again before their frame goes out: 256
    /// took 10 % less CPU a frame than 1,024 on 408 markets.
    static let firehoseBatch = 256

    /// Trades `count` times, unless paused (`nil`). The pause is held while trading, so once
    /// ``setPaused(_:)`` returns no trade is under way and the market's state is final.
    private func tradeUnlessPaused(count: Int) -> TradedMarkets? {
        paused.withLock { isPaused in isPaused ? nil : market.trade(count: count, now: now()) }
    }

    /// Stops (or restarts) trading; a paused market keeps serving its frozen state. Returns once
    /// a trade under way has ended.
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
