/// Where alert rules and their history are kept, as replaceable closures: `MarketStore`
/// provides the SQLite one (shared by every running copy of Sise), tests an in-memory one.
public struct AlertStore: Sendable {
    /// Every rule, oldest first.
    public var rules: @Sendable () throws -> [AlertRule]
    /// Stores a new rule and returns it numbered; the same rule twice throws, with a message.
    public var add: @Sendable (_ rule: AlertRule) throws -> AlertRule
    /// Removes a rule (a rule that fires `once`, after it fired).
    public var removeRule: @Sendable (_ id: Int64) throws -> Void
    /// Records a firing unless another copy already did; returns whether this call recorded it.
    public var record: @Sendable (_ firing: AlertFiring, _ heldBack: Bool) throws -> Bool
    /// The last firings, newest first, at most `limit`.
    public var history: @Sendable (_ limit: Int) throws -> [RecordedFiring]
    /// The quiet hours, when set.
    public var quietHours: @Sendable () throws -> QuietHours?
    /// A signal at once and each time the rules or the quiet hours may have changed.
    public var changes: @Sendable () -> AsyncStream<Void>

    /// Makes a store from its operations.
    public init(
        rules: @escaping @Sendable () throws -> [AlertRule],
        add: @escaping @Sendable (_ rule: AlertRule) throws -> AlertRule,
        removeRule: @escaping @Sendable (_ id: Int64) throws -> Void,
        record: @escaping @Sendable (_ firing: AlertFiring, _ heldBack: Bool) throws -> Bool,
        history: @escaping @Sendable (_ limit: Int) throws -> [RecordedFiring],
        quietHours: @escaping @Sendable () throws -> QuietHours?,
        changes: @escaping @Sendable () -> AsyncStream<Void>
    ) {
        self.rules = rules
        self.add = add
        self.removeRule = removeRule
        self.record = record
        self.history = history
        self.quietHours = quietHours
        self.changes = changes
    }
}
