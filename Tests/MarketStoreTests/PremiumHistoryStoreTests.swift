import Foundation
import MarketDomain
import MarketStore
import TestSupport
import Testing

/// The premium history in the store (issue 29): minutes rolled up into hours and days, rows past
/// their retention dropped, a back-fill that never overwrites, and one writer however many
/// copies of Sise share the file.
@Suite struct PremiumHistoryStoreTests {
    /// 2026-11-26 00:00 UTC.
    private let midnight: Int64 = 1_795_651_200_000

    private func temporaryPath() throws -> String {
        let folder = TestScratch.folder.appendingPathComponent("sise-premium-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("sise.sqlite").path
    }

    /// A sample a second of BTC from `from` for `seconds`, the premium over tether rising 0.0001
    /// a second from 3 %, the bank rate's 2 points above it; each minute handed to `write` as it ends.
    private func record(
        from start: Int64, seconds: Int, write: ([PremiumBar], Int64) throws -> Void
    ) rethrows {
        var minutes = PremiumMinutes()
        for second in 0...seconds {
            let time = start + Int64(second) * 1000
            let usdt = 0.03 + Double(second) * 0.0001
            let finished = minutes.take([PremiumSample(symbol: "BTC", usdt: usdt, fx: usdt + 0.02)], at: time)
            if !finished.isEmpty { try write(finished, time) }
        }
    }

    @Test func minutesAreRolledUpIntoTheirHourAndDay() throws {
        let store = try MarketStore.inMemory()
        // Ten minutes and a second: ten minutes end.
        try record(from: midnight, seconds: 600) { bars, now in
            let wrote = try store.recordPremiumMinutes(bars, writer: "a", now: now)
            #expect(wrote)
        }
        let minutes = try store.premiumBars("BTC", interval: .minute, from: 0)
        #expect(minutes.count == 10)
        #expect(minutes.map(\.start) == (0..<10).map { midnight + Int64($0) * 60_000 })
        // The first minute: the samples of seconds 0–59.
        let first = try #require(minutes.first)
        #expect(abs(first.usdt.open - 0.03) < 1e-9 && abs(first.usdt.close - 0.0359) < 1e-9)
        #expect(abs(first.usdt.high - 0.0359) < 1e-9 && abs(first.usdt.low - 0.03) < 1e-9)
        #expect(abs((first.fx?.close ?? 0) - 0.0559) < 1e-9)
        let hours = try store.premiumBars("BTC", interval: .hour, from: 0)
        let days = try store.premiumBars("BTC", interval: .day, from: 0)
        #expect(hours.count == 1 && days.count == 1)
        for wide in [hours[0], days[0]] {
            #expect(wide.start == midnight)
            #expect(abs(wide.usdt.open - 0.03) < 1e-9)
            #expect(abs(wide.usdt.close - 0.0899) < 1e-9)
            #expect(abs(wide.usdt.high - 0.0899) < 1e-9 && abs(wide.usdt.low - 0.03) < 1e-9)
        }
    }

    @Test func minutesOlderThanTwoWeeksAreDroppedAndTheirHoursKept() throws {
        let store = try MarketStore.inMemory()
        let old = PremiumBar(symbol: "BTC", interval: .minute, start: midnight, usdt: PremiumOHLC(0.01), fx: nil)
        #expect(try store.recordPremiumMinutes([old], writer: "a", now: midnight + 60_000))
        let later = midnight + 15 * 86_400_000
        var new = old
        new.start = later
        #expect(try store.recordPremiumMinutes([new], writer: "a", now: later + 60_000))
        #expect(try store.premiumBars("BTC", interval: .minute, from: 0).map(\.start) == [later])
        #expect(try store.premiumBars("BTC", interval: .hour, from: 0).count == 2)
        #expect(try store.premiumBars("BTC", interval: .day, from: 0).count == 2)
    }

    @Test func aBackFillAddsMissingDaysAndNeverOverwritesRecordedOnes() throws {
        let store = try MarketStore.inMemory()
        try record(from: midnight, seconds: 60) { bars, now in
            _ = try store.recordPremiumMinutes(bars, writer: "a", now: now)
        }
        let filled = [midnight - 86_400_000, midnight].map { start in
            PremiumBar(symbol: "BTC", interval: .day, start: start, usdt: PremiumOHLC(0.5), fx: PremiumOHLC(0.6))
        }
        #expect(try store.addPremiumDays(filled) == 1)
        let days = try store.premiumBars("BTC", interval: .day, from: 0)
        #expect(days.map(\.usdt.close) == [0.5, 0.0359])
    }

    @Test func twoCopiesOnOneFileRecordEachMinuteOnceAndTheSecondTakesOverWhenTheFirstStops() throws {
        let path = try temporaryPath()
        let first = try MarketStore.open(path: path)
        let second = try MarketStore.open(path: path)
        var refusals = 0
        // Both copies sample the same coin for ten minutes; each offers every minute it ends.
        try record(from: midnight, seconds: 600) { bars, now in
            let wrote = try first.recordPremiumMinutes(bars, writer: "first", now: now)
            #expect(wrote)
            if try !second.recordPremiumMinutes(bars, writer: "second", now: now) { refusals += 1 }
        }
        #expect(refusals == 10)
        #expect(try second.premiumBars("BTC", interval: .minute, from: 0).count == 10)
        // The first stops. Within its lease the second is still refused; after it, the second writes.
        let stopped = midnight + 600_000
        let next = PremiumBar(symbol: "BTC", interval: .minute, start: stopped, usdt: PremiumOHLC(0.04), fx: nil)
        #expect(try !second.recordPremiumMinutes([next], writer: "second", now: stopped + 60_000))
        let lapsed = stopped + PremiumHistoryStore.lease + 1
        #expect(try second.recordPremiumMinutes([next], writer: "second", now: lapsed))
        #expect(try first.premiumBars("BTC", interval: .minute, from: 0).count == 11)
        // And now the first, back, is the one refused.
        #expect(try !first.recordPremiumMinutes([next], writer: "first", now: lapsed + 1000))
    }
}
