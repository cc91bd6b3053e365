import ExchangeSimulator
import Exchanges
import Logging
import MarketDomain
import Synchronization
import TestSupport
import Testing

/// The real WebSocket connector and feed against the simulator through a proxy that black-holes
/// or closes upgrade requests: every failed opening goes back to the back-off loop, the
/// abandoned socket is closed, and the feed goes live once the way is clear.
@Suite(.timeLimit(.minutes(5))) struct FeedThroughFaultyProxyTests {
    @Test(arguments: [
        [LoopbackProxy.Behaviour.blackHole], [.closeOnRequest], [.blackHole, .closeOnRequest, .blackHole],
    ])
    func theFeedRecoversFromUpgradesThatNeverComplete(plan: [LoopbackProxy.Behaviour]) async throws {
        let harness = try await SimulatorHarness.start(markets: 5, ticksPerSecond: 200)
        let proxy = try await LoopbackProxy.start(upstreamPort: harness.running.port, plan: plan)
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let feed = ReconnectingFeed(
            connector: .webSocket(url: "ws://127.0.0.1:\(proxy.port)/websocket/v1", logger: logger),
            dialect: .upbit(ticket: { "proxy-test" }), fetchSnapshot: { _ in [] },
            backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .milliseconds(400)),
            // An upgrade on a machine busy with the whole suite (and a build beside it) has taken over
            // 3 s: only the plan's may fail, so a black hole is given up after 10 s.
            health: FeedHealth(openTimeout: .seconds(10)), clock: ContinuousClock(), logger: logger)
        let states = Mutex<[ConnectionState]>([])
        let ticks = Mutex(0)
        let reader = Task {
            for await batch in feed.events(for: [MarketID("KRW-BTC")!, MarketID("KRW-ETH")!]) {
                for event in batch {
                    switch event {
                    case .connection(let state): states.withLock { $0.append(state) }
                    case .ticker: ticks.withLock { $0 += 1 }
                    default: break
                    }
                }
            }
        }
        try await waitUntil(seconds: 90, "ticks through the proxy") { ticks.withLock { $0 } > 0 }
        let seen = states.withLock { $0 }
        let reconnects = seen.filter { if case .reconnecting = $0 { true } else { false } }
        #expect(reconnects.count == plan.count, "\(seen)")
        #expect(seen.last == .live)
        #expect(proxy.accepted == plan.count + 1)
        let blackHoles = plan.filter { $0 == .blackHole }.count
        try await waitUntil(seconds: 30, "abandoned sockets closed") { proxy.blackHolesClosedByClient == blackHoles }
        reader.cancel()
        proxy.stop()
        await harness.stop()
    }
}
