/// A rule that watches one market of one exchange and fires when its condition is met
/// (issue 28): a price crossing a level, or a move within a window.
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

    /// Whether `other` watches the same thing the same way (the store refuses such a twin).
    public func isTwin(of other: AlertRule) -> Bool {
        exchange == other.exchange && market == other.market && condition == other.condition
    }

    /// What the rule watches, in words: `KRW-BTC above 150,000,000 on Upbit`.
    public var summary: String {
        "\(market.rawValue) \(condition.summary(quote: market.quote)) on \(exchange.displayName)"
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

    /// The kind's name in records: `above`, `below` or `move`.
    public var kind: String {
        switch self {
        case .above: "above"
        case .below: "below"
        case .move: "move"
        }
    }

    /// The condition in words.
    public func summary(quote: String) -> String {
        switch self {
        case .above(let level): "above \(NumberFormat.price(level, quote: quote))"
        case .below(let level): "below \(NumberFormat.price(level, quote: quote))"
        case .move(let percent, let window, let direction):
            "\(direction.sign)\(Self.percentText(percent))% within \(window.rawValue)"
        }
    }
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
