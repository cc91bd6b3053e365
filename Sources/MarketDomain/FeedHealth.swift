/// Decides from the time since the last frame whether a feed is live, stale, or dead enough to
/// reconnect (SPEC §1.9: "no data for too long = stale").
public struct FeedHealth: Sendable, Hashable {
    /// Silence after which the feed shows as stale.
    public var staleAfter: Duration
    /// Silence after which the connection is dropped and re-opened.
    public var reconnectAfter: Duration

    /// Makes a policy.
    public init(staleAfter: Duration = .seconds(20), reconnectAfter: Duration = .seconds(45)) {
        self.staleAfter = staleAfter
        self.reconnectAfter = reconnectAfter
    }

    /// What a feed should do after `silence` without any frame.
    public enum Verdict: Sendable, Equatable {
        case live
        case stale
        case reconnect
    }

    /// The verdict for a silence of this length.
    public func verdict(silence: Duration) -> Verdict {
        if silence >= reconnectAfter { return .reconnect }
        if silence >= staleAfter { return .stale }
        return .live
    }
}
