import Exchanges
import Synchronization

/// A connector whose connections the test drives: it hands out one scripted socket per connect
/// (or fails the connect), records what the feed sends, and lets the test push frames or close.
final class ScriptedConnector: Sendable {
    private struct State {
        var sockets: [AsyncThrowingStream<[UInt8], any Error>.Continuation] = []
        var sent: [[String]] = []
        var failuresLeft = 0
        var attempts = 0
    }

    private let state = Mutex(State())

    /// Makes the next `count` connects fail before opening.
    func failNextConnects(_ count: Int) {
        state.withLock { $0.failuresLeft = count }
    }

    var connector: FeedConnector {
        FeedConnector { session in
            let failure = self.state.withLock { state -> Bool in
                state.attempts += 1
                guard state.failuresLeft > 0 else { return false }
                state.failuresLeft -= 1
                return true
            }
            if failure { throw ConnectFailed() }
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
    /// How many sockets opened.
    var openedSockets: Int { state.withLock { $0.sockets.count } }

    struct ConnectFailed: Error {}
}
