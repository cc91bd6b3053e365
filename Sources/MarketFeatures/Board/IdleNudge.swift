import Synchronization

/// Wakes an idle frame loop early: the loop ``wait()``s (with its feed and a timer), an input
/// ``signal()``s. A signal with nobody waiting is kept for the next wait, so one sent just before
/// the loop starts waiting is not lost (at worst it costs one early frame).
final class IdleNudge: Sendable {
    private struct State {
        var waiter: CheckedContinuation<Void, Never>?
        var isSignalled = false
    }

    private let state = Mutex(State())

    /// Returns at the next signal (at once when one is kept), or when the task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let waits = state.withLock { state in
                    guard !state.isSignalled, !Task.isCancelled else {
                        state.isSignalled = false
                        return false
                    }
                    state.waiter = waiter
                    return true
                }
                if !waits { waiter.resume() }
            }
        } onCancel: {
            state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }?.resume()
        }
    }

    /// Wakes the waiting loop, or the next one to wait.
    func signal() {
        state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.isSignalled = true
                return nil
            }
            state.waiter = nil
            return waiter
        }?.resume()
    }
}
