import Foundation
import MarketDomain
import MarketStore
import TestSupport
import Testing

/// The alert rules and their history in the store, shared by every copy of Sise.
@Suite struct AlertStoreTests {
    private let bitcoin = MarketID("KRW-BTC")!

    private func temporaryPath() throws -> String {
        let folder = TestScratch.folder.appendingPathComponent("sise-alerts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("sise.sqlite").path
    }

    private func firing(rule: Int64, at time: Int64) -> AlertFiring {
        AlertFiring(
            rule: rule, exchange: .upbit, market: bitcoin, kind: "above", price: 101, level: 100, direction: "up",
            at: time, message: "KRW-BTC rose to 101 (above 100) on Upbit")
    }

    @Test func rulesAreNumberedKeptInOrderAndTheSameRuleTwiceIsRefused() throws {
        let store = try MarketStore.inMemory()
        let above = try store.addAlertRule(AlertRule(exchange: .upbit, market: bitcoin, condition: .above(150_000_000)))
        let move = try store.addAlertRule(
            AlertRule(
                exchange: .upbit, market: bitcoin, condition: .move(percent: 5, window: .fiveMinutes, direction: .up),
                rearm: 0.01, cooldownSeconds: 60, once: true, note: "펌프"))
        #expect(above.id == 1 && move.id == 2)
        #expect(try store.alertRules() == [above, move])
        #expect(throws: AlertRuleExists.self) {
            try store.addAlertRule(AlertRule(exchange: .upbit, market: bitcoin, condition: .above(150_000_000)))
        }
        // The same level on another exchange is another rule.
        _ = try store.addAlertRule(AlertRule(exchange: .bithumb, market: bitcoin, condition: .above(150_000_000)))
        #expect(try store.removeAlertRule(1))
        #expect(try !store.removeAlertRule(1))
        #expect(try store.alertRules().map(\.id) == [2, 3])
        #expect(try store.clearAlertRules() == 2)
    }

    @Test func aFiringIsRecordedOnceByTwoCopiesAndTheHistoryKeepsTheLastThousand() throws {
        let path = try temporaryPath()
        let first = try MarketStore.open(path: path)
        let second = try MarketStore.open(path: path)
        #expect(try first.recordFiring(firing(rule: 1, at: 5), heldBack: false))
        #expect(try !second.recordFiring(firing(rule: 1, at: 5), heldBack: false))
        #expect(try second.alertHistory().count == 1)
        for time in 6..<(6 + Int64(MarketStore.alertHistoryLimit) + 10) {
            try second.recordFiring(firing(rule: 2, at: time), heldBack: time % 2 == 0)
        }
        let history = try first.alertHistory()
        #expect(history.count == MarketStore.alertHistoryLimit)
        #expect(history.first?.firing.at == 5 + Int64(MarketStore.alertHistoryLimit) + 10)
        // The newest (time 1,015, odd) was not held back; the one before it was.
        #expect(history.prefix(2).map(\.heldBack) == [false, true])
        #expect(try first.alertHistory(limit: 3).count == 3)
    }

    /// What became of a firing at the webhook is kept with it (issue 63, item 4).
    @Test func theHistoryMarksAFiringTheWebhookNeverDelivered() throws {
        let store = try MarketStore.inMemory()
        try store.recordFiring(firing(rule: 1, at: 5), heldBack: false)
        try store.recordFiring(firing(rule: 1, at: 6), heldBack: false)
        try store.recordFiring(firing(rule: 1, at: 7), heldBack: false)
        try store.markWebhook(.delivered, of: firing(rule: 1, at: 5))
        try store.markWebhook(.undelivered, of: firing(rule: 1, at: 6))
        #expect(try store.alertHistory().map(\.webhook) == [nil, .undelivered, .delivered])
    }

    @Test func quietHoursAreKeptAndEnded() throws {
        let store = try MarketStore.inMemory()
        #expect(try store.quietHours() == nil)
        try store.setQuietHours(QuietHours("22:00-07:00"))
        #expect(try store.alerts.quietHours()?.description == "22:00-07:00")
        try store.setQuietHours(nil)
        #expect(try store.quietHours() == nil)
    }

    @Test func theAlertStoreSignalsWhenAnotherCopyAddsARule() async throws {
        let path = try temporaryPath()
        let watched = try MarketStore.open(path: path)
        let changes = watched.alerts.changes()
        func nextSignal() async throws -> Bool {
            try await withDeadline(seconds: 10, "a change signal") {
                for await _ in changes { return true }
                return false
            }
        }
        #expect(try await nextSignal())  // the greeting
        // The observation's own first signal may still come: wait until the rules read as added.
        _ = try watched.addAlertRule(AlertRule(exchange: .upbit, market: bitcoin, condition: .below(1)))
        #expect(try await nextSignal())
    }
}

/// The markets each exchange listed, kept to tell a new listing.
@Suite struct ListingStoreTests {
    @Test func theFirstListIsTheBaselineAndAMarketListedSinceIsNewForADay() throws {
        let store = try MarketStore.inMemory()
        let (bitcoin, ripple) = (MarketID("KRW-BTC")!, MarketID("KRW-XRP")!)
        #expect(try store.noteListing(.upbit, markets: [bitcoin], at: 1_000).isEmpty)
        #expect(try store.noteListing(.upbit, markets: [bitcoin, ripple], at: 2_000) == [ripple])
        #expect(try store.noteListing(.upbit, markets: [bitcoin, ripple], at: 2_000 + 86_399_999) == [ripple])
        #expect(try store.noteListing(.upbit, markets: [bitcoin, ripple], at: 2_000 + 86_400_000).isEmpty)
        // Each exchange has its own baseline.
        #expect(try store.noteListing(.bithumb, markets: [ripple], at: 5_000).isEmpty)
    }
}
