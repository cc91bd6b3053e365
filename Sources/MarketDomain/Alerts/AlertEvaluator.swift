/// Every rule of a process, evaluated on each price as it arrives (issue 28): per market, the
/// price-level rules in two ``CrossingIndex``es (rises to a level, falls to one) and the move
/// rules in one per window and way, so a tick costs about the same with 10 rules or 100,000.
/// Pure and synchronous: the caller gives each price with its time and gets the firings.
public struct AlertEvaluator: Sendable {
    /// One market's rules.
    private struct MarketRules: Sendable {
        var above = CrossingIndex()
        /// Falls to a level, as rises of the price negated.
        var below = CrossingIndex()
        var windows: [AlertWindow: MoveRules] = [:]
        var isEmpty: Bool { above.count == 0 && below.count == 0 && windows.isEmpty }
    }

    /// The move rules of one window: rises from its low and falls from its high, in percent.
    private struct MoveRules: Sendable {
        var extremes: WindowExtremes
        var rises = CrossingIndex()
        var falls = CrossingIndex()
        var isEmpty: Bool { rises.count == 0 && falls.count == 0 }
    }

    /// A market of an exchange.
    private struct MarketKey: Hashable, Sendable {
        var exchange: Exchange
        var market: MarketID
    }

    private var rules: [Int64: AlertRule] = [:]
    private var markets: [MarketKey: MarketRules] = [:]
    private var lastFired: [Int64: Int64] = [:]

    /// An evaluator of `rules`.
    public init(rules: [AlertRule] = []) {
        for rule in rules { add(rule) }
    }

    /// The rules evaluated, by number.
    public var ruleIDs: Set<Int64> { Set(rules.keys) }

    /// Whether any rule watches a market of `exchange`.
    public func watches(_ exchange: Exchange) -> Bool { markets.keys.contains { $0.exchange == exchange } }

    /// Takes the stored rules as they are now: new ones are added (armed by the next price),
    /// removed ones dropped, and the others keep their state.
    public mutating func update(to stored: [AlertRule]) {
        let wanted = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in rules.keys where wanted[id] != rules[id] { remove(id: id) }
        for (id, rule) in wanted where rules[id] == nil { add(rule) }
    }

    /// Adds a rule; it fires on the next crossing after the next price.
    public mutating func add(_ rule: AlertRule) {
        remove(id: rule.id)
        rules[rule.id] = rule
        let key = MarketKey(exchange: rule.exchange, market: rule.market)
        var entry = markets[key] ?? MarketRules()
        switch rule.condition {
        case .above(let level):
            entry.above.insert(.init(id: rule.id, level: level, rearmBelow: level * (1 - rule.rearm)))
        case .below(let level):
            entry.below.insert(.init(id: rule.id, level: -level, rearmBelow: -level * (1 + rule.rearm)))
        case .move(let percent, let window, let direction):
            var moves = entry.windows[window] ?? MoveRules(extremes: WindowExtremes(length: window.milliseconds))
            let move = CrossingIndex.Entry(id: rule.id, level: percent, rearmBelow: percent - rule.rearm * 100)
            if direction != .down { moves.rises.insert(move) }
            if direction != .up { moves.falls.insert(move) }
            entry.windows[window] = moves
        }
        markets[key] = entry
    }

    /// Drops a rule.
    public mutating func remove(id: Int64) {
        guard let rule = rules.removeValue(forKey: id) else { return }
        lastFired[id] = nil
        let key = MarketKey(exchange: rule.exchange, market: rule.market)
        guard var entry = markets[key] else { return }
        switch rule.condition {
        case .above: entry.above.remove(id: id)
        case .below: entry.below.remove(id: id)
        case .move(_, let window, _):
            entry.windows[window]?.rises.remove(id: id)
            entry.windows[window]?.falls.remove(id: id)
            if entry.windows[window]?.isEmpty == true { entry.windows[window] = nil }
        }
        markets[key] = entry.isEmpty ? nil : entry
    }

    /// Takes a price of a market at `time` (Unix ms): returns the rules it fires, in the order of
    /// their levels. A firing sooner than a rule's cooldown after its last is passed over; a rule
    /// that fires `once` is dropped.
    public mutating func take(
        price: Double, of market: MarketID, on exchange: Exchange, at time: Int64
    )
        -> [AlertFiring]
    {
        guard price.isFinite, price > 0 else { return [] }
        let key = MarketKey(exchange: exchange, market: market)
        guard var entry = markets[key] else { return [] }
        var firings: [AlertFiring] = []
        for fired in entry.above.advance(to: price) {
            record(fired.id, price: price, level: fired.level, direction: "up", at: time, into: &firings)
        }
        for fired in entry.below.advance(to: -price) {
            record(fired.id, price: price, level: -fired.level, direction: "down", at: time, into: &firings)
        }
        for window in entry.windows.keys.sorted(by: { $0.milliseconds < $1.milliseconds }) {
            guard var moves = entry.windows[window] else { continue }
            moves.extremes.add(price, at: time)
            if moves.rises.count > 0, let low = moves.extremes.low {
                for fired in moves.rises.advance(to: (price - low) / low * 100) {
                    record(fired.id, price: price, level: fired.level, direction: "up", at: time, into: &firings)
                }
            }
            if moves.falls.count > 0, let high = moves.extremes.high {
                for fired in moves.falls.advance(to: (high - price) / high * 100) {
                    record(fired.id, price: price, level: fired.level, direction: "down", at: time, into: &firings)
                }
            }
            entry.windows[window] = moves
        }
        markets[key] = entry
        for firing in firings where rules[firing.rule]?.once == true { remove(id: firing.rule) }
        return firings
    }

    /// Records a firing of rule `id` unless it is within the rule's cooldown.
    private mutating func record(
        _ id: Int64, price: Double, level: Double, direction: String, at time: Int64,
        into firings: inout [AlertFiring]
    ) {
        guard let rule = rules[id] else { return }
        if let last = lastFired[id], time - last < Int64(rule.cooldownSeconds) * 1000 { return }
        // A rule that fires once fires once, even when a tick crosses both of an `either` move's ways.
        if rule.once, firings.contains(where: { $0.rule == id }) { return }
        lastFired[id] = time
        firings.append(
            AlertFiring(
                rule: id, exchange: rule.exchange, market: rule.market, kind: rule.condition.kind, price: price,
                level: level, direction: direction, at: time,
                message: Self.message(rule, price: price, direction: direction), note: rule.note))
    }

    /// `KRW-BTC rose to 150,100,000 (above 150,000,000) on Upbit`.
    static func message(_ rule: AlertRule, price: Double, direction: String) -> String {
        let quote = rule.market.quote
        let verb = direction == "up" ? "rose to" : "fell to"
        let shown = NumberFormat.price(price, quote: quote)
        let condition: String
        switch rule.condition {
        case .above, .below: condition = rule.condition.summary(quote: quote)
        case .move(let percent, let window, _):
            let sign = direction == "up" ? "+" : "-"
            condition = "\(sign)\(AlertCondition.percentText(percent))% within \(window.rawValue)"
        }
        return "\(rule.market.rawValue) \(verb) \(shown) (\(condition)) on \(rule.exchange.displayName)"
    }
}
