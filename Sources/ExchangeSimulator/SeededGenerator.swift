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

    /// A standard normal draw (Box–Muller).
    mutating func gaussian() -> Double {
        let first = max(unit(), .leastNonzeroMagnitude)
        let second = unit()
        return (-2 * log(first)).squareRoot() * cos(2 * .pi * second)
    }

    /// A draw whose logarithm is uniform between the logarithms of the bounds.
    mutating func logUniform(_ lower: Double, _ upper: Double) -> Double {
        exp(log(lower) + unit() * (log(upper) - log(lower)))
    }
}
