/// Upbit's REST rate limit as a pure state machine: each group admits `limit` requests in every
/// one-second window, counting only the requests it admitted (a refusal does not use up the next
/// second), and reports what is left for the `Remaining-Req` header.
struct RequestRateLimiter: Sendable {
    /// Requests per second per group; `nil` admits everything.
    let limit: Int?
    /// The window's length: a second unless told otherwise (Yahoo's limit counts a minute).
    let windowMilliseconds: Int64
    private var windows: [String: (second: Int64, used: Int)] = [:]

    init(limit: Int?, windowMilliseconds: Int64 = 1000) {
        self.limit = limit
        self.windowMilliseconds = max(1, windowMilliseconds)
    }

    /// The decision for one request of `group` at `now` (Unix ms).
    struct Decision: Equatable {
        var admitted: Bool
        /// Requests left in the current second after this one.
        var remaining: Int
    }

    /// The decision for one request of `group` at `now` (Unix ms) that counts `cost` (its weight).
    mutating func admit(group: String, now: Int64, cost: Int = 1) -> Decision {
        guard let limit else { return Decision(admitted: true, remaining: Int.max) }
        let second = now / windowMilliseconds
        var window = windows[group].flatMap { $0.second == second ? $0 : nil } ?? (second: second, used: 0)
        guard window.used + cost <= limit else {
            return Decision(admitted: false, remaining: max(0, limit - window.used))
        }
        window.used += cost
        windows[group] = window
        return Decision(admitted: true, remaining: limit - window.used)
    }
}
