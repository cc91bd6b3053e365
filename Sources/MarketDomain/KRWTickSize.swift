/// Upbit's KRW order price units (호가 단위) by price level, which set how many decimals a KRW
/// price has. Table from docs.upbit.com "원화 마켓 주문 가격 단위" (2024-01-29 policy).
public enum KRWTickSize {
    /// Price levels (at or above) and their tick sizes, highest first.
    private static let levels: [(atLeast: Double, tick: Double, decimals: Int)] = [
        (2_000_000, 1000, 0),
        (1_000_000, 500, 0),
        (500_000, 100, 0),
        (100_000, 50, 0),
        (10_000, 10, 0),
        (1_000, 1, 0),
        (100, 0.1, 1),
        (10, 0.01, 2),
        (1, 0.001, 3),
        (0.1, 0.0001, 4),
        (0.01, 0.00001, 5),
        (0.001, 0.000001, 6),
        (0.0001, 0.0000001, 7),
    ]

    /// The order price unit for a price, e.g. 1,000 at 100,000,000 KRW or 0.1 at 500 KRW.
    public static func tick(for price: Double) -> Double {
        level(for: price).tick
    }

    /// How many decimals a price at this level is written with.
    public static func decimals(for price: Double) -> Int {
        level(for: price).decimals
    }

    /// The price moved to the nearest multiple of its tick size, never below the smallest tick.
    public static func snap(_ price: Double) -> Double {
        let (tick, decimals) = level(for: price)
        let snapped = (price / tick).rounded() * tick
        // Re-round to the tick's decimals so binary fractions do not leak (0.30000000000000004).
        // A price rounded up into the next level lands on its lowest price, a multiple of both
        // ticks: either level's decimals give the same (correctly rounded) quotient.
        let scale = power10(decimals)
        return max((snapped * scale).rounded() / scale, 0.00000001)
    }

    private static func level(for price: Double) -> (tick: Double, decimals: Int) {
        let magnitude = abs(price)
        for level in levels where magnitude >= level.atLeast {
            return (level.tick, level.decimals)
        }
        return (0.00000001, 8)
    }

    /// 10 to the power of a small exponent, exactly.
    public static func power10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
