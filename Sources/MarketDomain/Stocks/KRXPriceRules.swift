/// The KRX price rules (KOSPI and KOSDAQ alike, since 2023-01-25): the tick size by price band
/// and the daily limit of ±30 % of the previous close, rounded inward to a tick.
public enum KRXPriceRules {
    /// The tick size of a price: 1 won below 2,000, 5 below 5,000, 10 below 20,000, 50 below
    /// 50,000, 100 below 200,000, 500 below 500,000, 1,000 from 500,000.
    public static func tickSize(for price: Double) -> Double {
        switch price {
        case ..<2_000: 1
        case ..<5_000: 5
        case ..<20_000: 10
        case ..<50_000: 50
        case ..<200_000: 100
        case ..<500_000: 500
        default: 1_000
        }
    }

    /// A price rounded to the nearest tick of its band (at least one tick).
    public static func snap(_ price: Double) -> Double {
        guard price.isFinite, price > 0 else { return 1 }
        let tick = tickSize(for: price)
        return max(tick, (price / tick).rounded() * tick)
    }

    /// The highest price allowed today: the previous close + 30 %, down to a tick.
    public static func upperLimit(previousClose: Double) -> Double {
        let raw = previousClose * 1.3
        let tick = tickSize(for: raw)
        return (raw / tick).rounded(.down) * tick
    }

    /// The lowest price allowed today: the previous close − 30 %, up to a tick.
    public static func lowerLimit(previousClose: Double) -> Double {
        let raw = previousClose * 0.7
        let tick = tickSize(for: raw)
        return max(1, (raw / tick).rounded(.up) * tick)
    }

    /// A price kept within today's limits.
    public static func clamp(_ price: Double, previousClose: Double) -> Double {
        min(max(price, lowerLimit(previousClose: previousClose)), upperLimit(previousClose: previousClose))
    }
}
