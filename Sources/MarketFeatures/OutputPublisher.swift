import Synchronization

/// How every view model delivers its output: as an `AsyncSequence` per subscriber, which starts
/// with the current output and then carries each new one (a view model publishes only when its
/// output changed). A renderer keeps only the newest (the default), a recorder or a remote
/// client every one in order (`.unbounded`).
///
/// Behind a lock, not an actor: a view model publishes from its own actor, and a subscriber that
/// stops iterating is forgotten from its stream's termination handler, on any thread.
final class OutputPublisher<Output: Sendable>: Sendable {
    private struct State {
        var current: Output
        var nextID = 0
        var subscribers: [Int: AsyncStream<Output>.Continuation] = [:]
    }

    private let state: Mutex<State>

    init(_ initial: Output) {
        state = Mutex(State(current: initial))
    }

    /// The current output, then every new one, buffered by `policy`.
    func subscribe(
        bufferingPolicy policy: AsyncStream<Output>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<Output> {
        let (stream, continuation) = AsyncStream<Output>.makeStream(bufferingPolicy: policy)
        let id = state.withLock { state in
            state.nextID += 1
            state.subscribers[state.nextID] = continuation
            continuation.yield(state.current)
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Makes `output` the current one and hands it to every subscriber.
    func publish(_ output: Output) {
        state.withLock { state in
            state.current = output
            for continuation in state.subscribers.values { continuation.yield(output) }
        }
    }

    /// How many subscribers are still reading.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Ends every subscriber's sequence (the view model is done).
    func finish() {
        let subscribers = state.withLock { state in
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in subscribers { continuation.finish() }
    }
}
