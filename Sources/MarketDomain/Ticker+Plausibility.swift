/// What a real market's ticker can be: a ticker outside it (a negative or infinite price, a
/// negative volume, a time before Bitcoin or after 2100) is a server's fault, not a price, and
/// is dropped where it enters (the wire), with the last good value kept.
extension Ticker {
    /// The largest price or amount a ticker may carry: far above any real one (KRW prices stay
    /// below 10^10), far below where a `Double` stops counting whole units.
    public static let largestPlausibleAmount = 1e15

    /// The earliest and latest plausible times: 2009-01-03 (the first block) to 2100-01-01.
    public static let plausibleTimes: ClosedRange<Int64> = 1_230_940_800_000...4_102_444_800_000

    /// Why this ticker cannot be a real market's, or `nil` when it can.
    public var implausibility: String? {
        guard price.isFinite, price > 0, price < Self.largestPlausibleAmount else {
            return "price \(price) is not a positive finite price"
        }
        // Checked in place: this runs for every tick, and a list of named amounts would be
        // built for every one of them.
        if let amount = firstImplausibleAmount {
            return "\(amount.label) \(amount.value) is not a non-negative finite amount"
        }
        guard changePrice.isFinite, changeRate.isFinite else { return "the change is not finite" }
        guard Self.plausibleTimes.contains(timestamp) else { return "timestamp \(timestamp) is not a plausible time" }
        return nil
    }

    /// The first amount (open, high, low, previous close, 24 h volume, 24 h value) that is not
    /// a non-negative finite number below ``largestPlausibleAmount``.
    private var firstImplausibleAmount: (label: String, value: Double)? {
        func plausible(_ amount: Double) -> Bool {
            amount.isFinite && amount >= 0 && amount < Self.largestPlausibleAmount
        }
        if !plausible(open) { return ("open", open) }
        if !plausible(high) { return ("high", high) }
        if !plausible(low) { return ("low", low) }
        if !plausible(previousClose) { return ("previous close", previousClose) }
        if !plausible(volume24h) { return ("24h volume", volume24h) }
        if !plausible(tradeValue24h) { return ("24h value", tradeValue24h) }
        return nil
    }
}
