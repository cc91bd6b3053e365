/// Keeps a client under a source's rate limit: at most `limit` requests start in any window of
/// `window` (KIS: 18 a second), waiting on an injected clock when the window is full. It counts
/// starts, so bursts up to the limit go out at once, as KIS accepts them.
public actor RequestPacer<C: Clock> where C.Duration == Duration {
    private let limit: Int
    private let window: Duration
    private let clock: C
    private var starts: [C.Instant] = []

    /// A pacer of `limit` requests per `window`.
    public init(limit: Int, window: Duration = .seconds(1), clock: C) {
        self.limit = max(1, limit)
        self.window = window
        self.clock = clock
    }

    /// Waits until a request may start, and counts it.
    public func acquire() async throws {
        while true {
            let now = clock.now
            starts.removeAll { $0.duration(to: now) >= window }
            if starts.count < limit {
                starts.append(now)
                return
            }
            let oldest = starts[0]
            try await clock.sleep(until: oldest.advanced(by: window), tolerance: nil)
        }
    }
}
