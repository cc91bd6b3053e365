/// The time a view model sees: how long since it started, and a way to wait. Made from any
/// clock, so tests drive view models with a `TestClock` and the app with the continuous clock.
public struct ViewClock: Sendable {
    /// Time since the clock was made.
    public var elapsed: @Sendable () -> Duration
    /// Waits this long on the clock.
    public var sleep: @Sendable (Duration) async throws -> Void

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
