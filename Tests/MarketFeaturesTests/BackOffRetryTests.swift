import MarketDomain
import Synchronization
import TestSupport
import Testing

/// A catch-up asked while the exchange still refuses connections is tried again with back-off
/// (issue 63, item 9), on a test clock: 0.5, 1, 2 s between tries, then the trades.
@Suite struct BackOffRetryTests {
    private struct Refused: Error {}

    @MainActor @Test func aFetchThatFailsThriceIsTriedAgainAfterHalfASecondThenOneThenTwo() async throws {
        let driver = TaskDriver()
        let tries = Mutex<[Duration]>([])
        let result = Mutex<[Int]?>(nil)
        let waits = Mutex<[Duration]>([])
        let clock = driver.clock
        driver.start {
            let fetched = try? await BackOffRetry.run(
                attempts: 6, firstDelay: .milliseconds(500), clock: clock,
                failed: { _, _, wait in waits.withLock { $0.append(wait) } }
            ) {
                let count = tries.withLock { tries in
                    tries.append(driver.elapsed)
                    return tries.count
                }
                guard count > 3 else { throw Refused() }
                return [273, 274, 275]
            }
            result.withLock { $0 = fetched }
        }
        await driver.settle()
        #expect(tries.withLock { $0 } == [.zero])
        await driver.advance(by: .seconds(4))
        #expect(tries.withLock { $0 } == [.zero, .milliseconds(500), .milliseconds(1_500), .milliseconds(3_500)])
        #expect(waits.withLock { $0 } == [.milliseconds(500), .seconds(1), .seconds(2)])
        #expect(result.withLock { $0 } == [273, 274, 275])
    }

    @MainActor @Test func aFetchThatKeepsFailingThrowsItsLastErrorAfterItsTries() async throws {
        let driver = TaskDriver()
        let tries = Mutex(0)
        let failed = Mutex(false)
        let clock = driver.clock
        driver.start {
            do {
                _ = try await BackOffRetry.run(attempts: 3, firstDelay: .seconds(1), clock: clock) {
                    tries.withLock { $0 += 1 }
                    throw Refused()
                }
            } catch is Refused {
                failed.withLock { $0 = true }
            } catch {}
        }
        await driver.advance(by: .seconds(10))
        #expect(tries.withLock { $0 } == 3)
        #expect(failed.withLock { $0 })
    }
}
