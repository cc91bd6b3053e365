import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The one evaluator of a process, on a live board fed by the test, its tasks on a driver.
@MainActor
@Suite struct AlertMonitorTests {
    private let bitcoin = MarketFixtures.bitcoin.id
    /// 2026-11-25 23:00 in Seoul.
    private static let lateEvening: Int64 = 1_795_615_200_000

    private struct Harness {
        let driver: TaskDriver
        let board: LiveBoard
        let alerts: InMemoryAlertStore
        let monitor: AlertMonitor
        let events: OutputLog<AlertEvent>

        /// The feed brings a tick of Bitcoin at `price`, `minutes` after 23:00 in Seoul.
        @MainActor func tick(_ price: Double, minutes: Int64 = 0) async {
            let ticker = MarketFixtures.ticker(
                MarketFixtures.bitcoin, price: price, value: 1e9, timestamp: lateEvening + minutes * 60_000)
            await board.handle([.ticker(ticker)])
            await driver.settle()
        }
    }

    private func harness(_ rules: [AlertRule], alerts: InMemoryAlertStore? = nil) async throws -> Harness {
        let driver = TaskDriver()
        let script = ScriptedMarketClient(markets: MarketFixtures.markets, tickers: [])
        let board = LiveBoard(client: script.client)
        try await board.load()
        let alerts = alerts ?? InMemoryAlertStore(rules: rules)
        let monitor = AlertMonitor(
            store: alerts.store, boards: { $0 == .upbit ? board : nil }, clock: driver.clock,
            utcOffsetSeconds: 9 * 3600, executor: driver)
        let events = OutputLog<AlertEvent>()
        let stream = monitor.events()
        driver.start { @MainActor in
            for await event in stream { events.append(event) }
        }
        driver.start { await monitor.run() }
        await driver.settle()
        return Harness(driver: driver, board: board, alerts: alerts, monitor: monitor, events: events)
    }

    private func fired(_ events: [AlertEvent]) -> [Double] {
        events.compactMap { if case .fired(let firing, _) = $0 { firing.price } else { nil } }
    }

    @Test func aCrossingFiresOnceIsRecordedAndHoveringWithinTheBandDoesNothing() async throws {
        let h = try await harness([AlertRule(exchange: .upbit, market: bitcoin, condition: .above(150_000_000))])
        #expect(await h.monitor.followedExchanges == [.upbit])
        for price in [149_000_000.0, 150_100_000, 149_900_000, 150_300_000, 149_300_000, 150_000_000] {
            await h.tick(price)
        }
        // 149.3 M is within the band (149.25 M): the second return to the level does not fire.
        #expect(fired(h.events.values) == [150_100_000])
        #expect(h.alerts.history.map(\.firing.price) == [150_100_000])
        #expect(h.alerts.history.first?.firing.message == "KRW-BTC rose to 150,100,000 (above 150,000,000) on Upbit")
    }

    @Test func aRuleAddedWhileRunningFiresAndAOnceRuleLeavesTheStore() async throws {
        let h = try await harness([])
        #expect(await h.monitor.followedExchanges.isEmpty)
        await h.tick(100_000_000)
        h.alerts.add(AlertRule(exchange: .upbit, market: bitcoin, condition: .below(99_000_000), once: true))
        await h.driver.settle()
        #expect(await h.monitor.followedExchanges == [.upbit])
        await h.tick(99_500_000)
        await h.tick(98_900_000)
        await h.tick(99_600_000)
        await h.tick(98_000_000)
        #expect(fired(h.events.values) == [98_900_000])
        #expect(h.alerts.rules.isEmpty)
    }

    @Test func twoCopiesOnOneStoreRecordAFiringOnceAndBothTellTheirViewers() async throws {
        let rule = AlertRule(exchange: .upbit, market: bitcoin, condition: .above(150_000_000))
        let shared = InMemoryAlertStore(rules: [rule])
        let first = try await harness([], alerts: shared)
        let second = try await harness([], alerts: shared)
        // The same ticks reach both copies (each has its own connection to the exchange).
        for price in [149_000_000.0, 151_000_000] {
            await first.tick(price)
            await second.tick(price)
        }
        #expect(fired(first.events.values) == [151_000_000])
        #expect(fired(second.events.values) == [151_000_000])
        #expect(shared.history.count == 1)
    }

    @Test func quietHoursHoldNotificationsBackThenSayOnceWhatTheyHeld() async throws {
        let h = try await harness(
            [],
            alerts: InMemoryAlertStore(
                rules: [AlertRule(exchange: .upbit, market: bitcoin, condition: .above(150_000_000), rearm: 0)],
                quietHours: QuietHours("22:00-07:00")))
        await h.tick(149_000_000)
        await h.tick(151_000_000, minutes: 10)
        await h.tick(149_000_000, minutes: 20)
        await h.tick(152_000_000, minutes: 30)
        let held = h.events.values
        #expect(held.count == 2)
        #expect(held.allSatisfy { if case .fired(_, heldBack: true) = $0 { true } else { false } })
        #expect(h.alerts.history.map(\.heldBack) == [true, true])
        // 07:00 in Seoul: the next tick ends the quiet hours, with one summary.
        await h.tick(152_000_000, minutes: 8 * 60)
        guard case .quietHoursEnded(let summary) = h.events.values.last else {
            Issue.record("no summary: \(h.events.values)")
            return
        }
        #expect(summary.map(\.price) == [151_000_000, 152_000_000])
        await h.tick(149_000_000, minutes: 8 * 60 + 1)
        await h.tick(153_000_000, minutes: 8 * 60 + 2)
        #expect(h.events.values.last == .fired(h.alerts.history.last!.firing, heldBack: false))
        #expect(h.events.values.count == 4)
    }
}
