public import MarketDomain
import SiseSupport
import Synchronization

/// Alert rules and history held in memory, for tests of the alert monitor.
public final class InMemoryAlertStore: Sendable {
    private struct State {
        var rules: [AlertRule] = []
        var history: [RecordedFiring] = []
        var quietHours: QuietHours?
        var nextID: Int64 = 1
    }

    private let state = Mutex(State())
    private let signal = ChangeSignal(greetsNewListeners: true)

    /// A store holding `rules` (numbered in order when their id is 0).
    public init(rules: [AlertRule] = [], quietHours: QuietHours? = nil) {
        for rule in rules { add(rule) }
        state.withLock { $0.quietHours = quietHours }
    }

    /// Adds a rule, numbering it; returns it as stored.
    @discardableResult
    public func add(_ rule: AlertRule) -> AlertRule {
        let stored = state.withLock { state in
            var stored = rule
            if stored.id == 0 { stored.id = state.nextID }
            state.nextID = max(state.nextID, stored.id) + 1
            state.rules.append(stored)
            return stored
        }
        signal.signal()
        return stored
    }

    /// The rules stored now.
    public var rules: [AlertRule] { state.withLock { $0.rules } }

    /// The history, oldest first.
    public var history: [RecordedFiring] { state.withLock { $0.history } }

    /// Sets the quiet hours.
    public func setQuietHours(_ hours: QuietHours?) {
        state.withLock { $0.quietHours = hours }
        signal.signal()
    }

    /// The store as the monitor sees it.
    public var store: AlertStore {
        AlertStore(
            rules: { self.state.withLock { $0.rules } },
            add: { rule in
                let twin = self.state.withLock { $0.rules.first { $0.isTwin(of: rule) } }
                if let twin { throw AlertRuleTwin(stored: twin) }
                return self.add(rule)
            },
            removeRule: { id in
                self.state.withLock { $0.rules.removeAll { $0.id == id } }
                self.signal.signal()
            },
            record: { firing, heldBack in
                self.state.withLock { state in
                    let twin = state.history.contains {
                        $0.firing.rule == firing.rule && $0.firing.at == firing.at
                            && $0.firing.direction == firing.direction
                    }
                    guard !twin else { return false }
                    state.history.append(RecordedFiring(firing: firing, heldBack: heldBack))
                    return true
                }
            },
            history: { limit in self.state.withLock { Array($0.history.reversed().prefix(limit)) } },
            quietHours: { self.state.withLock { $0.quietHours } },
            changes: { self.signal.changes() })
    }
}

/// The in-memory store's refusal of a rule it already holds.
public struct AlertRuleTwin: Error, CustomStringConvertible {
    public var stored: AlertRule
    public var description: String { "the same rule is already stored as #\(stored.id): \(stored.summary)" }
}
