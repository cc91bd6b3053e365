import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The Alerts tab as a viewer uses it: its `run()` and the process's alert monitor on a
/// ``TaskDriver`` over a live board the test feeds, seen only through its outputs. Each step names
/// the whole screen it must produce as a change of the one before (or none).
@MainActor
@Suite struct AlertsViewModelTests {
    private let bitcoin = MarketFixtures.bitcoin
    /// 2026-11-25 23:00 in Seoul.
    private static let lateEvening: Int64 = 1_795_615_200_000

    @MainActor private final class Harness {
        let driver = TaskDriver()
        let board: LiveBoard
        let alerts: InMemoryAlertStore
        let viewModel: AlertsViewModel
        private let log = OutputLog<AlertsViewModel.Screen>()
        private var seen = 0
        private(set) var shown = AlertsViewModel.Screen()

        init(alerts: InMemoryAlertStore) async throws {
            self.alerts = alerts
            let script = ScriptedMarketClient(markets: MarketFixtures.markets, tickers: [])
            let board = LiveBoard(client: script.client)
            try await board.load()
            self.board = board
            let monitor = AlertMonitor(
                store: alerts.store, boards: { $0 == .upbit ? board : nil }, clock: driver.clock,
                utcOffsetSeconds: 9 * 3600, executor: driver)
            viewModel = AlertsViewModel(
                store: alerts.store, events: { monitor.events() }, exchange: .upbit,
                isListed: { await board.board.market($0) != nil }, clock: ViewClock(driver.clock), executor: driver)
            let outputs = viewModel.outputs(bufferingPolicy: .unbounded)
            let log = self.log
            driver.start { @MainActor in
                for await screen in outputs.dropFirst() { log.append(screen) }
            }
            driver.start { await monitor.run() }
            driver.start { [viewModel] in await viewModel.run() }
            await driver.settle()
            // The store's first reading is the screen every step starts from.
            shown = log.values.last ?? shown
            seen = log.values.count
        }

        /// Sends `input`: the screens it makes must be `changes`, in order.
        func send(
            _ input: AlertsInput, sourceLocation: SourceLocation = #_sourceLocation,
            _ changes: ((inout AlertsViewModel.Screen) -> Void)...
        ) async {
            viewModel.send(input)
            await driver.settle()
            expect(changes, sourceLocation: sourceLocation)
        }

        /// The feed brings a tick of Bitcoin at `price`, `minutes` after 23:00 in Seoul.
        func tick(
            _ price: Double, minutes: Int64 = 0, sourceLocation: SourceLocation = #_sourceLocation,
            _ changes: ((inout AlertsViewModel.Screen) -> Void)...
        ) async {
            let ticker = MarketFixtures.ticker(
                MarketFixtures.bitcoin, price: price, value: 1e9, timestamp: lateEvening + minutes * 60_000)
            await board.handle([.ticker(ticker)])
            await driver.settle()
            expect(changes, sourceLocation: sourceLocation)
        }

        /// Lets `duration` pass: the screens in it must be `changes`.
        func wait(
            _ duration: Duration, sourceLocation: SourceLocation = #_sourceLocation,
            _ changes: ((inout AlertsViewModel.Screen) -> Void)...
        ) async {
            await driver.advance(by: duration, step: .milliseconds(500))
            expect(changes, sourceLocation: sourceLocation)
        }

        private func expect(_ changes: [(inout AlertsViewModel.Screen) -> Void], sourceLocation: SourceLocation) {
            shown = log.expectChanges(changes, from: shown, since: &seen, sourceLocation: sourceLocation)
        }
    }

    private static let empty: AlertsOutput = {
        var output = AlertsOutput()
        output.exchange = "Upbit"
        output.placeholder = "No alert rules yet — a adds one, like \(AlertRuleText.example)"
        return output
    }()

    private static func rule(_ id: Int64, _ summary: String, selected: Bool = true) -> AlertsOutput.Rule {
        AlertsOutput.Rule(
            id: id, market: "KRW-BTC", summary: summary, details: "#\(id) · re-arm 0.5%", isSelected: selected)
    }

    @Test func aRuleTypedInTheFormIsStoredAndFiresOnTheNextCrossingWithANoticeAndAHistoryEntry() async throws {
        let h = try await Harness(alerts: InMemoryAlertStore())
        expectNoDifference(h.shown.tab, Self.empty)
        await h.tick(149_000_000)
        await h.send(.formOpened) {
            $0.tab.form = AlertsOutput.Form(text: "")
            $0.tab.placeholder = nil
        }
        await h.send(.formTextChanged(text: "btc > 150,000,000")) { $0.tab.form?.text = "btc > 150,000,000" }
        await h.send(.formSubmitted) {
            $0.tab.form = nil
            $0.tab.rules = [Self.rule(1, "above 150,000,000 on Upbit")]
            $0.tab.toast = "🔔 Added #1 KRW-BTC above 150,000,000 on Upbit"
        }
        #expect(h.alerts.rules.map(\.condition) == [.above(150_000_000)])
        await h.wait(.seconds(2)) { $0.tab.toast = nil }
        // A rule waits for a price on its side of the level, then fires once, with a notice on every screen.
        await h.tick(149_500_000, minutes: 1)
        await h.tick(150_200_000, minutes: 1) {
            $0.notice = AlertNotice(
                number: 1, text: "🔔 KRW-BTC rose to 150,200,000 (above 150,000,000) on Upbit", direction: "up")
            $0.tab.history = [
                AlertsOutput.Firing(
                    id: "1-1795615260000-up", rule: 1, time: "11-25 23:01:00",
                    message: "KRW-BTC rose to 150,200,000 (above 150,000,000) on Upbit", direction: "up",
                    heldBack: false)
            ]
        }
        await h.tick(149_900_000, minutes: 2)
        await h.tick(150_100_000, minutes: 3)
        await h.wait(.seconds(8)) { $0.notice = nil }
        await h.wait(.seconds(10))
    }

    @Test func theFormSaysWhyTextIsNotARuleAndTheStoreRefusesATwinOrAnUnlistedMarket() async throws {
        let h = try await Harness(alerts: InMemoryAlertStore())
        await h.send(.formTextChanged(text: "BTC above lots")) {
            $0.tab.form = AlertsOutput.Form(text: "BTC above lots")
            $0.tab.placeholder = nil
        }
        await h.send(.formSubmitted) {
            $0.tab.form?.error = "'above' needs one positive price after it, like above 150000000"
        }
        await h.send(.formTextChanged(text: "DOGE +3% 5m")) { $0.tab.form = AlertsOutput.Form(text: "DOGE +3% 5m") }
        await h.send(.formSubmitted) { $0.tab.form?.error = "Upbit lists no KRW-DOGE" }
        await h.send(.formTextChanged(text: "BTC +3% 5m")) { $0.tab.form = AlertsOutput.Form(text: "BTC +3% 5m") }
        await h.send(.formSubmitted) {
            $0.tab.form = nil
            $0.tab.rules = [
                AlertsOutput.Rule(
                    id: 1, market: "KRW-BTC", summary: "+3% within 5m on Upbit", details: "#1 · re-arm 0.5%",
                    isSelected: true)
            ]
            $0.tab.toast = "🔔 Added #1 KRW-BTC +3% within 5m on Upbit"
        }
        await h.send(.formTextChanged(text: "KRW-BTC 3% within 5m up")) {
            $0.tab.form = AlertsOutput.Form(text: "KRW-BTC 3% within 5m up")
        }
        await h.send(.formSubmitted) {
            $0.tab.form?.error = "the same rule is already stored as #1: KRW-BTC +3% within 5m on Upbit"
        }
        await h.send(.formCancelled) { $0.tab.form = nil }
        #expect(h.alerts.rules.count == 1)
    }

    @Test func removingTheSelectedRuleSelectsTheNextAndAClickRemovesAnyRule() async throws {
        let alerts = InMemoryAlertStore(rules: [
            AlertRule(exchange: .upbit, market: bitcoin.id, condition: .above(150_000_000)),
            AlertRule(exchange: .upbit, market: bitcoin.id, condition: .below(140_000_000)),
            AlertRule(exchange: .upbit, market: bitcoin.id, condition: .below(130_000_000)),
        ])
        let h = try await Harness(alerts: alerts)
        var expected = Self.empty
        expected.placeholder = nil
        expected.rules = [
            Self.rule(1, "above 150,000,000 on Upbit"), Self.rule(2, "below 140,000,000 on Upbit", selected: false),
            Self.rule(3, "below 130,000,000 on Upbit", selected: false),
        ]
        expectNoDifference(h.shown.tab, expected)
        await h.send(.selectionMoved(by: 1)) {
            $0.tab.rules[0].isSelected = false
            $0.tab.rules[1].isSelected = true
        }
        await h.send(.removeRequested) {
            $0.tab.rules = [
                Self.rule(1, "above 150,000,000 on Upbit"), Self.rule(3, "below 130,000,000 on Upbit", selected: false),
            ]
            $0.tab.toast = "Removed #2 KRW-BTC below 140,000,000 on Upbit"
        }
        await h.send(.ruleRemoved(id: 3)) {
            $0.tab.rules = [Self.rule(1, "above 150,000,000 on Upbit")]
            $0.tab.toast = "Removed #3 KRW-BTC below 130,000,000 on Upbit"
        }
        await h.send(.ruleRemoved(id: 42))
        #expect(h.alerts.rules.map(\.id) == [1])
    }

    @Test func quietHoursKeepTheHistoryButNoNoticeThenOneSummaryWhenTheyEnd() async throws {
        let alerts = InMemoryAlertStore(
            rules: [AlertRule(exchange: .upbit, market: bitcoin.id, condition: .above(150_000_000), rearm: 0)],
            quietHours: QuietHours("22:00-07:00"))
        let h = try await Harness(alerts: alerts)
        #expect(h.shown.tab.quietHours == "22:00-07:00")
        await h.tick(149_000_000)
        await h.tick(151_000_000, minutes: 10) {
            $0.tab.history = [
                AlertsOutput.Firing(
                    id: "1-1795615800000-up", rule: 1, time: "11-25 23:10:00",
                    message: "KRW-BTC rose to 151,000,000 (above 150,000,000) on Upbit", direction: "up",
                    heldBack: true)
            ]
        }
        // 07:00 in Seoul: one summary, no notice of its own for the entry it held.
        await h.tick(151_500_000, minutes: 8 * 60) {
            $0.notice = AlertNotice(
                number: 1, text: "🔔 1 alert held back during quiet hours: KRW-BTC", direction: nil)
        }
        await h.wait(.seconds(8)) { $0.notice = nil }
    }
}
