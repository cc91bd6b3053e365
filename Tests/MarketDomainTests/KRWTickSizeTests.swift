import Foundation
import Testing

@testable import MarketDomain

/// `KRWTickSize.snap` rounds without the C library's `round` and finds its level by comparisons:
/// it must give, bit for bit, what the plain formula gives (`rounded()`, the level's tick and
/// decimals, `max` with the smallest tick) on every kind of price.
@Suite struct KRWTickSizeTests {
    /// The plain formula the fast one must match.
    private func plainSnap(_ price: Double) -> Double {
        let tick = KRWTickSize.tick(for: price)
        let scale = KRWTickSize.power10(KRWTickSize.decimals(for: price))
        let snapped = (price / tick).rounded() * tick
        return max((snapped * scale).rounded() / scale, 0.00000001)
    }

    private func matches(_ price: Double) -> Bool {
        let (fast, plain) = (KRWTickSize.snap(price), plainSnap(price))
        return fast.bitPattern == plain.bitPattern || (fast.isNaN && plain.isNaN)
    }

    @Test func roundingMatchesTheLibrarysRoundingOnHalvesSignsAndLargeValues() {
        let values: [Double] = [
            0, -0.0, 0.3, -0.3, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994,
            4_503_599_627_370_495.5, 4_503_599_627_370_496, 9_007_199_254_740_993, -4_503_599_627_370_495.5,
            1e300, -1e300, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        for value in values {
            #expect(KRWTickSize.roundedHalfAwayFromZero(value).bitPattern == value.rounded().bitPattern, "\(value)")
        }
        #expect(KRWTickSize.roundedHalfAwayFromZero(.nan).isNaN)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100_000 {
            let value = Double.random(in: -1e6...1e6, using: &generator) / 7
            #expect(KRWTickSize.roundedHalfAwayFromZero(value) == value.rounded(), "\(value)")
        }
    }

    @Test func snapMatchesThePlainFormulaAtEveryLevel() {
        // Each level's bounds and their neighbours, halves between ticks, and special values.
        let bounds: [Double] = [
            2_000_000, 1_000_000, 500_000, 100_000, 10_000, 1_000, 100, 10, 1, 0.1, 0.01, 0.001, 0.0001, 0.00001,
        ]
        var prices: [Double] = [0, -0.0, .infinity, -.infinity, .nan, 1e300, -5, -1_234.56, 0.30000000000000004]
        for bound in bounds {
            prices += [bound, bound.nextUp, bound.nextDown, bound * 1.5, bound - KRWTickSize.tick(for: bound) / 2]
            let tick = KRWTickSize.tick(for: bound)
            prices += (1...20).map { bound + (Double($0) + 0.5) * tick }
        }
        for price in prices { #expect(matches(price), "\(price)") }
        // Prices spread over every level, as a simulated market draws them.
        var generator = SystemRandomNumberGenerator()
        var mismatches: [Double] = []
        for _ in 0..<200_000 {
            let price = exp(Double.random(in: log(0.000001)...log(1e10), using: &generator))
            if !matches(price) { mismatches.append(price) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// The ticks are counted with a product, which rounds like the quotient save within a hair of
    /// a half tick: there, and a few units in the last place around it, the result is still the
    /// plain formula's.
    @Test func snapMatchesThePlainFormulaWithinAHairOfAHalfTick() {
        var generator = SystemRandomNumberGenerator()
        var mismatches: [Double] = []
        var checked = 0
        for bound in [2_000_000.0, 1_000_000, 500_000, 100_000, 10_000, 1_000, 100, 10, 1, 0.1, 0.01, 0.001, 0.0001] {
            let tick = KRWTickSize.tick(for: bound)
            for _ in 0..<2_000 {
                let whole = Double(Int.random(in: 0...5_000, using: &generator))
                let half = bound + (whole + 0.5) * tick
                var below = half
                var above = half
                for _ in 0..<8 {
                    for price in [below, above] where !matches(price) { mismatches.append(price) }
                    checked += 2
                    below = below.nextDown
                    above = above.nextUp
                }
                // A hundred-thousandth of a tick either side: the edge of where the product is trusted.
                for offset in [-1e-5, 1e-5, -1.0001e-5, 1.0001e-5, -0.9999e-5, 0.9999e-5] {
                    let price = half + offset * tick
                    if !matches(price) { mismatches.append(price) }
                    checked += 1
                }
            }
        }
        #expect(checked > 200_000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
