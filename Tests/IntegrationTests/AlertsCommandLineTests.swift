import ExchangeSimulator
import Foundation
import MarketDomain
import Synchronization
import TestSupport
import Testing

/// `sise alerts …` end to end against a simulator that plays a scripted climb of KRW-XRP
/// (`sise simulate --pump`'s move, here in process).
@Suite(.timeLimit(.minutes(5)), .serialized) struct AlertsCommandLineTests {
    private static let ripple = MarketID("KRW-XRP")!

    private func temporaryDatabase() -> String {
        TestScratch.folder.appendingPathComponent("sise-alerts-\(UUID().uuidString).sqlite").path
    }

    private func lines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func aCrossingOfTheScriptedClimbPrintsOneLineAndARuleMadePastItsLevelNone() async throws {
        // KRW-XRP climbs 12 % over 30 s from the simulator's start. Its clock stands still while the
        // rules are added, which takes a while on a loaded machine, and runs once the watch starts:
        // the climb then crosses the level 20 s after, well after the watch follows the feed.
        let clock = HeldClock()
        let harness = try await SimulatorHarness.start(
            markets: 40, ticksPerSecond: 400, moves: [ScriptedMove("KRW-XRP:+12:30")!], now: clock.now)
        defer { Task { await harness.stop() } }
        let base = harness.running.restBaseURL(for: .upbit)
        let start = try #require(harness.venueTickers()[Self.ripple]?.price)
        let db = temporaryDatabase()
        let level = (start * 1.08).rounded()
        let added = try await SiseProcess.run(
            ["alerts", "add", "XRP", "--above", "\(level)", "--note", "펌프", "--db", db, "--base-url", base])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("Added #1  KRW-XRP above "), "\(added.stdout)")
        // Made while the price is far above its level: it waits for a crossing, which never comes.
        let past = try await SiseProcess.run(
            ["alerts", "add", "KRW-XRP", "--above", "\((start * 0.5).rounded())", "--db", db, "--base-url", base])
        #expect(past.status == 0, "\(past.stderr)")
        let twin = try await SiseProcess.run(
            ["alerts", "add", "XRP", "--above", "\(level)", "--db", db, "--base-url", base])
        #expect(twin.status == 65)
        #expect(twin.stderr.contains("already stored as #1"), "\(twin.stderr)")

        // The webhook fails its first POST: the firing is posted again after a second.
        let hook = try await FlakyHookServer.start(failures: 1)
        defer { hook.stop() }
        clock.release()
        let watch = try await SiseProcess.run(
            [
                "alerts", "watch", "--format", "ndjson", "--duration", "40", "--db", db, "--base-url", base,
                "--webhook", "http://127.0.0.1:\(hook.port)/alerts",
            ],
            seconds: 90)
        #expect(watch.status == 0, "\(watch.stderr)")
        let fired = try lines(watch.stdout)
        #expect(fired.count == 1, "\(watch.stdout)")
        let line = try #require(fired.first)
        #expect(line["rule"] as? Int == 1)
        #expect(line["exchange"] as? String == "upbit")
        #expect(line["market"] as? String == "KRW-XRP")
        #expect(line["kind"] as? String == "above")
        #expect(line["direction"] as? String == "up")
        #expect(line["note"] as? String == "펌프")
        #expect((line["level"] as? NSNumber)?.doubleValue == level)
        #expect(((line["price"] as? NSNumber)?.doubleValue ?? 0) >= level)
        #expect(((line["at"] as? NSNumber)?.int64Value ?? 0) > 1_700_000_000_000)
        #expect((line["message"] as? String)?.hasPrefix("KRW-XRP rose to ") == true)

        #expect(hook.received.count == 2, "\(hook.received)")
        #expect(Set(hook.received) == [try #require(watch.stdout.split(separator: "\n").first.map(String.init))])
        #expect(watch.stderr.contains("sise: webhook: 127.0.0.1: HTTP 500; trying again in 1 s"), "\(watch.stderr)")

        let history = try await SiseProcess.run(["alerts", "history", "--format", "json", "--db", db])
        #expect(history.status == 0)
        let recorded = try #require(
            try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(recorded.count == 1)
        #expect(recorded.first?["heldBack"] as? Bool == false)
        // The history says the webhook took it (issue 63: and marks one it never took).
        #expect(recorded.first?["webhook"] as? String == "delivered", "\(recorded)")
    }

    /// Issue 28's last part: a five-minute window is filled from one-minute candles rather than
    /// waited for; the pumped market (50 % over its first 20 s) leads the risers.
    @Test func fiveMinuteMoversAreFilledFromCandlesWithoutWaitingTheWindow() async throws {
        let result = try await SiseProcess.run(
            [
                "movers", "--window", "5m", "--top", "3", "--format", "json", "--pump", "KRW-XRP:+50:20", "--db",
                temporaryDatabase(),
            ], seconds: 200)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("filling the 5m window from one-minute candles"), "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let risers = try #require(object["risers"] as? [[String: Any]])
        #expect(risers.first?["market"] as? String == "KRW-XRP", "\(risers)")
        #expect(((risers.first?["change"] as? NSNumber)?.doubleValue ?? 0) > 0.3, "\(risers)")
        #expect((object["fallers"] as? [[String: Any]])?.isEmpty == false)
    }

    /// `--pump` on the embedded simulated market (as `swift run sise --pump …` rehearses alerts).
    @Test func moversListsThePumpedMarketFirstWithinAMinuteOfThePump() async throws {
        // XRP climbs 6 % over the first minute; the walk moves other coins a fraction of that.
        let result = try await SiseProcess.run(
            [
                "movers", "--window", "1m", "--top", "3", "--format", "json", "--pump", "KRW-XRP:+6:60", "--db",
                temporaryDatabase(),
            ], seconds: 150)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("following Upbit for 1m"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["window"] as? String == "1m")
        let risers = try #require(object["risers"] as? [[String: Any]])
        #expect(risers.count == 3 && (object["fallers"] as? [[String: Any]])?.count ?? 0 <= 3)
        #expect(risers.first?["market"] as? String == "KRW-XRP", "\(risers)")
        #expect(((risers.first?["change"] as? NSNumber)?.doubleValue ?? 0) > 0.03, "\(risers)")
        // A snapshot cannot be sorted by a move: said, exit 64.
        let refused = try await SiseProcess.run(["quotes", "--sort", "move5m"])
        #expect(refused.status == 64 && refused.stderr.contains("use `sise movers`"), "\(refused.stderr)")
        #expect(try await SiseProcess.run(["movers", "--top", "0"]).status == 64)
    }

    @Test func theEmbeddedMarketPlaysAPumpAndRefusesOneItCannot() async throws {
        let result = try await SiseProcess.run(
            [
                "stream", "KRW-XRP", "--pump", "KRW-XRP:+50:30", "--duration", "6", "--format", "ndjson", "--db",
                temporaryDatabase(),
            ], seconds: 90)
        #expect(result.status == 0, "\(result.stderr)")
        let prices = try lines(result.stdout).compactMap { ($0["price"] as? NSNumber)?.doubleValue }
        let first = try #require(prices.first)
        let last = try #require(prices.last)
        // Some seconds of a 30 s climb to +50 %: a few percent up, whatever the walk did.
        #expect(last / first > 1.04, "\(prices)")
        let unlisted = try await SiseProcess.run(["quotes", "--pump", "KRW-NOPE:+5:10", "--db", temporaryDatabase()])
        #expect(unlisted.status != 0)
        #expect(unlisted.stderr.contains("KRW-NOPE is not listed"), "\(unlisted.stderr)")
        #expect(try await SiseProcess.run(["quotes", "--pump", "XRP"]).status == 64)
        #expect(
            try await SiseProcess.run(["quotes", "--pump", "KRW-XRP:+5:10", "--base-url", "http://127.0.0.1:9"]).status
                == 64)
    }

    @Test func rulesAreListedRemovedAndQuietHoursSetWithClearMessagesForMistakes() async throws {
        let db = temporaryDatabase()
        let added = try await SiseProcess.run(
            ["alerts", "add", "BTC", "--move", "5", "--within", "5m", "--up", "--cooldown", "60", "--once", "--db", db])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("#1  KRW-BTC +5% within 5m on Upbit  (re-arm 0.5 %, cooldown 60 s, once)"))
        let listed = try await SiseProcess.run(["alerts", "list", "--format", "json", "--db", db])
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(rules.count == 1)
        #expect(rules.first?["window"] as? String == "5m")
        #expect(rules.first?["direction"] as? String == "up")

        let quiet = try await SiseProcess.run(["alerts", "quiet", "22:00-07:00", "--db", db])
        #expect(quiet.stdout == "Quiet hours: 22:00-07:00\n")
        #expect(try await SiseProcess.run(["alerts", "quiet", "--db", db]).stdout == "Quiet hours: 22:00-07:00\n")

        #expect(try await SiseProcess.run(["alerts", "remove", "#1", "--db", db]).stdout == "Removed rule #1\n")
        let again = try await SiseProcess.run(["alerts", "remove", "1", "--db", db])
        #expect(again.status == 65)
        #expect(again.stderr == "sise: no rule #1 (see `sise alerts list`)\n")

        for misuse in [
            ["alerts", "add", "BTC"], ["alerts", "add", "BTC", "--above", "1", "--below", "2"],
            ["alerts", "add", "BTC", "--move", "5"], ["alerts", "add", "BTC", "--above", "-3"],
            ["alerts", "add", "BTC", "--above", "1", "--up"], ["alerts", "quiet", "25:00-07:00"],
            ["alerts", "remove", "x"],
        ] {
            let result = try await SiseProcess.run(misuse + ["--db", db])
            #expect(result.status == 64, "\(misuse): \(result.stderr)")
        }
        let unknown = try await SiseProcess.run(["alerts", "add", "NOPE", "--above", "1", "--db", db])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("KRW-NOPE"))
    }

    @Test func largeTradePremiumWarningAndListingRulesAreAddedListedAndALargeTradeFires() async throws {
        let harness = try await SimulatorHarness.start(markets: 40, ticksPerSecond: 200)
        defer { Task { await harness.stop() } }
        let base = harness.running.restBaseURL(for: .upbit)
        let db = temporaryDatabase()
        for (arguments, expected) in [
            (["BTC", "--trade-over", "1000"], "#1  KRW-BTC trade over 1,000 KRW on Upbit"),
            (["BTC", "--premium-above", "9"], "#2  KRW-BTC premium above 9% on Upbit"),
            (["BTC", "--premium-below", "-2.5", "--rearm", "1"], "#3  KRW-BTC premium below -2.5% on Upbit"),
            (["--warning"], "#4  any KRW market warned (유의/주의) on Upbit"),
            (["KRW-XRP", "--warning"], "#5  KRW-XRP warned (유의/주의) on Upbit"),
            (["*", "--listing"], "#6  any KRW market listed on Upbit"),
            (["KRW-NEWCOIN", "--listing"], "#7  KRW-NEWCOIN listed on Upbit"),
        ] {
            let added = try await SiseProcess.run(["alerts", "add"] + arguments + ["--db", db, "--base-url", base])
            #expect(added.status == 0, "\(arguments): \(added.stderr)")
            #expect(added.stdout.contains(expected), "\(added.stdout)")
        }
        let listed = try await SiseProcess.run(["alerts", "list", "--format", "json", "--db", db])
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(
            rules.map { $0["kind"] as? String } == [
                "trade", "premiumAbove", "premiumBelow", "warning", "warning", "listing", "listing",
            ])
        #expect(rules.map { $0["market"] as? String }[3] == "KRW-*")
        #expect((rules[2]["percent"] as? NSNumber)?.doubleValue == -2.5)

        // A listing rule of a listed market, a premium on Binance, a price rule of any market.
        let already = try await SiseProcess.run(
            ["alerts", "add", "KRW-XRP", "--listing", "--db", db, "--base-url", base])
        #expect(already.status == 65)
        #expect(already.stderr.contains("Upbit lists KRW-XRP already"), "\(already.stderr)")
        for misuse in [
            ["BTC", "--premium-above", "3", "--exchange", "binance"], ["*", "--above", "1"],
            ["--trade-over", "0", "BTC"], ["BTC", "--premium-below", "-200"], ["--warning", "--listing"],
        ] {
            let result = try await SiseProcess.run(["alerts", "add"] + misuse + ["--db", db])
            #expect(result.status == 64, "\(misuse): \(result.stderr)")
        }

        let watch = try await SiseProcess.run(
            ["alerts", "watch", "--duration", "20", "--db", db, "--base-url", base], seconds: 90)
        #expect(watch.status == 0, "\(watch.stderr)")
        // Issue 65, item 10: it says at start what it watches, by exchange.
        let said = watch.stderr.split(separator: "\n").first { $0.hasPrefix("sise: watching ") } ?? ""
        #expect(said.contains("alert rules: Upbit ") && said.hasSuffix("Ctrl-C stops"), "\(watch.stderr)")
        let trades = try lines(watch.stdout).filter { $0["kind"] as? String == "trade" }
        let trade = try #require(trades.first, "\(watch.stdout)")
        #expect(trade["rule"] as? Int == 1)
        #expect(trade["market"] as? String == "KRW-BTC")
        #expect(["buy", "sell"].contains(trade["direction"] as? String))
        #expect((trade["message"] as? String)?.hasPrefix("KRW-BTC: a ") == true, "\(trade)")
    }
}

/// A clock that stands still at its start until released, then runs on from there with the wall
/// clock (a simulator's scripted move starts when the test is ready for it).
final class HeldClock: Sendable {
    private let state = Mutex<(held: Int64?, offset: Int64)>((ExchangeSimulator.wallClockMilliseconds(), 0))

    /// Unix ms: the start while held, then the wall clock less the time it was held.
    @Sendable func now() -> Int64 {
        state.withLock { state in state.held ?? ExchangeSimulator.wallClockMilliseconds() - state.offset }
    }

    func release() {
        state.withLock { state in
            guard let held = state.held else { return }
            state.offset = ExchangeSimulator.wallClockMilliseconds() - held
            state.held = nil
        }
    }
}
