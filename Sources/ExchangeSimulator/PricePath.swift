import Foundation

/// A coin's price as a function of its seed and the wall clock (issue 65): every copy of Sise on
/// the same seed (the app, `sise serve`, each CLI run) shows the same market at the same moment.
///
/// The log price wanders like a random walk (its variance over a span grows with the span, from a
/// second to about a week) but stays within a few daily moves of the coin's level: it is a sum of
/// twenty octaves of value noise, each a line between normal draws at points 2^k seconds apart
/// (k = 0…19), weighted by the square root of its spacing. Each draw is made from its point's own
/// seed, so the price of any moment is about forty draws away, whatever came before.
struct PricePath: Sendable, Equatable {
    /// The coin's own seed (the world's seed mixed with its market code).
    let seed: UInt64

    /// The path of `code` in the world of `worldSeed`.
    init(code: String, worldSeed: UInt64) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ worldSeed
        for byte in code.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        seed = hash
    }

    /// How many octaves are summed: the slowest has points 2^19 s (about six days) apart.
    static let octaves = 20
    /// Each octave's weight per square root of its spacing in days, so that the path's variance
    /// over a day is about one (a day's move is the coin's daily volatility).
    private static let scale = 0.5

    /// The path's offset at `time` (Unix ms), in daily volatilities: the log price's distance
    /// from the coin's level. Zero-centred; a day moves it by about one, an hour by a fifth.
    func offset(at time: Int64) -> Double {
        var sum = 0.0
        for octave in 0..<Self.octaves {
            let spacing = Int64(1_000) << octave
            let point = time >= 0 ? time / spacing : (time - spacing + 1) / spacing
            let fraction = Double(time - point * spacing) / Double(spacing)
            let before = draw(octave, point)
            let after = draw(octave, point + 1)
            let weight = Self.scale * (Double(spacing) / 86_400_000).squareRoot()
            sum += weight * (before + (after - before) * fraction)
        }
        return sum
    }

    /// The price at `time` of a coin at `level` moving by `volatility` a day.
    func price(at time: Int64, level: Double, volatility: Double) -> Double {
        level * exp(volatility * offset(at: time))
    }

    /// The normal draw at `point` of `octave`.
    private func draw(_ octave: Int, _ point: Int64) -> Double {
        var generator = SeededGenerator(
            seed: seed ^ (UInt64(octave) &* 0xD6E8_FEB8_6659_FD93)
                ^ (UInt64(bitPattern: point) &* 0xA076_1D64_78BD_642F))
        return generator.gaussian()
    }
}
