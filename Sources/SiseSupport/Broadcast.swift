import Synchronization

/// One sender, any number of readers: each reader subscribes for an `AsyncStream` of what is
/// sent from then on, buffered by its own policy, and is forgotten as soon as it stops reading.
/// With a latest value it is replayed to each new reader first, under the same lock as sending,
/// so a reader never misses nor doubles what is sent while it joins. The one fan-out behind view
/// models' outputs, a store's change signal and a live board's updates.
///
/// Behind a lock, not an actor: the sender sends from its own isolation, and a reader that stops
/// is removed from its stream's termination handler, on any thread. That handler runs while the
/// reader's task is being cancelled, holding the task's own lock; handing an element to a waiting
/// reader takes that same lock to resume it. So elements are handed out after the readers' lock
/// is let go (a second lock keeps concurrent sends in order), never under it: otherwise a send and
/// a reader's cancellation, each holding one lock and waiting for the other, would hang for good.
public final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        /// Kept only when ``keepsLatest``.
        var latest: Element?
        var keepsLatest = false
        var nextID = 0
        var readers: [Int: AsyncStream<Element>.Continuation] = [:]
    }

    private let state: Mutex<State>
    /// Held while a send hands its element out, so that sends reach each reader in the order they
    /// were made. A termination handler never takes it.
    private let sending = Mutex(())

    /// A broadcast that replays nothing: a reader gets what is sent after it subscribed.
    public init() {
        state = Mutex(State())
    }

    /// A broadcast that gives each new reader the latest element first, `initial` until one is sent.
    public init(latest initial: Element) {
        state = Mutex(State(latest: initial, keepsLatest: true))
    }

    /// The latest element first (when kept), then every element sent, buffered by `policy`.
    public func subscribe(
        bufferingPolicy policy: AsyncStream<Element>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: policy)
        let id = state.withLock { state in
            state.nextID += 1
            state.readers[state.nextID] = continuation
            // Under the lock, and safe there: no task waits on a stream just made.
            if state.keepsLatest, let latest = state.latest { continuation.yield(latest) }
            return state.nextID
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.readers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Hands `element` to every reader (and keeps it as the latest, when this broadcast keeps one).
    public func send(_ element: Element) {
        sending.withLock { _ in
            // A reader that joins after this lock is let go gets `element` as the latest; one
            // that joined before is among `readers`: each gets it once.
            let readers = state.withLock { state in
                if state.keepsLatest { state.latest = element }
                // The dictionary's values as they are (shared, not copied unless a reader
                // joins or leaves meanwhile).
                return state.readers.values
            }
            for reader in readers { reader.yield(element) }
        }
    }

    /// How many readers are still reading.
    public var readerCount: Int { state.withLock { $0.readers.count } }

    /// Ends every reader's sequence (the sender is done).
    public func finish() {
        let readers = state.withLock { state in
            defer { state.readers = [:] }
            return Array(state.readers.values)
        }
        for reader in readers { reader.finish() }
    }
}
