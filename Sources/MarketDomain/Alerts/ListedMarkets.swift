/// An exchange's market list as last seen, to tell what changed since (issue 28): the markets
/// listed since, and the warnings raised or made stronger since (a 유의 or 주의 on a market that
/// had none, a 주의 become 유의, or a reason added). The first list seen is what the others are
/// compared with: nothing on it is news.
public struct ListedMarkets: Sendable {
    /// What changed between two looks at the list.
    public struct Changes: Sendable, Equatable {
        /// Markets on the new list and not on the one before, in the list's order.
        public var listed: [Market] = []
        /// Markets whose warning is new or stronger, with it, in the list's order.
        public var warned: [Market] = []

        /// Whether nothing changed that a rule watches.
        public var isEmpty: Bool { listed.isEmpty && warned.isEmpty }
    }

    private var warnings: [MarketID: MarketWarning?]?

    /// No list seen yet.
    public init() {}

    /// Whether a list was seen.
    public var hasSeenList: Bool { warnings != nil }

    /// Takes the list of now: returns what changed since the last one (nothing for the first,
    /// or for an empty list, which is an exchange not loaded yet rather than every market gone).
    public mutating func update(to markets: [Market]) -> Changes {
        guard !markets.isEmpty else { return Changes() }
        defer { warnings = Dictionary(markets.map { ($0.id, $0.warning) }, uniquingKeysWith: { first, _ in first }) }
        guard let warnings else { return Changes() }
        var changes = Changes()
        for market in markets {
            guard let before = warnings[market.id] else {
                changes.listed.append(market)
                continue
            }
            if let warning = market.warning, Self.isNews(warning, after: before) { changes.warned.append(market) }
        }
        return changes
    }

    /// Whether `warning` says more than `before` did.
    static func isNews(_ warning: MarketWarning, after before: MarketWarning?) -> Bool {
        guard let before else { return true }
        if warning.level == .warning, before.level == .caution { return true }
        return !Set(warning.reasons).isSubset(of: Set(before.reasons))
    }
}
