import ExchangeWire
import MarketDomain
import Synchronization

/// Hands each batch of trades to every open WebSocket session, and lets the simulator drop them all.
///
/// It also tells the firehose (``ExchangeSimulator/runTrades(clock:)`` at rate 0) when every
/// session has written what it was given, so that the market trades exactly as fast as the
/// slowest socket takes its frames.
final class TickHub: Sendable {
    private struct State {
        var next: UInt64 = 0
        /// Open sessions' event streams by session number.
        var continuations: [UInt64: AsyncStream<SessionEvent>.Continuation] = [:]
        /// Batches of trades handed to each session and not yet written by it.
        var pending: [UInt64: Int] = [:]
        /// The firehose, waiting for room.
        var waiter: CheckedContinuation<Void, Never>?

        /// Every session has fewer than `limit` batches to write (and there is a session).
        func hasRoom(limit: Int) -> Bool {
            !continuations.isEmpty && pending.values.allSatisfy { $0 < limit }
        }

        /// The waiter to resume when there is room now.
        mutating func waiterToResume(limit: Int) -> CheckedContinuation<Void, Never>? {
            guard waiter != nil, hasRoom(limit: limit) else { return nil }
            defer { waiter = nil }
            return waiter
        }
    }

    /// Behind a lock because the tick loop publishes while sessions come and go on the server's tasks.
    private let state = Mutex(State())
    /// Batches a session may hold before the firehose waits for it: with two, the market often
    /// waited on a session that had room to make frames (about 1.3 of 2 cores busy); four keep
    /// both cores making frames (680 k → 800 k frames/s on this machine).
    private static let batchesInFlight = 4

    /// Opens a session's event stream; the caller must `unregister` its number when done.
    func register() -> (id: UInt64, events: SessionEvents, continuation: AsyncStream<SessionEvent>.Continuation) {
        let (stream, continuation) = AsyncStream<SessionEvent>.makeStream(bufferingPolicy: .bufferingNewest(4096))
        let (id, waiter) = state.withLock { state in
            state.next += 1
            state.continuations[state.next] = continuation
            state.pending[state.next] = 0
            return (state.next, state.waiterToResume(limit: Self.batchesInFlight))
        }
        waiter?.resume()
        return (id, SessionEvents(stream: stream, session: id, hub: self), continuation)
    }

    func unregister(_ id: UInt64) {
        let (continuation, waiter) = state.withLock { state in
            state.pending.removeValue(forKey: id)
            return (state.continuations.removeValue(forKey: id), state.waiterToResume(limit: Self.batchesInFlight))
        }
        continuation?.finish()
        waiter?.resume()
    }

    /// Tells every session which markets just traded.
    func publish(_ traded: TradedMarkets) {
        guard !traded.isEmpty else { return }
        let continuations = state.withLock { state in
            for id in state.pending.keys { state.pending[id, default: 0] += 1 }
            return Array(state.continuations.values)
        }
        for continuation in continuations { continuation.yield(.traded(traded)) }
    }

    /// Batches of trades handed to a session and not yet written by it.
    func pendingBatches(for id: UInt64) -> Int {
        state.withLock { $0.pending[id] ?? 0 }
    }

    /// A session has written one batch of trades.
    func batchWritten(by id: UInt64) {
        let waiter = state.withLock { state in
            if let count = state.pending[id], count > 0 { state.pending[id] = count - 1 }
            return state.waiterToResume(limit: Self.batchesInFlight)
        }
        waiter?.resume()
    }

    /// Returns once every session has room for another batch (at once when cancelled).
    func waitForRoom() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    guard !state.hasRoom(limit: Self.batchesInFlight), !Task.isCancelled else { return true }
                    state.waiter = waiter
                    return false
                }
                if ready { waiter.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }

    /// Closes every session's connection (a simulated network drop).
    func dropAll() {
        for continuation in state.withLock({ Array($0.continuations.values) }) {
            continuation.yield(.drop)
        }
    }

    /// How many sessions are open.
    var sessionCount: Int { state.withLock { $0.continuations.count } }
}

/// What a WebSocket session reacts to, in the order it happened.
enum SessionEvent: Sendable {
    /// These markets traded.
    case traded(TradedMarkets)
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
