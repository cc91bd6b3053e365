import ExchangeWire
import MarketDomain
import Synchronization

/// Hands each batch of trades to every open WebSocket session, and lets the simulator drop them all.
final class TickHub: Sendable {
    /// Open sessions' event streams by session number. Behind a lock because the tick loop
    /// publishes while sessions come and go on the server's tasks.
    private let sessions = Mutex<(next: UInt64, continuations: [UInt64: AsyncStream<SessionEvent>.Continuation])>(
        (0, [:]))

    /// Opens a session's event stream; the caller must `unregister` its number when done.
    func register() -> (
        id: UInt64, events: AsyncStream<SessionEvent>, continuation: AsyncStream<SessionEvent>.Continuation
    ) {
        let (events, continuation) = AsyncStream<SessionEvent>.makeStream(bufferingPolicy: .bufferingNewest(4096))
        let id = sessions.withLock { state in
            state.next += 1
            state.continuations[state.next] = continuation
            return state.next
        }
        return (id, events, continuation)
    }

    func unregister(_ id: UInt64) {
        let continuation = sessions.withLock { $0.continuations.removeValue(forKey: id) }
        continuation?.finish()
    }

    /// Tells every session which markets just traded.
    func publish(_ traded: [MarketID]) {
        guard !traded.isEmpty else { return }
        for continuation in sessions.withLock({ Array($0.continuations.values) }) {
            continuation.yield(.traded(traded))
        }
    }

    /// Closes every session's connection (a simulated network drop).
    func dropAll() {
        for continuation in sessions.withLock({ Array($0.continuations.values) }) {
            continuation.yield(.drop)
        }
    }

    /// How many sessions are open.
    var sessionCount: Int { sessions.withLock { $0.continuations.count } }
}

/// What a WebSocket session reacts to, in the order it happened.
enum SessionEvent: Sendable {
    /// These markets traded.
    case traded([MarketID])
    /// The client sent a subscription request.
    case request(UpbitSubscriptionRequest)
    /// The client sent something that is not a valid request.
    case badRequest(UpbitSubscriptionRequest.Problem)
    /// The client sent the text `PING`.
    case ping
    /// Ten seconds passed: time to repeat `{"status":"UP"}` to a client that pinged.
    case statusDue
    /// The client sent a frame that the session reads itself (Korbit, Binance).
    case clientMessage([UInt8])
    /// A second passed: time to send what was held back (Binance's 1 s ticker updates).
    case flushDue
    /// The simulator drops the connection.
    case drop
}
