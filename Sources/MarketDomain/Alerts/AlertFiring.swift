/// A rule that fired: what `sise alerts watch` prints, the history keeps and every face shows.
public struct AlertFiring: Sendable, Hashable, Codable {
    /// The rule's number.
    public var rule: Int64
    public var exchange: Exchange
    public var market: MarketID
    /// `above`, `below` or `move`.
    public var kind: String
    /// The price that fired it.
    public var price: Double
    /// The rule's level: a price, or for a move its percentage.
    public var level: Double
    /// `up` or `down`: the way the price went.
    public var direction: String
    /// When, as the tick's time in Unix milliseconds.
    public var at: Int64
    /// The firing in words: `KRW-BTC rose to 150,100,000 (above 150,000,000) on Upbit`.
    public var message: String
    /// The rule's note.
    public var note: String

    /// Makes a firing.
    public init(
        rule: Int64, exchange: Exchange, market: MarketID, kind: String, price: Double, level: Double,
        direction: String, at: Int64, message: String, note: String = ""
    ) {
        self.rule = rule
        self.exchange = exchange
        self.market = market
        self.kind = kind
        self.price = price
        self.level = level
        self.direction = direction
        self.at = at
        self.message = message
        self.note = note
    }
}

/// What became of a firing posted to a webhook (issue 63): the hook took it, or it was never
/// delivered (refused, or still waiting when the process ended).
public enum WebhookOutcome: String, Sendable, Hashable, Codable {
    case delivered
    case undelivered
}

/// A firing as the history keeps it: with whether quiet hours held its notification back, and
/// what became of it at the webhook when one was given.
public struct RecordedFiring: Sendable, Hashable, Codable {
    public var firing: AlertFiring
    public var heldBack: Bool
    /// The webhook's outcome; nil without a webhook (or before it settled).
    public var webhook: WebhookOutcome?

    /// Makes a history entry.
    public init(firing: AlertFiring, heldBack: Bool, webhook: WebhookOutcome? = nil) {
        self.firing = firing
        self.heldBack = heldBack
        self.webhook = webhook
    }
}
