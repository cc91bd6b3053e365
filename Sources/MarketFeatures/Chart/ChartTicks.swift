import Foundation

/// Round values for a chart's axis (issue 65): a price axis reads `96,000,000 · 96,500,000`,
/// not `96,512,345 · 96,987,210`.
enum ChartTicks {
    /// About `count` values between `low` and `high` (both included when round), evenly spaced by
    /// 1, 2, 2.5 or 5 times a power of ten, lowest first; the ends themselves when the span is
    /// empty or not finite.
    static func round(from low: Double, to high: Double, about count: Int) -> [Double] {
        let span = high - low
        guard span > 0, span.isFinite, low.isFinite, count >= 2 else { return high > low ? [low, high] : [low] }
        let rough = span / Double(count - 1)
        let power = pow(10, floor(log10(rough)))
        let step = [1, 2, 2.5, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        var values: [Double] = []
        var index = (low / step).rounded(.up)
        // At most a dozen: a step can never give more than twice the count asked for.
        while index * step <= high + step * 1e-9, values.count < 12 {
            values.append(index * step)
            index += 1
        }
        return values.isEmpty ? [low, high] : values
    }
}
