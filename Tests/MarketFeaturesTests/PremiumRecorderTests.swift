import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The premium recorder on a test clock (issue 29): a sample a second folded into minutes, each
/// written as it ends; a copy refused the lease keeps sampling; a failing store is said.
@Suite struct PremiumRecorderTests {
    /// 2026-11-26 00:00 UTC.
    private let midnight: Int64 = 1_795_651_200_000

    /// A recorder whose clock and wall clock move together, sampling BTC at a premium that rises
    /// 0.0001 a second from 3 %.
    /// Unix ms that move only when told.
    private final class WallTime: Sendable {
        private let value: Mutex<Int64>
        init(_ start: Int64) { value = Mutex(start) }
        var now: Int64 { value.withLock { $0 } }
        func advance(milliseconds: Int64) { value.withLock { $0 += milliseconds } }
    }

    @MainActor private final class Harness {
        let driver = TaskDriver()
        let time: WallTime
        let history: InMemoryPremiumHistory
        let recorder: PremiumRecorder

        init(start: Int64, writer: String = "test", history: InMemoryPremiumHistory = InMemoryPremiumHistory()) {
            let time = WallTime(start)
            self.time = time
            self.history = history
            recorder = PremiumRecorder(
                sample: {
                    let elapsed = Double(time.now - start) / 1000
                    return [PremiumSample(symbol: "BTC", usdt: 0.03 + elapsed * 0.0001, fx: 0.05 + elapsed * 0.0001)]
                }, store: history.store, writer: writer, now: { time.now })
        }

        /// Moves both clocks on by `seconds`, a second at a time, letting the recorder sample each.
        func advance(seconds: Int) async {
            for _ in 0..<seconds {
                time.advance(milliseconds: 1000)
                await driver.advance(by: .seconds(1), step: .seconds(1))
            }
        }
    }

    @MainActor @Test func aSampleASecondBecomesAMinuteBarWrittenWhenItsMinuteEnds() async throws {
        let harness = Harness(start: midnight)
        let recorder = harness.recorder
        let clock = harness.driver.clock
        let task = harness.driver.start { await recorder.run(clock: clock) }
        defer { task.cancel() }
        await harness.driver.settle()
        await harness.advance(seconds: 59)
        #expect(try harness.history.store.bars("BTC", .minute, 0).isEmpty)
        #expect(harness.recorder.current("BTC")?.usdt.close ?? 0 > 0.0358)
        await harness.advance(seconds: 1)
        #expect(try harness.history.store.bars("BTC", .minute, 0).count == 1)
        let minute = try #require(try harness.history.store.bars("BTC", .minute, 0).first)
        #expect(minute.start == midnight)
        #expect(abs(minute.usdt.open - 0.03) < 1e-9 && abs(minute.usdt.close - 0.0359) < 1e-9)
        #expect(abs((minute.fx?.high ?? 0) - 0.0559) < 1e-9)
        #expect(harness.recorder.isWriter == true)
        // Ten minutes: ten bars, one hour, one day.
        await harness.advance(seconds: 540)
        #expect(try harness.history.store.bars("BTC", .minute, 0).count == 10)
        #expect(try harness.history.store.bars("BTC", .hour, 0).count == 1)
        #expect(try harness.history.store.bars("BTC", .day, 0).count == 1)
    }

    @MainActor @Test func aCopyRefusedTheLeaseKeepsSamplingAndAFailingStoreIsSaid() async throws {
        let shared = InMemoryPremiumHistory()
        let first = Harness(start: midnight, writer: "first", history: shared)
        let second = Harness(start: midnight, writer: "second", history: shared)
        for _ in 0...60 {
            await first.recorder.recordOnce()
            await second.recorder.recordOnce()
            first.time.advance(milliseconds: 1000)
            second.time.advance(milliseconds: 1000)
        }
        #expect(first.recorder.isWriter == true)
        #expect(second.recorder.isWriter == false)
        #expect(second.recorder.current("BTC") != nil)
        #expect(shared.writes == 1)
        shared.fail()
        for _ in 0...60 {
            await first.recorder.recordOnce()
            first.time.advance(milliseconds: 1000)
        }
        #expect(first.recorder.failure == "premium history: disk full")
    }
}
