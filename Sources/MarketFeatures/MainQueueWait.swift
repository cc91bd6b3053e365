import Dispatch
import Synchronization

extension ViewClock {
    /// The continuous clock, whose waits from the main actor (``sleepOnMainActor(_:)``: a view
    /// model's frame loop, the board's ten times a second) end on the main queue's own timer, so
    /// the loop resumes where it runs. A wait on the continuous clock starts on a pool thread and
    /// ends on one, which then hops back: three thread wake-ups a frame that this saves. Its
    /// other waits are the continuous clock's (``init(_:)``).
    public static func continuous() -> ViewClock {
        var clock = ViewClock(ContinuousClock())
        clock.mainActorWait = { try await MainQueueWait.sleep(for: $0) }
        return clock
    }
}

/// One wait on the main queue's timer, ended by the timer or by the task's cancellation,
/// whichever comes first (the other then finds it ended).
final class MainQueueWait: Sendable {
    private enum State {
        case starting
        case waiting(CheckedContinuation<Void, any Error>)
        case cancelled
        case ended
    }

    private let state = Mutex(State.starting)

    /// Waits `duration` on the main queue's timer, on the main actor; throws `CancellationError`
    /// when the task is cancelled first.
    @MainActor
    static func sleep(for duration: Duration) async throws {
        let wait = MainQueueWait()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                wait.start(continuation)
                let (seconds, attoseconds) = duration.components
                // At most a year: longer waits end by cancellation, not by their timer.
                let nanoseconds = min(max(seconds, 0), 31_536_000) * 1_000_000_000 + max(attoseconds, 0) / 1_000_000_000
                DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) {
                    wait.end(with: nil)
                }
            }
        } onCancel: {
            wait.end(with: CancellationError())
        }
    }

    private func start(_ continuation: CheckedContinuation<Void, any Error>) {
        let cancelled = state.withLock { state -> Bool in
            guard case .starting = state else { return true }
            state = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
    }

    /// Ends the wait (the timer's `nil`, a cancellation's error), unless it ended already.
    private func end(with error: (any Error)?) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            switch state {
            case .starting:
                state = .cancelled
                return nil
            case .waiting(let continuation):
                state = .ended
                return continuation
            case .cancelled, .ended:
                return nil
            }
        }
        guard let continuation else { return }
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
