import Synchronization

/// Where a board leaves its updates for a reader that takes them at its own pace (a view model,
/// once a frame): posting only appends, so a tick wakes no one, and the reader drains everything
/// at once when it is ready. Holds at most `capacity` updates (the oldest are dropped past it,
/// as a stream buffering the newest would); ``close()`` tells the board the reader is gone.
public final class UpdateMailbox<Update: Sendable>: Sendable {
    private struct State {
        var updates: [Update] = []
        var isFinished = false
        var isClosed = false
    }

    private let state = Mutex(State())
    private let capacity: Int

    /// An empty mailbox holding at most `capacity` updates.
    public init(capacity: Int = 65_536) {
        self.capacity = max(1, capacity)
    }

    /// Leaves an update (nothing once the reader closed the mailbox).
    func post(_ update: Update) {
        state.withLock { state in
            guard !state.isClosed, !state.isFinished else { return }
            if state.updates.count >= capacity { state.updates.removeFirst(state.updates.count - capacity + 1) }
            state.updates.append(update)
        }
    }

    /// The board stopped: no more updates will come.
    func finish() {
        state.withLock { $0.isFinished = true }
    }

    /// Every update left since the last drain, oldest first.
    public func drain() -> [Update] {
        state.withLock { state in
            defer { state.updates.removeAll(keepingCapacity: true) }
            return state.updates
        }
    }

    /// Whether the board stopped and every update was taken.
    public var isFinished: Bool { state.withLock { $0.isFinished && $0.updates.isEmpty } }

    /// The reader is gone: the board stops posting here.
    public func close() {
        state.withLock { state in
            state.isClosed = true
            state.updates = []
        }
    }

    /// Whether the reader closed the mailbox.
    var isClosed: Bool { state.withLock { $0.isClosed } }
}
