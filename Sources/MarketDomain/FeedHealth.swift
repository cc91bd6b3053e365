/// Decides from the time since the last frame whether a feed is live, stale, or dead enough to
/// reconnect (SPEC §1.9: "no data for too long = stale").
public struct FeedHealth: Sendable, Hashable {
    /// Silence after which the feed shows as stale.
    public var staleAfter: Duration
    /// Silence after which the connection is dropped and re-opened.
    public var reconnectAfter: Duration
    /// How long opening a connection may take, from the TCP connect through TLS to the end of the
    /// WebSocket upgrade, before the attempt is abandoned and retried.
    public var openTimeout: Duration
    /// How long an open connection may stay silent before its first frame (the exchanges send
    /// the snapshot at once) before it is dropped and re-opened.
    public var firstFrameTimeout: Duration

    /// Makes a policy.
    public init(
        staleAfter: Duration = .seconds(20), reconnectAfter: Duration = .seconds(45),
        openTimeout: Duration = .seconds(5), firstFrameTimeout: Duration = .seconds(10)
    ) {
        self.staleAfter = staleAfter
        self.reconnectAfter = reconnectAfter
        self.openTimeout = openTimeout
        self.firstFrameTimeout = firstFrameTimeout
    }

    /// What a feed should do after `silence` without any frame.
    public enum Verdict: Sendable, Equatable {
        case live
        case stale
        case reconnect
    }

    /// The verdict for a silence of this length, on a connection that has or has not yet
    /// delivered its first frame.
    public func verdict(silence: Duration, beforeFirstFrame: Bool = false) -> Verdict {
        if silence >= reconnectAfter || (beforeFirstFrame && silence >= firstFrameTimeout) { return .reconnect }
        if silence >= staleAfter { return .stale }
        return .live
    }
}
