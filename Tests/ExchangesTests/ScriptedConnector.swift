import Exchanges
import Synchronization

/// A connector whose connections the test drives: it hands out one scripted socket per connect
/// (or fails the connect), records what the feed sends, and lets the test push frames or close.
final class ScriptedConnector: Sendable {
    private struct State {
        var sockets: [AsyncThrowingStream<[UInt8], any Error>.Continuation] = []
        var sent: [[String]] = []
        var failuresLeft = 0
        var hangsLeft = 0
        var abandoned = 0
        var attempts = 0
    }

    private let state = Mutex(State())

    /// Makes the next `count` connects fail before opening.
    func failNextConnects(_ count: Int) {
        state.withLock { $0.failuresLeft = count }
    }

    /// Makes the next `count` connects hang (a server that never answers the upgrade) until the
    /// feed cancels them.
    func hangNextConnects(_ count: Int) {
        state.withLock { $0.hangsLeft = count }
    }

    private enum Outcome {
        case fail
        case hang
        case open
    }

    var connector: FeedConnector {
        FeedConnector { session in
            let outcome = self.state.withLock { state -> Outcome in
                state.attempts += 1
                if state.failuresLeft > 0 {
                    state.failuresLeft -= 1
                    return .fail
                }
                if state.hangsLeft > 0 {
                    state.hangsLeft -= 1
                    return .hang
                }
                return .open
            }
            switch outcome {
            case .fail:
                throw ConnectFailed()
            case .hang:
                // Only cancellation ends the wait, as the real connector's closed socket does.
                try? await Task.sleep(for: .seconds(86_400))
                self.state.withLock { $0.abandoned += 1 }
                throw CancellationError()
            case .open:
                break
            }
            let (frames, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
            let index = self.state.withLock { state -> Int in
                state.sockets.append(continuation)
                state.sent.append([])
                return state.sockets.count - 1
            }
            try await session(
                FeedConnection(frames: frames) { text in
                    self.state.withLock { $0.sent[index].append(text) }
                })
        }
    }

    /// Pushes a frame on the latest socket.
    func push(_ json: String) {
        _ = state.withLock { $0.sockets.last }?.yield(Array(json.utf8))
    }

    /// Pushes a frame's raw bytes on the latest socket.
    func push(bytes: [UInt8]) {
        _ = state.withLock { $0.sockets.last }?.yield(bytes)
    }

    /// Closes the latest socket from the server's side.
    func closeLatest() {
        state.withLock { $0.sockets.last }?.finish()
    }

    /// The texts sent on each socket, in order.
    var sent: [[String]] { state.withLock { $0.sent } }
    /// How many connects were attempted.
    var attempts: Int { state.withLock { $0.attempts } }
    /// How many hanging connects were cancelled.
    var abandoned: Int { state.withLock { $0.abandoned } }
    /// How many sockets opened.
    var openedSockets: Int { state.withLock { $0.sockets.count } }

    struct ConnectFailed: Error {}
}
