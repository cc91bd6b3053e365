/// The time a view model sees: how long since it started, and a way to wait. Made from any
/// clock, so tests drive view models with a `TestClock` and the app with the continuous clock;
/// and a `Clock` itself (its instants are the time since it was made), so what a view model
/// builds on a clock — a request pacer, a loader — takes it without a generic parameter reaching
/// the view model.
public struct ViewClock: Sendable {
    /// Time since the clock was made.
    public var elapsed: @Sendable () -> Duration
    /// Waits this long on the clock.
    public var sleep: @Sendable (Duration) async throws -> Void
    /// How a wait on the main actor waits when the clock has a way of its own there
    /// (``continuous()``: the main queue's timer); `nil` waits with ``sleep``.
    var mainActorWait: (@MainActor @Sendable (Duration) async throws -> Void)?

    /// A view clock from its two operations (a benchmark's clock that moves a frame at a time).
    public init(elapsed: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void)
    {
        self.elapsed = elapsed
        self.sleep = sleep
    }

    /// A view clock reading `clock`, starting now.
    public init<C: Clock & Sendable>(_ clock: C) where C.Duration == Duration, C.Instant: Sendable {
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleep = { try await clock.sleep(for: $0) }
    }
}

extension ViewClock {
    /// Waits this long from the main actor (a view model's frame loop): on the main queue's timer
    /// when the clock has one (``continuous()``), so the loop resumes where it runs.
    @MainActor
    public func sleepOnMainActor(_ duration: Duration) async throws {
        if let mainActorWait {
            try await mainActorWait(duration)
        } else {
            try await sleep(duration)
        }
    }
}

extension ViewClock: Clock {
    /// A moment, as the time since the view clock was made.
    public struct Instant: InstantProtocol, Sendable {
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    public var now: Instant { Instant(offset: elapsed()) }
    public var minimumResolution: Duration { .nanoseconds(1) }

    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        let wait = deadline.offset - elapsed()
        if wait > .zero {
            try await sleep(wait)
        } else {
            try Task.checkCancellation()
        }
    }
}
