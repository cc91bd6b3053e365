/// Every rule of a process, evaluated on each price as it arrives (issue 28): per market, the
/// price-level rules in two ``CrossingIndex``es (rises to a level, falls to one), the move
/// rules in one per window and way, the premium levels in two more and the large-trade
/// thresholds sorted, so a tick costs about the same with 10 rules or 100,000. Pure and
/// synchronous: the caller gives each price, trade, premium, warning or listing with its time
/// and gets the firings.
public struct AlertEvaluator: Sendable {
    /// One market's rules.
    private struct MarketRules: Sendable {
        var above = CrossingIndex()
        /// Falls to a level, as rises of the price negated.
        var below = CrossingIndex()
        /// The move rules by window, shortest first (nil for a window no rule uses).
        var moves: [MoveRules?] = Array(repeating: nil, count: AlertWindow.allCases.count)
        var premiumAbove = CrossingIndex()
        /// Falls of the premium to a level, as rises of the premium negated.
        var premiumBelow = CrossingIndex()
        /// The large-trade rules, lowest threshold first.
        var tradesOver: [(value: Double, id: Int64)] = []
        /// The warning and listing rules.
        var warnings: [Int64] = []
        var listings: [Int64] = []
    }

    /// The move rules of one window: rises from its low and falls from its high, in percent.
    private struct MoveRules: Sendable {
        var extremes: WindowExtremes
        var rises = CrossingIndex()
        var falls = CrossingIndex()
        var isEmpty: Bool { rises.count == 0 && falls.count == 0 }

        /// Takes a price into the window and returns the rules it fires, with the way it went.
        mutating func take(_ price: Double, at time: Int64) -> [(CrossingIndex.Entry, String)] {
            extremes.add(price, at: time)
            var fired: [(CrossingIndex.Entry, String)] = []
            if rises.count > 0, let low = extremes.low {
                for entry in rises.advance(to: (price - low) / low * 100) { fired.append((entry, "up")) }
            }
            if falls.count > 0, let high = extremes.high {
                for entry in falls.advance(to: (high - price) / high * 100) { fired.append((entry, "down")) }
            }
            return fired
        }
    }

    /// A market of an exchange.
    private struct MarketKey: Hashable, Sendable {
        var exchange: Exchange
        var market: MarketID
    }

    private var rules: [Int64: AlertRule] = [:]
    /// Each market's rules, at its slot: kept in an array and changed in place, so that a tick
    /// never copies a market's indexes.
    private var storage: [MarketRules] = []
    private var slots: [MarketKey: Int] = [:]
    private var lastFired: [Int64: Int64] = [:]

    /// An evaluator of `rules`.
    public init(rules: [AlertRule] = []) {
        for rule in rules { add(rule) }
    }

    /// The rules evaluated, by number.
    public var ruleIDs: Set<Int64> { Set(rules.keys) }

    /// Whether any rule watches a market of `exchange`.
    public func watches(_ exchange: Exchange) -> Bool {
        rules.values.contains { $0.exchange == exchange }
    }

    /// The markets of `exchange` whose trades a rule watches (a large trade).
    public func tradeMarkets(on exchange: Exchange) -> Set<MarketID> {
        Set(rules.values.filter { $0.exchange == exchange && $0.condition.kind == "trade" }.map(\.market))
    }

    /// The markets of `exchange` whose premium a rule watches.
    public func premiumMarkets(on exchange: Exchange) -> Set<MarketID> {
        Set(
            rules.values.filter {
                guard $0.exchange == exchange else { return false }
                if case .premiumAbove = $0.condition { return true }
                if case .premiumBelow = $0.condition { return true }
                return false
            }.map(\.market))
    }

    /// Whether a rule watches `exchange`'s market list (a warning or a listing).
    public func watchesListing(on exchange: Exchange) -> Bool {
        rules.values.contains { $0.exchange == exchange && !$0.condition.watchesPrice }
    }

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
        let slot = slot(for: MarketKey(exchange: rule.exchange, market: rule.market))
        switch rule.condition {
        case .above(let level):
            storage[slot].above.insert(.init(id: rule.id, level: level, rearmBelow: level * (1 - rule.rearm)))
        case .below(let level):
            storage[slot].below.insert(.init(id: rule.id, level: -level, rearmBelow: -level * (1 + rule.rearm)))
        case .move(let percent, let window, let direction):
            let position = Self.position(of: window)
            if storage[slot].moves[position] == nil {
                storage[slot].moves[position] = MoveRules(extremes: WindowExtremes(length: window.milliseconds))
            }
            let move = CrossingIndex.Entry(id: rule.id, level: percent, rearmBelow: percent - rule.rearm * 100)
            if direction != .down { storage[slot].moves[position]?.rises.insert(move) }
            if direction != .up { storage[slot].moves[position]?.falls.insert(move) }
        case .tradeOver(let value):
            let index = storage[slot].tradesOver.firstIndex { $0.value > value } ?? storage[slot].tradesOver.count
            storage[slot].tradesOver.insert((value, rule.id), at: index)
        case .premiumAbove(let percent):
            storage[slot].premiumAbove.insert(
                .init(id: rule.id, level: percent, rearmBelow: percent - rule.rearm * 100))
        case .premiumBelow(let percent):
            storage[slot].premiumBelow.insert(
                .init(id: rule.id, level: -percent, rearmBelow: -percent - rule.rearm * 100))
        case .warning: storage[slot].warnings.append(rule.id)
        case .listing: storage[slot].listings.append(rule.id)
        }
    }

    /// Drops a rule.
    public mutating func remove(id: Int64) {
        guard let rule = rules.removeValue(forKey: id) else { return }
        lastFired[id] = nil
        guard let slot = slots[MarketKey(exchange: rule.exchange, market: rule.market)] else { return }
        switch rule.condition {
        case .above: storage[slot].above.remove(id: id)
        case .below: storage[slot].below.remove(id: id)
        case .move(_, let window, _):
            let position = Self.position(of: window)
            storage[slot].moves[position]?.rises.remove(id: id)
            storage[slot].moves[position]?.falls.remove(id: id)
            if storage[slot].moves[position]?.isEmpty == true { storage[slot].moves[position] = nil }
        case .tradeOver: storage[slot].tradesOver.removeAll { $0.id == id }
        case .premiumAbove: storage[slot].premiumAbove.remove(id: id)
        case .premiumBelow: storage[slot].premiumBelow.remove(id: id)
        case .warning: storage[slot].warnings.removeAll { $0 == id }
        case .listing: storage[slot].listings.removeAll { $0 == id }
        }
    }

    /// Takes a price of a market at `time` (Unix ms): returns the rules it fires, in the order of
    /// their levels. A firing sooner than a rule's cooldown after its last is passed over; a rule
    /// that fires `once` is dropped.
    public mutating func take(
        price: Double, of market: MarketID, on exchange: Exchange, at time: Int64
    )
        -> [AlertFiring]
    {
        guard price.isFinite, price > 0, let slot = slots[MarketKey(exchange: exchange, market: market)] else {
            return []
        }
        var firings: [AlertFiring] = []
        for fired in storage[slot].above.advance(to: price) {
            record(fired.id, price: price, level: fired.level, direction: "up", at: time, into: &firings)
        }
        for fired in storage[slot].below.advance(to: -price) {
            record(fired.id, price: price, level: -fired.level, direction: "down", at: time, into: &firings)
        }
        for position in storage[slot].moves.indices where storage[slot].moves[position] != nil {
            for (fired, direction) in storage[slot].moves[position]!.take(price, at: time) {
                record(fired.id, price: price, level: fired.level, direction: direction, at: time, into: &firings)
            }
        }
        return finish(firings)
    }

    /// Takes a trade of a market of `exchange`: returns the large-trade rules its value (price ×
    /// size) reaches, lowest threshold first. Every such trade fires, cooldown allowing.
    public mutating func take(trade: Trade, on exchange: Exchange) -> [AlertFiring] {
        let value = trade.price * trade.size
        guard value.isFinite, value > 0, let slot = slots[MarketKey(exchange: exchange, market: trade.market)] else {
            return []
        }
        var firings: [AlertFiring] = []
        let direction = trade.side.rawValue
        for threshold in storage[slot].tradesOver {
            guard threshold.value <= value else { break }
            record(
                threshold.id, price: trade.price, level: threshold.value, direction: direction, at: trade.timestamp,
                into: &firings, message: { rule in Self.tradeMessage(rule, trade: trade, value: value) })
        }
        return finish(firings)
    }

    /// Takes the premium of a market of `exchange` over Binance, in percent, at `time` (`price`
    /// is the market's KRW price then): returns the premium rules it fires.
    public mutating func take(
        premium: Double, of market: MarketID, on exchange: Exchange, price: Double, at time: Int64
    ) -> [AlertFiring] {
        guard premium.isFinite, let slot = slots[MarketKey(exchange: exchange, market: market)] else { return [] }
        var firings: [AlertFiring] = []
        let message: (AlertRule) -> String = { rule in Self.premiumMessage(rule, premium: premium) }
        for fired in storage[slot].premiumAbove.advance(to: premium) {
            record(
                fired.id, price: price, level: fired.level, direction: "up", at: time, into: &firings, message: message)
        }
        for fired in storage[slot].premiumBelow.advance(to: -premium) {
            record(
                fired.id, price: price, level: -fired.level, direction: "down", at: time, into: &firings,
                message: message)
        }
        return finish(firings)
    }

    /// Takes a warning the exchange raised on a market (new, or stronger than before): returns
    /// the warning rules of that market and of any market of its quote currency.
    public mutating func take(
        warning: MarketWarning, of market: MarketID, on exchange: Exchange, price: Double, at time: Int64
    ) -> [AlertFiring] {
        var firings: [AlertFiring] = []
        for key in keys(of: market, on: exchange) {
            guard let slot = slots[key] else { continue }
            for id in storage[slot].warnings {
                record(
                    id, price: price, level: 0, direction: warning.level.rawValue, at: time, into: &firings,
                    message: { rule in
                        "\(market.rawValue) is under \(warning.description) on \(rule.exchange.displayName)"
                    },
                    market: market)
            }
        }
        return finish(firings)
    }

    /// Takes a market the exchange listed since its list was last seen: returns the listing
    /// rules of that market and of any market of its quote currency.
    public mutating func take(listing market: Market, on exchange: Exchange, at time: Int64) -> [AlertFiring] {
        var firings: [AlertFiring] = []
        let names = [market.koreanName, market.englishName].filter { !$0.isEmpty }.joined(separator: " · ")
        for key in keys(of: market.id, on: exchange) {
            guard let slot = slots[key] else { continue }
            for id in storage[slot].listings {
                record(
                    id, price: 0, level: 0, direction: "new", at: time, into: &firings,
                    message: { rule in
                        "\(market.id.rawValue)\(names.isEmpty ? "" : " (\(names))") listed on \(rule.exchange.displayName)"
                    }, market: market.id)
            }
        }
        return finish(firings)
    }

    /// The keys a market's event reaches: the market's own and its quote currency's any-market.
    private func keys(of market: MarketID, on exchange: Exchange) -> [MarketKey] {
        [
            MarketKey(exchange: exchange, market: market),
            MarketKey(exchange: exchange, market: .anyMarket(quote: market.quote)),
        ]
    }

    /// Drops the rules that fire once and fired.
    private mutating func finish(_ firings: [AlertFiring]) -> [AlertFiring] {
        for firing in firings where rules[firing.rule]?.once == true { remove(id: firing.rule) }
        return firings
    }

    /// The slot of a market's rules, made on first use.
    private mutating func slot(for key: MarketKey) -> Int {
        if let slot = slots[key] { return slot }
        storage.append(MarketRules())
        slots[key] = storage.count - 1
        return storage.count - 1
    }

    private static func position(of window: AlertWindow) -> Int {
        AlertWindow.allCases.firstIndex(of: window) ?? 0
    }

    /// Records a firing of rule `id` unless it is within the rule's cooldown; `message` words it
    /// (a price rule's own words when nil), `market` is the market it fired on (the rule's own
    /// when nil).
    private mutating func record(
        _ id: Int64, price: Double, level: Double, direction: String, at time: Int64,
        into firings: inout [AlertFiring], message: ((AlertRule) -> String)? = nil, market: MarketID? = nil
    ) {
        guard let rule = rules[id] else { return }
        if let last = lastFired[id], time - last < Int64(rule.cooldownSeconds) * 1000 { return }
        // A rule that fires once fires once, even when a tick crosses both of an `either` move's ways.
        if rule.once, firings.contains(where: { $0.rule == id }) { return }
        lastFired[id] = time
        firings.append(
            AlertFiring(
                rule: id, exchange: rule.exchange, market: market ?? rule.market, kind: rule.condition.kind,
                price: price, level: level, direction: direction, at: time,
                message: message?(rule) ?? Self.message(rule, price: price, direction: direction), note: rule.note))
    }

    /// `KRW-BTC rose to 150,100,000 (above 150,000,000) on Upbit`.
    static func message(_ rule: AlertRule, price: Double, direction: String) -> String {
        let quote = rule.market.quote
        let verb = direction == "up" ? "rose to" : "fell to"
        let shown = NumberFormat.price(price, quote: quote)
        let condition: String
        switch rule.condition {
        case .move(let percent, let window, _):
            let sign = direction == "up" ? "+" : "-"
            condition = "\(sign)\(AlertCondition.percentText(percent))% within \(window.rawValue)"
        default: condition = rule.condition.summary(quote: quote)
        }
        return "\(rule.market.rawValue) \(verb) \(shown) (\(condition)) on \(rule.exchange.displayName)"
    }

    /// `KRW-BTC: a buy of 62,000,000 KRW at 150,100,000 (trade over 50,000,000 KRW) on Upbit`.
    static func tradeMessage(_ rule: AlertRule, trade: Trade, value: Double) -> String {
        let quote = trade.market.quote
        let price = NumberFormat.price(trade.price, quote: quote)
        return
            "\(trade.market.rawValue): a \(trade.side.rawValue) of \(NumberFormat.price(value, quote: quote)) \(quote) "
            + "at \(price) (\(rule.condition.summary(quote: quote))) on \(rule.exchange.displayName)"
    }

    /// `KRW-BTC premium rose to 5.12% (premium above 5%) on Upbit`.
    static func premiumMessage(_ rule: AlertRule, premium: Double) -> String {
        let verb: String
        if case .premiumAbove = rule.condition { verb = "rose to" } else { verb = "fell to" }
        return "\(rule.market.rawValue) premium \(verb) \(NumberFormat.fixed(premium, decimals: 2))% "
            + "(\(rule.condition.summary(quote: rule.market.quote))) on \(rule.exchange.displayName)"
    }
}
