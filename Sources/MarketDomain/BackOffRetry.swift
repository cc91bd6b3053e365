/// Tries an operation again with back-off (issue 63, item 9: a catch-up asked while the exchange
/// still refused connections gave up at once, and the trades it would have fetched were lost).
public enum BackOffRetry {
    /// `body`'s result, tried up to `attempts` times, waiting `firstDelay`, then twice as long each
    /// time (at most `ceiling`) on `clock` between tries; `failed` hears of each failure that will
    /// be tried again (its number from 1, the error, the wait). Throws the last error when every
    /// try failed, and at once when cancelled.
    public static func run<Result: Sendable>(
        attempts: Int, firstDelay: Duration, ceiling: Duration = .seconds(8), clock: any Clock<Duration>,
        failed: (_ attempt: Int, _ error: any Error, _ wait: Duration) -> Void = { _, _, _ in },
        _ body: () async throws -> Result
    ) async throws -> Result {
        var delay = firstDelay
        var attempt = 1
        while true {
            do {
                return try await body()
            } catch {
                try Task.checkCancellation()
                guard attempt < max(1, attempts) else { throw error }
                failed(attempt, error, delay)
                try await clock.sleep(for: delay)
                delay = min(delay * 2, ceiling)
                attempt += 1
            }
        }
    }
}
