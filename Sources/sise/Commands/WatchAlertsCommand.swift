import ArgumentParser
import Exchanges
import Foundation
import HeadlessOutput
import Logging
import MarketDomain
import MarketFeatures
import MarketStore

/// `sise alerts watch`: follows the live feed of every exchange the rules name and prints each
/// firing the moment it happens, until a limit or Ctrl-C. Rules added or removed meanwhile (by
/// `alerts add` or another copy of Sise) take effect at once.
struct WatchAlerts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Print each firing as it happens (NDJSON by default), until a limit or Ctrl-C.")

    @OptionGroup var exchangeOptions: ExchangeOptions
    @OptionGroup var storeOptions: StoreOptions
    @Option(help: "Output format: ndjson (one JSON object per line) or table.") var format: StreamFormat = .ndjson
    @Option(parsing: .unconditional, help: "Stop after this many seconds.") var duration: Double?
    @OptionGroup var webhookOptions: WebhookOptions

    func validate() throws {
        try exchangeOptions.requireExchange()
        try SecondsFlag.validate(duration, flag: "--duration")
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            let store = try storeOptions.open()
            let unreadable = try store.unreadableAlertRuleNumbers()
            if !unreadable.isEmpty {
                StandardError.writeLine(
                    "sise: alert rules " + unreadable.map { "#\($0)" }.joined(separator: ", ")
                        + " cannot be read by this version of Sise (a newer one's?); they are not watched and left as they are"
                )
            }
            let rules = try store.alertRules()
            if rules.isEmpty {
                StandardError.writeLine(
                    "sise: no alert rules yet — watching for some (`sise alerts add KRW-BTC --above 150000000`)")
            } else {
                // Said once at start (issue 65): what is watched, so a quiet screen is not a stuck one.
                StandardError.writeLine("sise: " + Self.watching(rules))
            }
            try await MarketSession.run(exchangeOptions, exchanges: Exchange.allCases, store: store.preferences) {
                clients in
                let exchangeBoards = ExchangeBoards(clients: clients)
                let boards = BoardsOnDemand(
                    boards: exchangeBoards, listings: store.listings, now: MarketStore.wallClock
                ) {
                    exchange, error in
                    StandardError.writeLine("sise: \(exchange.displayName): \(CommandFailure.message(for: error))")
                }
                let monitor = Self.monitor(store: store, boards: boards)
                let events = monitor.events()
                let hook = webhookOptions.address.map { address in
                    AlertWebhook(address: address, logger: Logger(label: "sise.webhook")) {
                        StandardError.writeLine("sise: \($0)")
                    }
                }
                hook?.start()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { await monitor.run() }
                    group.addTask { try await print(events, webhook: hook, store: store) }
                    if let duration {
                        group.addTask { try await Task.sleep(for: SecondsFlag.duration(duration)) }
                    }
                    group.addTask { await InterruptSignal.wait() }
                    _ = try await group.next()
                    group.cancelAll()
                }
                await boards.stop()
                await exchangeBoards.stop()
                // The firings still waiting for the webhook get up to 10 s more; the rest are counted.
                await hook?.close(within: .seconds(10))
            }
        }
    }

    private func print(_ events: AsyncStream<AlertEvent>, webhook: AlertWebhook?, store: MarketStore) async throws {
        for await event in events {
            switch event {
            case .fired(let firing, let heldBack):
                let entry = RecordedFiring(firing: firing, heldBack: heldBack)
                let json = try OutputJSON.encode(FiringLine(entry))
                try StandardOutput.writeLine(format == .ndjson ? json : FiringLine.describe(entry))
                webhook?.post(Data(json.utf8), settled: Self.marking(firing, in: store))
            case .quietHoursEnded(let held):
                let summary = QuietHoursSummary(held)
                try StandardOutput.writeLine(format == .ndjson ? OutputJSON.encode(summary) : summary.message)
            }
        }
    }
}

extension WatchAlerts {
    /// `watching 3 alert rules: Upbit 2, Bithumb 1 — Ctrl-C stops`: the rules by exchange, in
    /// the exchanges' order.
    static func watching(_ rules: [AlertRule]) -> String {
        let counts = Exchange.allCases.compactMap { exchange -> String? in
            let count = rules.filter { $0.exchange == exchange }.count
            return count == 0 ? nil : "\(exchange.displayName) \(count)"
        }
        let noun = rules.count == 1 ? "alert rule" : "alert rules"
        return "watching \(rules.count) \(noun): \(counts.joined(separator: ", ")) — Ctrl-C stops"
    }

    /// The process's one alert monitor of the store's rules, over the boards loaded on demand.
    static func monitor(store: MarketStore, boards: BoardsOnDemand) -> AlertMonitor {
        AlertMonitor(
            store: store.alerts, boards: { await boards.board($0) }, clock: ContinuousClock(),
            utcOffsetSeconds: TimeZone.current.secondsFromGMT(), keepListCurrent: { await boards.keepListCurrent($0) },
            now: MarketStore.wallClock)
    }

    /// Runs `monitor` for a process whose faces show its firings (the app, `serve`), and POSTs
    /// each firing to `webhook` when one is given; cancelling the task stops both. With `ready`,
    /// the rules are first read once that task has ended (``BoardWatchers/start``).
    /// What a firing's webhook outcome does: marks it in the history (`alerts history` says it).
    static func marking(_ firing: AlertFiring, in store: MarketStore) -> @Sendable (Bool) -> Void {
        { delivered in try? store.markWebhook(delivered ? .delivered : .undelivered, of: firing) }
    }

    static func run(
        _ monitor: AlertMonitor, webhook: WebhookAddress?, store: MarketStore, after ready: Task<Void, Never>?
    ) -> Task<Void, Never> {
        let events = monitor.events()
        let hook = webhook.map { address in
            AlertWebhook(address: address, logger: Logger(label: "sise.webhook")) {
                StandardError.writeLine("sise: \($0)")
            }
        }
        return Task {
            guard await BoardWatchers.isReady(ready) else { return }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await monitor.run() }
                if let hook {
                    group.addTask { await hook.run() }
                    group.addTask {
                        for await event in events {
                            guard case .fired(let firing, let heldBack) = event,
                                let json = try? OutputJSON.encode(
                                    FiringLine(RecordedFiring(firing: firing, heldBack: heldBack)))
                            else { continue }
                            hook.post(Data(json.utf8), settled: marking(firing, in: store))
                        }
                    }
                }
                await group.waitForAll()
            }
        }
    }
}

/// The one line printed when quiet hours end: how many firings they held back, and which.
struct QuietHoursSummary: Encodable {
    var kind = "summary"
    var count: Int
    var rules: [Int64]
    var message: String

    init(_ held: [AlertFiring]) {
        count = held.count
        rules = Array(Set(held.map(\.rule))).sorted()
        message = QuietHours.summary(of: held)
    }
}
