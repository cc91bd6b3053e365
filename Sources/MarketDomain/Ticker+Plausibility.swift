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
        let amounts: [(String, Double)] = [
            ("open", open), ("high", high), ("low", low), ("previous close", previousClose),
            ("24h volume", volume24h), ("24h value", tradeValue24h),
        ]
        for (name, amount) in amounts where !(amount.isFinite && amount >= 0 && amount < Self.largestPlausibleAmount) {
            return "\(name) \(amount) is not a non-negative finite amount"
        }
        guard changePrice.isFinite, changeRate.isFinite else { return "the change is not finite" }
        guard Self.plausibleTimes.contains(timestamp) else { return "timestamp \(timestamp) is not a plausible time" }
        return nil
    }
}
