/// Keeps a client under a server's rate limit (KIS: 18 requests a second; Upbit: 10 a second
/// per group) as the server counts it, whatever the network does to each request's timing: there are `limit` slots, a request
/// holds one from its start until `window` after its answer came back, and a request starts only
/// on a free slot. Two requests that share a slot therefore reach the server more than `window`
/// apart, so no window of the server's ever sees more than `limit` of them — even when a slow
/// request and a fast one cross on the way. Bursts up to the limit still go out at once.
/// Waits run on an injected clock, so tests move time instead of sleeping.
public actor RequestPacer<C: Clock> where C.Duration == Duration {
    private var limit: Int
    private let window: Duration
    private let clock: C
    private let pollInterval: Duration
    /// Requests running now.
    private var running = 0
    /// When each cooling slot becomes free again.
    private var cooling: [C.Instant] = []
    /// No request starts before this (the server asked to wait).
    private var pausedUntil: C.Instant?

    /// A pacer of `limit` requests per `window`.
    public init(limit: Int, window: Duration = .seconds(1), clock: C) {
        self.limit = max(1, limit)
        self.window = window
        self.clock = clock
        pollInterval = .milliseconds(10)
    }

    /// Runs `operation` on a free slot, waiting for one first; the slot cools for `window` after.
    public func perform<Result: Sendable>(
        _ operation: @Sendable () async throws -> Result
    ) async throws -> Result {
        try await acquire()
        do {
            let result = try await operation()
            release()
            return result
        } catch {
            release()
            throw error
        }
    }

    /// Waits for a free slot and takes it; ``release()`` must follow when the request is answered.
    public func acquire() async throws {
        while true {
            let now = clock.now
            if let pausedUntil, now < pausedUntil {
                try await clock.sleep(until: pausedUntil, tolerance: nil)
                continue
            }
            cooling.removeAll { $0 <= now }
            if running + cooling.count < limit {
                running += 1
                return
            }
            // The earliest cooling slot frees first; with every slot still running, look again shortly.
            let next = cooling.min() ?? now.advanced(by: pollInterval)
            try await clock.sleep(until: next, tolerance: nil)
        }
    }

    /// Gives back a slot taken by ``acquire()``: it is free again `window` from now.
    public func release() {
        running = max(0, running - 1)
        cooling.append(clock.now.advanced(by: window))
    }

    /// The requests running or answered within the last window.
    public var requestsInUse: Int {
        let now = clock.now
        return running + cooling.count { $0 > now }
    }

    /// The number of requests allowed per window now.
    public var currentLimit: Int { limit }

    /// Changes the number of requests allowed per window (what the server turned out to allow);
    /// slots already taken stay taken.
    public func setLimit(_ newLimit: Int) {
        limit = max(1, newLimit)
    }

    /// Holds every request back for `duration` from now, as a server that refused one asks.
    public func pause(for duration: Duration) {
        let until = clock.now.advanced(by: duration)
        if let pausedUntil, pausedUntil >= until { return }
        pausedUntil = until
    }
}
