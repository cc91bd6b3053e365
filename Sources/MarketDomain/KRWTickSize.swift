/// Upbit's KRW order price units (호가 단위) by price level, which set how many decimals a KRW
/// price has. Table from docs.upbit.com "원화 마켓 주문 가격 단위" (2024-01-29 policy).
public enum KRWTickSize {
    /// The order price unit for a price, e.g. 1,000 at 100,000,000 KRW or 0.1 at 500 KRW.
    public static func tick(for price: Double) -> Double {
        level(for: price).tick
    }

    /// How many decimals a price at this level is written with.
    public static func decimals(for price: Double) -> Int {
        level(for: price).decimals
    }

    /// The price moved to the nearest multiple of its tick size, never below the smallest tick.
    ///
    /// A simulated market snaps every trade and each day of a year of history for every coin
    /// (half a million at start-up), so this takes a few dozen instructions: the level by
    /// comparisons, and rounding without a call into the C library.
    public static func snap(_ price: Double) -> Double {
        let level = level(for: price)
        let snapped = roundedHalfAwayFromZero(price / level.tick) * level.tick
        // A whole tick times a whole number is whole already: nothing more to round.
        guard level.decimals > 0 else { return max(snapped, 0.00000001) }
        // Re-round to the tick's decimals so binary fractions do not leak (0.30000000000000004).
        // A price rounded up into the next level lands on its lowest price, a multiple of both
        // ticks: either level's decimals give the same (correctly rounded) quotient.
        return max(roundedHalfAwayFromZero(snapped * level.scale) / level.scale, 0.00000001)
    }

    /// A price level: its tick size, the decimals a price there is written with, and 10 to
    /// the power of those decimals.
    private struct Level {
        let tick: Double
        let decimals: Int
        let scale: Double
    }

    /// The level a price is at (at or above its lower bound), highest first.
    private static func level(for price: Double) -> Level {
        switch abs(price) {
        case 2_000_000...: Level(tick: 1000, decimals: 0, scale: 1)
        case 1_000_000...: Level(tick: 500, decimals: 0, scale: 1)
        case 500_000...: Level(tick: 100, decimals: 0, scale: 1)
        case 100_000...: Level(tick: 50, decimals: 0, scale: 1)
        case 10_000...: Level(tick: 10, decimals: 0, scale: 1)
        case 1_000...: Level(tick: 1, decimals: 0, scale: 1)
        case 100...: Level(tick: 0.1, decimals: 1, scale: 10)
        case 10...: Level(tick: 0.01, decimals: 2, scale: 100)
        case 1...: Level(tick: 0.001, decimals: 3, scale: 1_000)
        case 0.1...: Level(tick: 0.0001, decimals: 4, scale: 10_000)
        case 0.01...: Level(tick: 0.00001, decimals: 5, scale: 100_000)
        case 0.001...: Level(tick: 0.000001, decimals: 6, scale: 1_000_000)
        case 0.0001...: Level(tick: 0.0000001, decimals: 7, scale: 10_000_000)
        default: Level(tick: 0.00000001, decimals: 8, scale: 100_000_000)
        }
    }

    /// `value.rounded()` (to the nearest whole number, halves away from zero), exactly, without
    /// calling the C library's `round`: below 2^52 a double's whole part fits an `Int64` and its
    /// fraction is exact; at or above it (and infinities, NaN) a double is its own rounding.
    static func roundedHalfAwayFromZero(_ value: Double) -> Double {
        guard abs(value) < 4_503_599_627_370_496 else { return value }
        let whole = Double(Int64(value))
        let fraction = value - whole
        let rounded = fraction >= 0.5 ? whole + 1 : fraction <= -0.5 ? whole - 1 : whole
        // -0.3 rounds to -0, as `rounded()` gives it.
        return Double(signOf: value, magnitudeOf: rounded)
    }

    /// 10 to the power of a small exponent, exactly.
    public static func power10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
