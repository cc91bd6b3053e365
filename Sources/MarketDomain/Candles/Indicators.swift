/// The indicators a trader lays over candles (issue 30), as pure functions of the closes, oldest
/// first. Each answer has one entry a close, `nil` where the indicator is not defined yet (the
/// first `period − 1`). They follow the conventions of the `ta` library (bukosabino/ta, on
/// pandas), which the tests pin them to: exponential averages start at the first close and are
/// shown from the period's end; RSI smooths gains and losses by 1/period (Wilder's); Bollinger
/// bands take the population deviation.
public enum Indicators {
    /// The mean of the last `period` closes.
    public static func simpleMovingAverage(_ closes: [Double], period: Int) -> [Double?] {
        guard period > 0 else { return closes.map { _ in nil } }
        var sum = 0.0
        return closes.indices.map { index in
            sum += closes[index]
            if index >= period { sum -= closes[index - period] }
            return index >= period - 1 ? sum / Double(period) : nil
        }
    }

    /// The exponential average with weight 2 / (period + 1), started at the first close.
    public static func exponentialMovingAverage(_ closes: [Double], period: Int) -> [Double?] {
        smoothed(closes, alpha: 2 / (Double(period) + 1), shownFrom: period - 1)
    }

    /// A Bollinger band at one close: the moving average and that many deviations either side.
    public struct Band: Sendable, Equatable {
        public var middle: Double
        public var upper: Double
        public var lower: Double
    }

    /// Bollinger bands: the `period` average ± `deviations` population standard deviations.
    public static func bollingerBands(_ closes: [Double], period: Int = 20, deviations: Double = 2) -> [Band?] {
        let averages = simpleMovingAverage(closes, period: period)
        return closes.indices.map { index in
            guard let mean = averages[index] else { return nil }
            let window = closes[(index - period + 1)...index]
            let variance = window.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(period)
            let spread = deviations * variance.squareRoot()
            return Band(middle: mean, upper: mean + spread, lower: mean - spread)
        }
    }

    /// The relative strength index, 0–100: gains against losses, each smoothed by 1 / period; 100
    /// when nothing was lost.
    public static func relativeStrengthIndex(_ closes: [Double], period: Int = 14) -> [Double?] {
        guard period > 0 else { return closes.map { _ in nil } }
        let changes = closes.indices.map { $0 == 0 ? 0 : closes[$0] - closes[$0 - 1] }
        let gains = smoothed(changes.map { max($0, 0) }, alpha: 1 / Double(period), shownFrom: period - 1)
        let losses = smoothed(changes.map { max(-$0, 0) }, alpha: 1 / Double(period), shownFrom: period - 1)
        return zip(gains, losses).map { gain, loss in
            guard let gain, let loss else { return nil }
            return loss == 0 ? 100 : 100 - 100 / (1 + gain / loss)
        }
    }

    /// MACD's three lines: the fast average less the slow one, its own average (the signal), and
    /// their difference (the histogram).
    public struct MACD: Sendable, Equatable {
        public var line: [Double?]
        public var signal: [Double?]
        public var histogram: [Double?]
    }

    /// MACD (12, 26, 9 by default): the line from the slow period's end, the signal `signal`
    /// closes after it.
    public static func macd(_ closes: [Double], fast: Int = 12, slow: Int = 26, signal: Int = 9) -> MACD {
        let fastAverage = exponentialMovingAverage(closes, period: fast)
        let slowAverage = exponentialMovingAverage(closes, period: slow)
        let line = zip(fastAverage, slowAverage).map { fast, slow in fast.flatMap { fast in slow.map { fast - $0 } } }
        // The signal starts at the line's first value and is shown once it has `signal` of them.
        let first = line.firstIndex { $0 != nil } ?? line.count
        let defined = line[first...].compactMap { $0 }
        let averaged = smoothed(defined, alpha: 2 / (Double(signal) + 1), shownFrom: signal - 1)
        let signalLine = Array(repeating: nil, count: first) + averaged
        let histogram = zip(line, signalLine).map { line, signal in line.flatMap { line in signal.map { line - $0 } } }
        return MACD(line: line, signal: signalLine, histogram: histogram)
    }

    /// The recursive average `previous + alpha × (value − previous)`, started at the first value,
    /// `nil` before `shownFrom`.
    private static func smoothed(_ values: [Double], alpha: Double, shownFrom: Int) -> [Double?] {
        var average = values.first ?? 0
        return values.indices.map { index in
            if index > 0 { average += alpha * (values[index] - average) }
            return index >= shownFrom ? average : nil
        }
    }
}
