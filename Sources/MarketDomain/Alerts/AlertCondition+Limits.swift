extension AlertCondition {
    /// The highest price level or trade value a rule takes: a quadrillion in the quote currency,
    /// far above any market's price and far below where a number stops printing (1e308 is `∞`).
    public static let maximumAmount = 1e15
    /// The premium levels a rule takes, in percent: a coin at no price up to eleven times Binance's.
    public static let premiumRange = -100.0...1000.0
    /// The moves a rule takes, in percent (above 0, below this).
    public static let maximumMove = 1000.0

    /// Why the condition's number cannot be watched, in words for the CLI and the rule form; nil
    /// when it can. The CLI and the page's form both ask this, so one rule means one thing.
    public var numberRefusal: String? {
        switch self {
        case .above(let level), .below(let level):
            guard level.isFinite, level > 0, level <= Self.maximumAmount else {
                return "The level must be a positive price of at most 10^15, like 150000000"
            }
        case .tradeOver(let value):
            guard value.isFinite, value > 0, value <= Self.maximumAmount else {
                return "The trade value must be a positive amount of at most 10^15, like 50000000"
            }
        case .premiumAbove(let percent), .premiumBelow(let percent):
            guard percent.isFinite, Self.premiumRange.contains(percent) else {
                return "The premium level must be a percentage from -100 to 1000, like 5 or -1.5"
            }
        case .move(let percent, _, _):
            guard percent.isFinite, percent > 0, percent < Self.maximumMove else {
                return "A move needs a positive percentage under 1000, like +3% 5m"
            }
        case .warning, .listing:
            break
        }
        return nil
    }
}
