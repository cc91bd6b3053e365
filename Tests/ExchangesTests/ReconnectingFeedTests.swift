import Clocks
import ConcurrencyExtras
import Exchanges
import Foundation
import MarketDomain
import TestSupport
import Testing

/// The feed's tasks run on the driver, which the test drains, and only the test clock moves time:
/// every figure below is exact, the same on an idle machine and a loaded one.
@MainActor
@Suite struct ReconnectingFeedTests {
    private let driver = TaskDriver()
    private let bitcoin = MarketID("KRW-BTC")!
    private let backoff = ReconnectBackoff(initial: .seconds(1), maximum: .seconds(8))

    /// A feed on a test clock with jitter fixed at one half, so delays are exactly 3/4 of the base.
    private func makeFeed(
        _ connector: ScriptedConnector, clock: TestClock<Duration>, snapshots: LockIsolated<Int>
    ) -> ReconnectingFeed<TestClock<Duration>> {
        ReconnectingFeed(
            connector: connector.connector, dialect: .upbit(ticket: { "test-ticket" }),
            fetchSnapshot: { ids in
                snapshots.withValue { $0 += 1 }
                return [MarketFixtures.ticker(MarketFixtures.bitcoin, price: 100, timestamp: 1)]
            },
            backoff: backoff,
            health: FeedHealth(
                staleAfter: .seconds(20), reconnectAfter: .seconds(45), openTimeout: .seconds(10),
                firstFrameTimeout: .seconds(10)),
            clock: clock, jitter: { 0.5 }, executor: driver)
    }

    /// Starts a feed of KRW-BTC on a scripted connector and a test clock, logging its events.
    private func startFeed(
        failingConnects: Int = 0, hangingConnects: Int = 0
    ) async -> (ScriptedConnector, TestClock<Duration>, LockIsolated<Int>, EventLog) {
        let connector = ScriptedConnector()
        connector.failNextConnects(failingConnects)
        connector.hangNextConnects(hangingConnects)
        let clock = driver.clock
        let snapshots = LockIsolated(0)
        let log = EventLog()
        await log.collect(makeFeed(connector, clock: clock, snapshots: snapshots).events(for: [bitcoin]), on: driver)
        await driver.settle()
        return (connector, clock, snapshots, log)
    }

    /// Advances the test clock a second at a time until `condition` holds (at most `limit` seconds),
    /// letting the feed's tasks run after each second.
    private func advance(
        _ clock: TestClock<Duration>, limit: Int = 200, until condition: @escaping @Sendable () async -> Bool
    ) async throws {
        try await driver.advance(until: "the condition", limit: .seconds(limit), step: .seconds(1)) {
            await condition()
        }
    }

    /// Lets the feed run what it can without time passing, then requires `condition`.
    private func eventually(
        _ what: String = "feed event", _ condition: @escaping @Sendable () async -> Bool
    ) async throws {
        await driver.settle()
        let holds = await condition()
        try #require(holds, "\(what)")
    }

    @Test func subscribesOnlyOnceTheSocketIsOpenThenStreamsTicks() async throws {
        let (connector, _, _, log) = await startFeed()

        try await eventually { connector.sent.first?.count == 1 }
        let subscribe = try #require(connector.sent.first?.first)
        #expect(subscribe.contains(#""codes":["KRW-BTC"]"#))
        #expect(subscribe.hasPrefix(#"[{"ticket":"test-ticket"}"#))

        connector.push(UpbitDocPayloads.streamTicker)
        try await eventually { await log.tickers.count == 1 }
        try await eventually { await log.snapshots == 1 }
        #expect(await log.states == [.connecting, .live])
        #expect(await log.tickers.first?.price == 32_287_000)
        await log.stop()
    }

    @Test func anImpossibleTickerIsSkippedLikeAnUnreadableFrameAndTheFeedGoesOn() async throws {
        let (connector, _, _, log) = await startFeed()
        try await eventually("open") { connector.openedSockets == 1 }
        let real = #""trade_price": 32287000"#
        for impossible in ["-5000", "1e308", "0"] {
            connector.push(
                UpbitDocPayloads.streamTicker.replacingOccurrences(of: real, with: "\"trade_price\": \(impossible)"))
        }
        connector.push(UpbitDocPayloads.streamTicker)
        try await eventually("the real ticker") { await log.tickers.count == 1 }
        #expect(await log.tickers.map(\.price) == [32_287_000])
        let skipped = await log.events.compactMap { event -> String? in
            if case .frameSkipped(let reason) = event { reason } else { nil }
        }
        #expect(skipped.count == 3)
        #expect(skipped.allSatisfy { $0.hasPrefix("impossible ticker for KRW-BTC: price") })
        await log.stop()
    }

    @Test func reconnectsWithBackOffResubscribesAndRefetchesTheSnapshot() async throws {
        let (connector, clock, snapshots, log) = await startFeed()

        try await eventually("open") { connector.openedSockets == 1 }
        connector.push(UpbitDocPayloads.status)
        try await eventually("live") { await log.states == [.connecting, .live] }
        connector.closeLatest()
        let firstDelay = backoff.delay(attempt: 1, jitter: 0.5)
        try await eventually("reconnecting \(await log.states)") {
            await log.states.last == .reconnecting(attempt: 1, delay: firstDelay)
        }

        try await advance(clock) { connector.openedSockets == 2 }
        #expect(connector.attempts == 2)
        try await eventually("resubscribed") {
            connector.sent.count == 2 && connector.sent[1].first == connector.sent[0].first
        }
        connector.push(UpbitDocPayloads.streamTicker)
        try await eventually("second snapshot") { snapshots.value == 2 }
        try await eventually("five states") { await log.states.count == 5 }
        #expect(
            await log.states == [
                .connecting, .live, .reconnecting(attempt: 1, delay: firstDelay), .connecting, .live,
            ])
        await log.stop()
    }

    @Test func failedConnectsBackOffExponentiallyUpToTheCap() async throws {
        let (connector, clock, snapshots, log) = await startFeed(failingConnects: 5)

        try await advance(clock) { connector.openedSockets == 1 }
        let delays = await log.states.compactMap { state -> Duration? in
            if case .reconnecting(_, let delay) = state { delay } else { nil }
        }
        // Bases 1, 2, 4, 8, 8 s; with jitter one half each is 3/4 of its base.
        #expect(delays == [.milliseconds(750), .milliseconds(1500), .seconds(3), .seconds(6), .seconds(6)])
        #expect(connector.attempts == 6)
        #expect(snapshots.value == 1)
        await log.stop()
    }

    @Test func silenceShowsStaleThenForcesAReconnect() async throws {
        let (connector, clock, _, log) = await startFeed()
        let start = clock.now  // nothing moves the test clock until the test advances it

        try await eventually { connector.openedSockets == 1 }
        connector.push(UpbitDocPayloads.streamTicker)
        try await eventually { await log.states == [.connecting, .live] }

        try await advance(clock) { await log.states.last == .stale }
        let staleAfter = start.duration(to: clock.now)
        try await advance(clock) {
            if case .reconnecting = await log.states.last { true } else { false }
        }
        // Exact: the watchdog looks every second, so stale shows at 20 s of silence and the
        // connection is dropped at 45 s, not a step later.
        #expect(
            await log.states.prefix(4) == [
                .connecting, .live, .stale, .reconnecting(attempt: 1, delay: .milliseconds(750)),
            ])
        #expect(staleAfter == .seconds(20))
        #expect(start.duration(to: clock.now) == .seconds(45))
        // The keep-alive went out every 10 s while the socket was silent: at 10, 20, 30 and 40 s.
        #expect(connector.sent[0].filter { $0 == "PING" }.count == 4)
        await log.stop()
    }

    @Test func anUpgradeThatNeverCompletesIsAbandonedAtItsDeadlineAndRetried() async throws {
        let (connector, clock, _, log) = await startFeed(hangingConnects: 2)
        let start = clock.now

        try await eventually("first attempt") { connector.attempts == 1 }
        try await advance(clock) { connector.openedSockets == 1 }
        // Two attempts hung and were cancelled, each at its 10 s deadline, then the third opened.
        #expect(connector.abandoned == 2)
        #expect(connector.attempts == 3)
        #expect(start.duration(to: clock.now) >= .seconds(20))
        connector.push(UpbitDocPayloads.streamTicker)
        try await eventually("live") { await log.states.last == .live }
        #expect(
            await log.states == [
                .connecting, .reconnecting(attempt: 1, delay: .milliseconds(750)), .connecting,
                .reconnecting(attempt: 2, delay: .milliseconds(1500)), .connecting, .live,
            ])
        await log.stop()
    }

    @Test func anOpenSocketThatNeverSendsAFrameIsReopenedBeforeTheLongSilenceLimit() async throws {
        let (connector, clock, _, log) = await startFeed()
        try await eventually("open") { connector.openedSockets == 1 }
        let opened = clock.now
        try await advance(clock) { connector.openedSockets == 2 }
        let waited = opened.duration(to: clock.now)
        #expect(waited >= .seconds(10) && waited < .seconds(45), "reopened after \(waited)")
        connector.push(UpbitDocPayloads.streamTicker)
        try await eventually("live") { await log.states.last == .live }
        // Once a frame came, only the long silence limit applies.
        let live = clock.now
        try await advance(clock) { connector.openedSockets == 3 }
        #expect(live.duration(to: clock.now) >= .seconds(45))
        await log.stop()
    }

    @Test func unreadableFramesAreSkippedWithoutDroppingTheFeed() async throws {
        let (connector, _, _, log) = await startFeed()

        try await eventually { connector.openedSockets == 1 }
        connector.push("garbage{")
        connector.push(#"{"type":"ticker","code":"KRW-BTC"}"#)
        connector.push(UpbitDocPayloads.streamTickerSimple)
        try await eventually { await log.tickers.count == 1 }
        #expect(await log.states == [.connecting, .live])
        #expect(connector.openedSockets == 1)
        await log.stop()
    }
}
