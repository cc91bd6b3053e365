/// A service refused a request for its rate limit and said when it may be asked again (GitHub's
/// `x-ratelimit-reset`): shown as `rate limited, try again in 42 s`.
public struct ServiceRateLimited: Error, Sendable, Equatable, CustomStringConvertible {
    /// Seconds until the service admits requests again.
    public var retryAfterSeconds: Int

    /// Makes the error.
    public init(retryAfterSeconds: Int) {
        self.retryAfterSeconds = max(0, retryAfterSeconds)
    }

    public var description: String { "rate limited, try again in \(retryAfterSeconds) s" }
}
