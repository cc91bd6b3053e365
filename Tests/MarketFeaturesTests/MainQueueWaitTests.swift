import Testing

@testable import MarketFeatures

/// ``ViewClock/continuous()``: on the main actor its waits end on the main queue's timer, and a
/// cancelled wait ends at once. (A clock's own test: the waits are real, a millisecond each.)
@Suite struct MainQueueWaitTests {
    @MainActor
    @Test func aWaitOnTheMainActorLastsItsDurationAndResumesThere() async throws {
        let clock = ViewClock.continuous()
        let before = clock.elapsed()
        try await clock.sleepOnMainActor(.milliseconds(2))
        #expect(clock.elapsed() - before >= .milliseconds(2))
        MainActor.assertIsolated()
    }

    @Test func itsOtherWaitsAreTheContinuousClocks() async throws {
        let clock = ViewClock.continuous()
        let before = clock.elapsed()
        try await clock.sleep(.milliseconds(2))
        #expect(clock.elapsed() - before >= .milliseconds(2))
    }

    @MainActor
    @Test func aCancelledWaitEndsAtOnceWithCancellationError() async throws {
        let clock = ViewClock.continuous()
        // A wait of an hour, cancelled before and after it started: each ends with the error.
        let early = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleepOnMainActor(.seconds(3_600))
        }
        await #expect(throws: CancellationError.self) { try await early.value }
        let started = Task { @MainActor in try await clock.sleepOnMainActor(.seconds(3_600)) }
        await Task.yield()
        started.cancel()
        await #expect(throws: CancellationError.self) { try await started.value }
        // A very long wait is held to a year on the timer, and still ends by cancellation.
        let endless = Task { @MainActor in try await clock.sleepOnMainActor(.seconds(Int64.max)) }
        endless.cancel()
        await #expect(throws: CancellationError.self) { try await endless.value }
    }
}
