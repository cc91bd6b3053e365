/// A rule that watches one market of one exchange (or, for a warning or a listing, any market of
/// a quote currency: ``MarketID/anyMarket(quote:)``) and fires when its condition is met (issue
/// 28): a price crossing a level, a move within a window, a large trade, the premium crossing a
/// level, a new exchange warning, or a new listing.
public struct AlertRule: Sendable, Hashable, Codable, Identifiable {
    /// The store's number for the rule (0 until stored).
    public var id: Int64
    public var exchange: Exchange
    public var market: MarketID
    public var condition: AlertCondition
    /// How far, as a fraction (0.005 for 0.5 %), the watched figure must go back past the level
    /// after a firing before the rule can fire again.
    public var rearm: Double
    /// The least time between two firings; a crossing sooner than that is passed over.
    public var cooldownSeconds: Int
    /// Whether the rule is removed after it first fires.
    public var once: Bool
    /// What the person wrote about it.
    public var note: String

    /// The default re-arm band: 0.5 %.
    public static let defaultRearm = 0.005

    /// Makes a rule.
    public init(
        id: Int64 = 0, exchange: Exchange, market: MarketID, condition: AlertCondition,
        rearm: Double = AlertRule.defaultRearm, cooldownSeconds: Int = 0, once: Bool = false, note: String = ""
    ) {
        self.id = id
        self.exchange = exchange
        self.market = market
        self.condition = condition
        self.rearm = rearm
        self.cooldownSeconds = cooldownSeconds
        self.once = once
        self.note = note
    }

    /// Why the rule cannot be kept, given whether the exchange lists its market now, or nil: a
    /// market the exchange does not list, a listing rule of a market it lists already, a premium
    /// not of a KRW market of a Korean exchange.
    public func refusal(isListed: Bool) -> String? {
        switch condition {
        case .premiumAbove, .premiumBelow:
            guard exchange.isKorean, market.quote == "KRW" else {
                return "A premium is of a KRW market on Upbit, Bithumb or Korbit, over Binance"
            }
        case .listing:
            guard market.isAnyMarket || !isListed else {
                return "\(exchange.displayName) lists \(market.rawValue) already"
            }
            return nil
        default: break
        }
        guard market.isAnyMarket || isListed else { return "\(exchange.displayName) lists no \(market.rawValue)" }
        return nil
    }

    /// Whether `other` watches the same thing the same way (the store refuses such a twin).
    public func isTwin(of other: AlertRule) -> Bool {
        exchange == other.exchange && market == other.market && condition == other.condition
    }

    /// What the rule watches, in words: `KRW-BTC above 150,000,000 on Upbit`.
    public var summary: String {
        "\(market.watchedText) \(condition.summary(quote: market.quote)) on \(exchange.displayName)"
    }

    /// Whether the rule watches `id`: its own market, or any market of the quote currency.
    public func watches(_ id: MarketID) -> Bool {
        market == id || (market.isAnyMarket && market.quote == id.quote)
    }
}

/// What a rule waits for.
public enum AlertCondition: Sendable, Hashable, Codable {
    /// The price reaches `level` from below.
    case above(Double)
    /// The price reaches `level` from above.
    case below(Double)
    /// The price moves `percent` within `window`: up from the window's low, down from its high,
    /// or either.
    case move(percent: Double, window: AlertWindow, direction: MoveDirection)
    /// One trade worth at least this much (price × size, in the quote currency).
    case tradeOver(Double)
    /// The premium over Binance (the Compare tab's, in percent) reaches this level from below.
    case premiumAbove(Double)
    /// The premium over Binance (in percent) reaches this level from above.
    case premiumBelow(Double)
    /// The exchange raises a warning (유의) or a caution (주의) on the market, or a stronger one.
    case warning
    /// The exchange lists the market (or, for any market, a market it did not list before).
    case listing

    /// The kind's name in records: `above`, `below`, `move`, `trade`, `premiumAbove`,
    /// `premiumBelow`, `warning` or `listing`.
    public var kind: String {
        switch self {
        case .above: "above"
        case .below: "below"
        case .move: "move"
        case .tradeOver: "trade"
        case .premiumAbove: "premiumAbove"
        case .premiumBelow: "premiumBelow"
        case .warning: "warning"
        case .listing: "listing"
        }
    }

    /// Whether the condition has a level to go back past before it fires again (the re-arm band
    /// applies): a price level, a move, a premium level.
    public var rearms: Bool {
        switch self {
        case .above, .below, .move, .premiumAbove, .premiumBelow: true
        case .tradeOver, .warning, .listing: false
        }
    }

    /// Whether the condition watches the market's price (a level, a move, a premium): a rule of
    /// these needs a listed market.
    public var watchesPrice: Bool {
        switch self {
        case .above, .below, .move, .tradeOver, .premiumAbove, .premiumBelow: true
        case .warning, .listing: false
        }
    }

    /// The condition in words.
    public func summary(quote: String) -> String {
        switch self {
        case .above(let level): "above \(NumberFormat.price(level, quote: quote))"
        case .below(let level): "below \(NumberFormat.price(level, quote: quote))"
        case .move(let percent, let window, let direction):
            "\(direction.sign)\(Self.percentText(percent))% within \(window.rawValue)"
        case .tradeOver(let value): "trade over \(NumberFormat.price(value, quote: quote)) \(quote)"
        case .premiumAbove(let percent): "premium above \(Self.percentText(percent))%"
        case .premiumBelow(let percent): "premium below \(Self.percentText(percent))%"
        case .warning: "warned (유의/주의)"
        case .listing: "listed"
        }
    }
}

extension MarketID {
    /// Any market of `quote`, as a warning or listing rule watches: `KRW-*`.
    public static func anyMarket(quote: String) -> MarketID { MarketID(quote: quote, base: "*") }

    /// A market code as a rule keeps it: `KRW-BTC`, or `KRW-*` for any market of KRW; nil for
    /// neither.
    public init?(watched code: String) {
        let upper = code.trimmingWhitespace().uppercased()
        guard upper.hasSuffix("-*") else {
            self.init(upper)
            return
        }
        guard let quote = MarketID(upper.dropLast() + "X")?.quote else { return nil }
        self = .anyMarket(quote: quote)
    }

    /// Whether this stands for any market of its quote currency.
    public var isAnyMarket: Bool { base == "*" }

    /// The market in words for a rule: `KRW-BTC`, or `any KRW market`.
    public var watchedText: String { isAnyMarket ? "any \(quote) market" : rawValue }
}

extension AlertCondition {
    /// `5`, `2.5` or `0.25`: a percentage with at most two decimals and no trailing zeros.
    public static func percentText(_ percent: Double) -> String {
        var text = NumberFormat.fixed(percent, decimals: 2)
        while text.contains("."), text.hasSuffix("0") || text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// The windows a move is measured over.
public enum AlertWindow: String, Sendable, Hashable, Codable, CaseIterable {
    case oneMinute = "1m"
    case fiveMinutes = "5m"
    case fifteenMinutes = "15m"

    /// The window's length in milliseconds.
    public var milliseconds: Int64 {
        switch self {
        case .oneMinute: 60_000
        case .fiveMinutes: 300_000
        case .fifteenMinutes: 900_000
        }
    }
}

/// Which way a move rule watches.
public enum MoveDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case up
    case down
    case either

    /// `+`, `-` or `±` before the percentage.
    var sign: String {
        switch self {
        case .up: "+"
        case .down: "-"
        case .either: "±"
        }
    }
}
