import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The frame timer many view models share: its waiters wake together at each beat, a cancelled
/// one at once, the beat stops while nobody waits, and the board's frame is taken once a beat
/// for every view model that asks for the same moves.
@MainActor
@Suite struct FrameBeatTests {
    @Test func waitersWakeTogetherAtEachBeatAndTheBeatStopsWhileNobodyWaits() async throws {
        let driver = TaskDriver()
        let beat = FrameBeat(clock: ViewClock(driver.clock), executor: driver)
        let wakes = Mutex<[String]>([])
        for name in ["a", "b", "c"] {
            driver.start {
                for _ in 0..<2 {
                    try? await beat.next()
                    let at = driver.elapsed
                    wakes.withLock { $0.append("\(name)@\(Int(at / .milliseconds(1)))") }
                }
            }
        }
        await driver.advance(by: .milliseconds(99), step: .milliseconds(1))
        #expect(wakes.withLock { $0 }.isEmpty)
        await driver.advance(by: .milliseconds(1))
        #expect(wakes.withLock { $0 }.sorted() == ["a@100", "b@100", "c@100"])
        await driver.advance(by: .milliseconds(100))
        #expect(wakes.withLock { $0 }.count == 6)
        #expect(wakes.withLock { $0 }.suffix(3).sorted() == ["a@200", "b@200", "c@200"])
        // Nobody waits now: one more beat finds nobody, and the beat stops there.
        await driver.advance(by: .seconds(2))
        #expect(beat.count == 3)
        // A new waiter starts it again, a beat after it came.
        driver.start {
            try? await beat.next()
            let at = driver.elapsed
            wakes.withLock { $0.append("d@\(Int(at / .milliseconds(1)))") }
        }
        await driver.advance(by: .milliseconds(100))
        #expect(wakes.withLock { $0 }.last == "d@2300")
        #expect(beat.count == 4)
    }

    @Test func aCancelledWaiterReturnsAtOnceWithoutTheClockMoving() async throws {
        let driver = TaskDriver()
        let beat = FrameBeat(clock: ViewClock(driver.clock), executor: driver)
        let outcome = Mutex<String?>(nil)
        /// Waits for the beat (cancelled first when `cancelledFirst`) and notes how the wait ended.
        @discardableResult func wait(cancelledFirst: Bool) -> Task<Void, Never> {
            driver.start {
                if cancelledFirst { withUnsafeCurrentTask { $0?.cancel() } }
                do {
                    try await beat.next()
                    outcome.withLock { $0 = "woke" }
                } catch {
                    outcome.withLock { $0 = "\(type(of: error))" }
                }
            }
        }
        let waiting = wait(cancelledFirst: false)
        await driver.settle()
        #expect(outcome.withLock { $0 } == nil)
        waiting.cancel()
        await driver.settle()
        #expect(outcome.withLock { $0 } == "CancellationError")
        // A task cancelled before it waits does not wait either.
        outcome.withLock { $0 = nil }
        wait(cancelledFirst: true)
        await driver.settle()
        #expect(outcome.withLock { $0 } == "CancellationError")
        #expect(beat.count == 0)
    }

    @Test func theBoardsFrameIsTakenOnceABeatForEveryoneAskingForTheSameMoves() async throws {
        let driver = TaskDriver()
        let beat = FrameBeat(clock: ViewClock(driver.clock), executor: driver)
        let bitcoin = MarketFixtures.bitcoin
        let script = ScriptedMarketClient(
            markets: MarketFixtures.markets,
            tickers: MarketFixtures.markets.map { MarketFixtures.ticker($0, price: 1_000, timestamp: 100) })
        let board = LiveBoard(client: script.client)
        try await board.load()
        let first = await beat.frame(of: board, since: nil)
        await board.apply(live: [MarketFixtures.ticker(bitcoin, price: 1_100, timestamp: 200)])
        // Within the beat, a second reader at the same place gets the same frame: the tick waits
        // for the next beat.
        let same = await beat.frame(of: board, since: nil)
        #expect(same.version == first.version)
        #expect(same.board.ticker(bitcoin.id)?.price == 1_000)
        // A reader further on gets its own.
        let further = await beat.frame(of: board, since: first.version)
        #expect(further.changes == .moved([MarketMove(id: bitcoin.id, direction: .rise, timestamp: 200)]))
        // At the next beat the same question gets the board as it is now.
        driver.start { try? await beat.next() }
        await driver.advance(by: .milliseconds(100))
        let next = await beat.frame(of: board, since: nil)
        #expect(next.board.ticker(bitcoin.id)?.price == 1_100)
        #expect(next.changes == .everything)
    }
}
