import Foundation
import MarketDomain

/// Candles made up inside a longer one, so that they add up to it exactly: the simulator's minutes
/// before it started (in a day candle it already has) and its seconds of a minute it no longer
/// keeps by the second. The path walks from the long candle's open to its close, touches its high
/// and its low, and the parts' volumes and values sum to its own.
enum CandlePath {
    /// Candles starting at `starts` (ascending, within the long candle) that make up `whole`:
    /// the first opens at its open, the last closes at its close, the highest high and lowest low
    /// are its own, every price on the grid of `snap`. Drawn from `generator`, so the same seed
    /// gives the same candles.
    static func split(
        _ whole: IntervalCandle, starts: [Int64], snap: (Double) -> Double, generator: inout SeededGenerator
    ) -> [IntervalCandle] {
        let count = starts.count
        guard count > 1, whole.open > 0, whole.close > 0 else {
            return starts.isEmpty ? [] : [IntervalCandle(start: starts[0], candle: whole)]
        }
        // A walk in log price, bent into a bridge from the open to the close.
        let step = 0.6 * max(log(whole.high / whole.low), 1e-6) / Double(count).squareRoot()
        var walk = [0.0]
        walk.reserveCapacity(count + 1)
        for _ in 0..<count { walk.append(walk[walk.count - 1] + generator.gaussian() * step) }
        let (first, last) = (log(whole.open), log(whole.close))
        let points = (0...count).map { index -> Double in
            let share = Double(index) / Double(count)
            return exp(first + share * (last - first) + walk[index] - share * walk[count])
        }
        var shapes: [(open: Double, high: Double, low: Double, close: Double)] = (0..<count).map { index in
            let (open, close) = (points[index], points[index + 1])
            let wick = exp((abs(generator.gaussian()) + 0.05) * step * 0.5)
            return (open, max(open, close) * wick, min(open, close) / wick, close)
        }
        // Stretch what lies beyond the open and close so the extremes are the whole candle's.
        let (upper, lower) = (max(whole.open, whole.close), min(whole.open, whole.close))
        let top = shapes.map(\.high).max() ?? upper
        let bottom = shapes.map(\.low).min() ?? lower
        func fitted(_ price: Double) -> Double {
            if price > upper, top > upper {
                return snap(upper + (price - upper) * (whole.high - upper) / (top - upper))
            }
            if price < lower, bottom < lower {
                return snap(lower - (lower - price) * (lower - whole.low) / (lower - bottom))
            }
            return snap(price)
        }
        shapes = shapes.map { (fitted($0.open), fitted($0.high), fitted($0.low), fitted($0.close)) }
        shapes[0].open = whole.open
        shapes[count - 1].close = whole.close
        // Amounts in random shares that sum to the whole's; each part's value is its volume at a
        // price inside its own range, so that its trades could have printed it.
        let shares = (0..<count).map { _ in exp(generator.gaussian() * 0.7) }
        let shareSum = shares.reduce(0, +)
        let parts = (0..<count).map { index in
            let shape = shapes[index]
            return IntervalCandle(
                start: starts[index], open: shape.open, high: max(shape.high, shape.open, shape.close),
                low: min(shape.low, shape.open, shape.close), close: shape.close,
                volume: whole.volume * shares[index] / shareSum, value: 0)
        }
        return CandleValues.filled(parts, volume: whole.volume, value: whole.value)
    }

    /// A generator for the parts of one candle of one market: the same market and start always
    /// draw the same parts.
    static func generator(market: MarketID, start: Int64, salt: UInt64) -> SeededGenerator {
        var seed: UInt64 = 0xcbf2_9ce4_8422_2325 ^ salt
        for byte in market.rawValue.utf8 { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01b3 }
        seed = (seed ^ UInt64(bitPattern: start)) &* 0x100_0000_01b3
        return SeededGenerator(seed: seed)
    }
}

extension IntervalCandle {
    /// `candle`'s prices and amounts at another start.
    init(start: Int64, candle: IntervalCandle) {
        self = candle
        self.start = start
    }
}
