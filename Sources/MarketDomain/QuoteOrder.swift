/// What a board can be sorted by (SPEC §1.3), named as on the command line.
public enum SortKey: String, Sendable, Hashable, Codable, CaseIterable {
    case name
    case price
    case change
    case value
    /// The move over the last minute, five and fifteen (the board's Δ columns, from its own ticks).
    case move1m
    case move5m
    case move15m

    /// The window of a move key, in ms; nil for the others.
    public var moveWindow: Int64? {
        switch self {
        case .move1m: 60_000
        case .move5m: 300_000
        case .move15m: 900_000
        case .name, .price, .change, .value: nil
        }
    }

    /// The keys a snapshot can be sorted by (the moves need a live board's recent prices).
    public static let snapshotKeys: [SortKey] = [.name, .price, .change, .value]
}

/// Which way a sort runs.
public enum SortDirection: String, Sendable, Hashable, Codable {
    case descending
    case ascending

    /// The other direction.
    public var toggled: SortDirection { self == .descending ? .ascending : .descending }
}

/// A board's order: a key and a direction, with ties broken by name so the order is stable.
public struct QuoteOrder: Sendable, Hashable, Codable {
    /// What the rows are sorted by.
    public var key: SortKey
    /// Which way they run.
    public var direction: SortDirection

    /// Makes an order.
    public init(key: SortKey, direction: SortDirection = .descending) {
        self.key = key
        self.direction = direction
    }

    /// The order a board starts in: trade value, descending.
    public static let standard = QuoteOrder(key: .value, direction: .descending)

    /// The order after a person chooses `key`: the current key toggles, a new key starts descending.
    public func choosing(_ key: SortKey) -> QuoteOrder {
        key == self.key ? QuoteOrder(key: key, direction: direction.toggled) : QuoteOrder(key: key)
    }

    /// The quotes in this order; names are compared in `language`; a move is read from `recent`
    /// (markets whose window is not covered come last, whichever the direction).
    ///
    /// The same order as ``areInIncreasingOrder(_:_:language:)`` for the snapshot keys, found
    /// cheaply: positions are sorted rather than whole quotes, each quote's key is read once, and
    /// a name is lowercased once, only when a comparison needs it (a name sort, or a tie).
    public func sorted(_ quotes: [Quote], language: NameLanguage = .korean, recent: RecentPrices? = nil) -> [Quote] {
        let keys: [Double]
        switch key {
        case .name: keys = []
        case .price: keys = quotes.map(\.ticker.price)
        case .change: keys = quotes.map(\.ticker.changeRate)
        case .value: keys = quotes.map(\.ticker.tradeValue24h)
        case .move1m, .move5m, .move15m:
            let changes = recent?.changes(over: key.moveWindow ?? 0) ?? [:]
            keys = quotes.map { changes[$0.id] ?? .nan }
        }
        var names = [String?](repeating: nil, count: quotes.count)
        func name(_ index: Int) -> String {
            if let known = names[index] { return known }
            let lowered = quotes[index].market.name(in: language).lowercased()
            names[index] = lowered
            return lowered
        }
        let ascending = direction == .ascending
        var positions = Array(quotes.indices)
        positions.sort { lhs, rhs in
            if key != .name {
                if keys[lhs].isNaN != keys[rhs].isNaN { return keys[rhs].isNaN }
                let byKey = Self.compare(keys[lhs], keys[rhs])
                if byKey != 0 { return ascending ? byKey < 0 : byKey > 0 }
            } else {
                let (left, right) = (name(lhs), name(rhs))
                if left != right { return ascending ? left < right : left > right }
                return quotes[lhs].id < quotes[rhs].id
            }
            let (left, right) = (name(lhs), name(rhs))
            if left != right { return left < right }
            return quotes[lhs].id < quotes[rhs].id
        }
        return positions.map { quotes[$0] }
    }

    /// Whether `lhs` comes before `rhs`. Equal keys fall back to the name, then the market code,
    /// both ascending whatever the direction, so rows with equal values never swap places. A move
    /// key, which a quote alone does not know, compares as equal.
    public func areInIncreasingOrder(_ lhs: Quote, _ rhs: Quote, language: NameLanguage = .korean) -> Bool {
        let byKey = compareKeys(lhs, rhs, language: language)
        if byKey != 0 {
            return direction == .ascending ? byKey < 0 : byKey > 0
        }
        let byName = Self.compareNames(lhs.market.name(in: language), rhs.market.name(in: language))
        if byName != 0 { return byName < 0 }
        return lhs.id < rhs.id
    }

    private func compareKeys(_ lhs: Quote, _ rhs: Quote, language: NameLanguage) -> Int {
        switch key {
        case .name: Self.compareNames(lhs.market.name(in: language), rhs.market.name(in: language))
        case .price: Self.compare(lhs.ticker.price, rhs.ticker.price)
        case .change: Self.compare(lhs.ticker.changeRate, rhs.ticker.changeRate)
        case .value: Self.compare(lhs.ticker.tradeValue24h, rhs.ticker.tradeValue24h)
        case .move1m, .move5m, .move15m: 0
        }
    }

    static func compare(_ lhs: Double, _ rhs: Double) -> Int {
        lhs < rhs ? -1 : (lhs > rhs ? 1 : 0)
    }

    /// Compares names case-insensitively; Hangul syllables compare in 가나다 order by code point.
    static func compareNames(_ lhs: String, _ rhs: String) -> Int {
        let left = lhs.lowercased()
        let right = rhs.lowercased()
        return left < right ? -1 : (left > right ? 1 : 0)
    }
}
