import Synchronization

/// Tells every listener that something changed, without saying what: a store signals after a
/// write (its own, or one it noticed from another process) and each reader reads again. A
/// listener that is busy gets one signal for any number missed, never a backlog.
public final class ChangeSignal: Sendable {
    private struct State {
        var nextID = 0
        var listeners: [Int: AsyncStream<Void>.Continuation] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// A signal after each change from now on, until the listener stops iterating.
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            state.nextID += 1
            state.listeners[state.nextID] = continuation
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Something changed: every listener reads again.
    public func signal() {
        for listener in state.withLock({ Array($0.listeners.values) }) { listener.yield() }
    }

    /// How many listen.
    public var listenerCount: Int { state.withLock { $0.listeners.count } }
}
