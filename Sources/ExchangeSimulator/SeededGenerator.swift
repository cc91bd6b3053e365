import Foundation

/// A small, fast, seedable random generator (SplitMix64), so a simulated market is the same
/// for the same seed on every machine.
struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// How far each draw moves the state.
    private static let step: UInt64 = 0x9E37_79B9_7F4A_7C15

    mutating func next() -> UInt64 {
        state &+= Self.step
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// The generator as it will be after `count` more draws of ``next()``, without making them:
    /// each draw moves the state by the same step (SplitMix64), so a part of the sequence can be
    /// drawn on its own, from where it begins.
    func skipping(_ count: Int) -> SeededGenerator {
        var skipped = self
        skipped.state &+= Self.step &* UInt64(count)
        return skipped
    }

    /// A uniform draw in `0..<1`.
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// A standard normal draw from one uniform draw, by the inverse of the normal distribution
    /// (Peter Acklam's rational approximation, within 1.2e-9 of it): in the middle 95 % a ratio of
    /// polynomials, a logarithm only in the tails. A simulated market makes a year of daily candles
    /// for every coin at start-up, three normal draws a day, so this is start-up's commonest sum.
    mutating func gaussian() -> Double {
        // Strictly between 0 and 1, so that neither tail's logarithm is of 0.
        let p = (Double(next() >> 11) + 0.5) / Double(1 << 53)
        let tail = 0.02425
        if p < tail { return Self.tail(p) }
        if p > 1 - tail { return -Self.tail(1 - p) }
        let q = p - 0.5
        let r = q * q
        let numerator =
            (((((-39.696_830_286_653_76 * r + 220.946_098_424_520_5) * r - 275.928_510_446_968_7) * r
                + 138.357_751_867_269) * r - 30.664_798_066_147_16) * r + 2.506_628_277_459_239) * q
        let denominator =
            ((((-54.476_098_798_224_06 * r + 161.585_836_858_040_9) * r - 155.698_979_859_886_6) * r
                + 66.801_311_887_719_72) * r - 13.280_681_552_885_72) * r + 1
        return numerator / denominator
    }

    /// The normal draw of a lower-tail probability `p` (below 0.02425).
    private static func tail(_ p: Double) -> Double {
        let q = (-2 * log(p)).squareRoot()
        let numerator =
            ((((-0.007_784_894_002_430_293 * q - 0.322_396_458_041_136_5) * q - 2.400_758_277_161_838) * q
                - 2.549_732_539_343_734) * q + 4.374_664_141_464_968) * q + 2.938_163_982_698_783
        let denominator =
            (((0.007_784_695_709_041_462 * q + 0.322_467_129_070_039_8) * q + 2.445_134_137_142_996) * q
                + 3.754_408_661_907_416) * q + 1
        return numerator / denominator
    }

    /// A draw whose logarithm is uniform between the logarithms of the bounds.
    mutating func logUniform(_ lower: Double, _ upper: Double) -> Double {
        exp(log(lower) + unit() * (log(upper) - log(lower)))
    }
}
