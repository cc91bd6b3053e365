import DequeModule
import NIOCore
import Synchronization

/// Every connection a server holds, for its cap (``ServerLimits/maximumConnections``): a new
/// connection past the cap takes the place of the one that has waited longest without sending a
/// request head (an idle or half-sent one, never a tab that is watching); when every connection
/// has sent one, the newcomer is turned away.
final class OpenConnections: Sendable {
    /// What becomes of a new connection.
    enum Admission {
        /// Taken; `evicting` (the longest-waiting connection without a head) is to be closed for it.
        case admitted(evicting: (any Channel)?)
        /// Past the cap with nothing to give way: to be closed at once.
        case refused
    }

    private struct State {
        var open = 0
        /// Connections still waiting for their first request head, oldest first (an id whose
        /// head has since come, or which has closed, is skipped when met).
        var waiting = Deque<(id: ObjectIdentifier, channel: any Channel)>()
        var stillWaiting = Set<ObjectIdentifier>()
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many connections are open.
    var count: Int { state.withLock { $0.open } }

    /// Takes a new connection (counted until ``closed(_:)``), waiting for its head.
    func admit(_ channel: any Channel) -> Admission {
        let id = ObjectIdentifier(channel)
        return state.withLock { state in
            var evicted: (any Channel)?
            if state.open >= limit {
                while let oldest = state.waiting.popFirst() {
                    if state.stillWaiting.remove(oldest.id) != nil {
                        evicted = oldest.channel
                        break
                    }
                }
                guard evicted != nil else { return .refused }
            }
            state.open += 1
            state.waiting.append((id, channel))
            state.stillWaiting.insert(id)
            return .admitted(evicting: evicted)
        }
    }

    /// The connection sent its first request head: it no longer gives way to newcomers.
    func headArrived(_ channel: any Channel) {
        _ = state.withLock { $0.stillWaiting.remove(ObjectIdentifier(channel)) }
    }

    /// The connection closed.
    func closed(_ channel: any Channel) {
        state.withLock { state in
            state.open -= 1
            state.stillWaiting.remove(ObjectIdentifier(channel))
            if state.waiting.count > 2 * max(state.stillWaiting.count, 16) {
                let stillWaiting = state.stillWaiting
                state.waiting.removeAll { !stillWaiting.contains($0.id) }
            }
        }
    }
}
