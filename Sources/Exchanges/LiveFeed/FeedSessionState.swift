import Synchronization

/// What the tasks of one connection share: when the last frame came and what state was last
/// reported. Behind a lock because the frame reader, the watchdog and the keep-alive run concurrently.
final class FeedSessionState<Instant: InstantProtocol & Sendable>: Sendable where Instant.Duration == Duration {
    private struct State {
        var lastFrame: Instant
        var isOpen = false
        var reportedLive = false
        var reportedStale = false
    }

    private let state: Mutex<State>

    init(openedAt: Instant) {
        state = Mutex(State(lastFrame: openedAt))
    }

    /// Records that the socket opened at `now`: silence counts from here.
    func opened(at now: Instant) {
        state.withLock { state in
            state.lastFrame = now
            state.isOpen = true
        }
    }

    /// Whether the socket finished opening.
    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Records a frame at `now`; true when the feed should now be reported live (first frame, or
    /// the first after a stale spell).
    func frameArrived(at now: Instant) -> Bool {
        state.withLock { state in
            state.lastFrame = now
            let becameLive = !state.reportedLive || state.reportedStale
            state.reportedLive = true
            state.reportedStale = false
            return becameLive
        }
    }

    /// The silence at `now`, and whether stale should be reported now (once per spell).
    func silence(at now: Instant, staleAfter: Duration) -> (silence: Duration, reportStale: Bool) {
        state.withLock { state in
            let silence = state.lastFrame.duration(to: now)
            let report = silence >= staleAfter && state.reportedLive && !state.reportedStale
            if report { state.reportedStale = true }
            return (silence, report)
        }
    }

    /// Whether the connection ever delivered a frame.
    var hasBeenLive: Bool { state.withLock { $0.reportedLive } }
}
