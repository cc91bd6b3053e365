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
    /// (half a million at start-up, on the way to the first board), so this takes a few dozen
    /// instructions: the level by comparisons, rounding without a call into the C library, and
    /// the count of ticks as a product rather than a quotient (a division is the slowest of
    /// them). The product rounds like the quotient (the plain formula, `price / tick`) save within
    /// a hair of a half tick, where the quotient itself decides: the result is the same, bit for
    /// bit.
    public static func snap(_ price: Double) -> Double {
        let level = level(for: price)
        let ticks = tickCount(price, at: level)
        // A whole tick times a whole number is whole already: nothing more to round.
        guard level.decimals > 0 else { return max(ticks * level.tick, 0.00000001) }
        // A count of ticks of 10^-d is the price in units of 10^-d: divided by 10^d, it is written
        // with the tick's decimals (0.3, not 0.30000000000000004). A price rounded up into the
        // next level lands on its lowest price, a multiple of both ticks: either level's decimals
        // give the same (correctly rounded) quotient.
        return max(ticks / level.scale, 0.00000001)
    }

    /// `price / level.tick` rounded to a whole number (halves away from zero).
    @inline(__always)
    private static func tickCount(_ price: Double, at level: Level) -> Double {
        let product = price * level.perTick
        // Below 2^31 ticks the product and the quotient differ by less than a millionth of a tick
        // (each is within two roundings of the exact ratio): they round alike unless one is that
        // close to a half. Beyond that, and for infinities and NaN, the quotient as it is.
        if abs(product) < 2_147_483_648 {
            let whole = Double(Int64(product))
            let fromHalf = abs(abs(product - whole) - 0.5)
            if fromHalf > 0.000_01 { return roundedHalfAwayFromZero(product) }
        }
        return roundedHalfAwayFromZero(price / level.tick)
    }

    /// A price level: its tick size, the decimals a price there is written with, 10 to the power
    /// of those decimals, and ticks a unit (1 / tick, rounded: for a tick of 10^-d, 10^d exactly).
    private struct Level {
        let tick: Double
        let decimals: Int
        let scale: Double
        let perTick: Double

        init(tick: Double, decimals: Int, scale: Double) {
            self.tick = tick
            self.decimals = decimals
            self.scale = scale
            perTick = decimals > 0 ? scale : 1 / tick
        }
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
