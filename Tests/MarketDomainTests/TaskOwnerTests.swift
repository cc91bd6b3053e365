import MarketDomain
import SiseSupport
import Synchronization
import TestSupport
import Testing

/// The owner of a view model's tasks, on a driver the test drains.
@MainActor
@Suite struct TaskOwnerTests {
    /// A task that records when it starts and when it ends (by finishing or being cancelled).
    private final class Trace: Sendable {
        let lines = Mutex<[String]>([])
        func log(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    private func waiting(_ name: String, _ trace: Trace, on clock: TaskDriver) -> @Sendable () async -> Void {
        {
            trace.log("\(name) started")
            do {
                try await clock.clock.sleep(for: .seconds(1))
                trace.log("\(name) done")
            } catch {
                trace.log("\(name) cancelled")
            }
        }
    }

    @Test func replacingCancelsTheTaskOfThatNameAndAddingKeepsIt() async {
        let driver = TaskDriver()
        let owner = driver.owner()
        let trace = Trace()
        owner.replace("timer", waiting("a", trace, on: driver))
        await driver.settle()
        owner.replace("timer", waiting("b", trace, on: driver))
        owner.add("load", waiting("c", trace, on: driver))
        owner.add("load", waiting("d", trace, on: driver))
        await driver.settle()
        #expect(trace.all == ["a started", "a cancelled", "b started", "c started", "d started"])
        #expect(owner.isRunning("load"))
        await driver.advance(by: .seconds(1))
        #expect(trace.all.suffix(3) == ["b done", "c done", "d done"])
        #expect(!owner.isRunning("load") && !owner.isRunning("timer"))
    }

    @Test func cancellingANameStopsOnlyItsTasks() async {
        let driver = TaskDriver()
        let owner = driver.owner()
        let trace = Trace()
        owner.add("load", waiting("a", trace, on: driver))
        owner.add("refresh", waiting("b", trace, on: driver))
        await driver.settle()
        owner.cancel("load")
        await driver.advance(by: .seconds(1))
        #expect(trace.all == ["a started", "b started", "a cancelled", "b done"])
    }

    @Test func releasingTheOwnerCancelsWhatIsLeft() async {
        let driver = TaskDriver()
        let trace = Trace()
        var owner: TaskOwner? = driver.owner()
        owner?.add("load", waiting("a", trace, on: driver))
        owner?.replace("timer", waiting("b", trace, on: driver))
        await driver.settle()
        owner = nil
        await driver.settle()
        #expect(trace.all.prefix(2) == ["a started", "b started"])
        #expect(Set(trace.all.dropFirst(2)) == ["a cancelled", "b cancelled"])
    }
}
