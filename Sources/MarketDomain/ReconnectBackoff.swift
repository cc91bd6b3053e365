/// How long to wait before each reconnect: exponential from `initial`, capped at `maximum`,
/// with jitter so many clients do not reconnect in step ("equal jitter": half fixed, half random).
public struct ReconnectBackoff: Sendable, Hashable {
    /// The base delay of the first retry.
    public var initial: Duration
    /// The longest delay.
    public var maximum: Duration

    /// Makes a back-off policy.
    public init(initial: Duration = .milliseconds(500), maximum: Duration = .seconds(30)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The delay before retry number `attempt` (1 for the first), given a jitter draw in `0..<1`.
    public func delay(attempt: Int, jitter: Double) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        var base = initial
        for _ in 0..<exponent where base < maximum { base = base * 2 }
        base = min(base, maximum)
        let clampedJitter = min(max(jitter, 0), 1)
        return base / 2 + (base / 2) * clampedJitter
    }
}
