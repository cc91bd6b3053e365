import Foundation
import Testing

@testable import ExchangeSimulator

@Suite struct SeededGeneratorTests {
    /// The normal draws (one uniform draw each, by the inverse of the distribution) have the
    /// standard normal's mean, spread and tails: 200,000 draws of a fixed seed, so the figures
    /// are the same on every run.
    @Test func normalDrawsHaveTheStandardNormalsMeanSpreadAndTails() {
        var generator = SeededGenerator(seed: 42)
        let start = generator
        let count = 200_000
        var sum = 0.0
        var squares = 0.0
        var beyond196 = 0
        var beyond3 = 0
        var lowest = Double.infinity
        var highest = -Double.infinity
        for _ in 0..<count {
            let draw = generator.gaussian()
            sum += draw
            squares += draw * draw
            if abs(draw) > 1.959_964 { beyond196 += 1 }
            if abs(draw) > 3 { beyond3 += 1 }
            lowest = min(lowest, draw)
            highest = max(highest, draw)
        }
        let mean = sum / Double(count)
        let deviation = (squares / Double(count) - mean * mean).squareRoot()
        #expect(abs(mean) < 0.01)
        #expect(abs(deviation - 1) < 0.01)
        // 5 % beyond ±1.96 and 0.27 % beyond ±3, each within a few of its standard errors.
        #expect(abs(Double(beyond196) / Double(count) - 0.05) < 0.002)
        #expect(abs(Double(beyond3) / Double(count) - 0.0027) < 0.0005)
        // Both tails are reached, and every draw is finite.
        #expect(lowest < -4 && highest > 4 && lowest.isFinite && highest.isFinite)
        // One uniform draw each: the coins' draw counts rely on it.
        #expect(generator == start.skipping(count))
    }

    /// The middle and the tails meet where the approximation changes formula (p = 0.02425),
    /// and the draws rise with the uniform draw they come from.
    @Test func normalDrawsRiseWithTheirUniformDrawAcrossEachFormula() {
        var draws: [(unit: Double, normal: Double)] = []
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<50_000 {
            var copy = generator
            let unit = copy.unit()
            draws.append((unit, generator.gaussian()))
        }
        let sorted = draws.sorted { $0.unit < $1.unit }
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.normal <= $1.normal })
        // The draw at the 2.425 % point is the normal quantile there, about -1.9727.
        let nearest = sorted.min { abs($0.unit - 0.02425) < abs($1.unit - 0.02425) }!
        #expect(abs(nearest.normal - -1.972_7) < 0.01)
    }
}
