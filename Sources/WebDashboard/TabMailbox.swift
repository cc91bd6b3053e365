import NIOCore
import Synchronization

/// What waits to be written to one browser tab, in order: at most ``limit`` messages. A tab that
/// falls that far behind loses them and gets a new snapshot instead (``take()`` says so), so a
/// slow tab costs bounded memory and never sees a gap; the writer wakes on ``wakes``.
final class TabMailbox: Sendable {
    private struct State {
        var messages: [ByteBuffer] = []
        var overflowed = false
    }

    /// Messages kept for a tab that does not read them.
    static let limit = 64

    private let state = Mutex(State())
    private let wake: AsyncStream<Void>.Continuation
    /// One element whenever something was posted (collapsed while the writer is busy).
    let wakes: AsyncStream<Void>

    init() {
        (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func post(_ message: ByteBuffer) {
        state.withLock { state in
            guard !state.overflowed else { return }
            if state.messages.count >= Self.limit {
                state.messages = []
                state.overflowed = true
            } else {
                state.messages.append(message)
            }
        }
        wake.yield()
    }

    /// Takes what waits, and whether messages were lost (a snapshot must come next).
    func take() -> (messages: [ByteBuffer], overflowed: Bool) {
        state.withLock { state in
            defer { state = State() }
            return (state.messages, state.overflowed)
        }
    }

    func finish() {
        wake.finish()
    }
}
