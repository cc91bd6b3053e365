/// Where a premium stands against its own past (issue 29): its percentile among the closes of
/// the last day, week, month and 90 days (100 is the highest of the window, 0 the lowest).
public struct PremiumStanding: Sendable, Hashable, Codable {
    /// A window looked back over.
    public enum Window: String, Sendable, Hashable, Codable, CaseIterable {
        case day = "1d"
        case week = "1w"
        case month = "1m"
        case quarter = "90d"

        /// Its length in ms.
        public var milliseconds: Int64 {
            switch self {
            case .day: 86_400_000
            case .week: 7 * 86_400_000
            case .month: 30 * 86_400_000
            case .quarter: 90 * 86_400_000
            }
        }
    }

    public var window: Window
    /// The percentile, 0–100; `nil` when the window holds too few closes to say.
    public var percentile: Int?

    /// A standing from its fields.
    public init(window: Window, percentile: Int?) {
        self.window = window
        self.percentile = percentile
    }

    /// Fewer closes than this in a window say nothing.
    public static let minimumCloses = 5

    /// The standings of `value` at `now` (Unix ms) on `basis`, each window read from the finest
    /// bars that cover nine tenths of it (minutes, hours, days), else from those that cover the
    /// most of it: a day of recording ranks against its minutes, a history back-filled from daily
    /// candles against its days.
    public static func of(
        _ value: Double, basis: PremiumBasis, now: Int64, minutes: [PremiumBar], hours: [PremiumBar],
        days: [PremiumBar]
    ) -> [PremiumStanding] {
        Window.allCases.map { window in
            let since = now - window.milliseconds
            let series = [minutes, hours, days].map { bars in
                let inWindow = bars.filter { $0.start >= since }
                return (
                    closes: inWindow.compactMap { $0.on(basis)?.close },
                    coverage: inWindow.first.map { now - $0.start } ?? 0
                )
            }.filter { $0.closes.count >= minimumCloses }
            let chosen =
                series.first { $0.coverage * 10 >= window.milliseconds * 9 } ?? series.max { $0.coverage < $1.coverage }
            return PremiumStanding(window: window, percentile: chosen.map { percentile(of: value, among: $0.closes) })
        }
    }

    /// The share of `closes` at or below `value`, as a whole percentage.
    public static func percentile(of value: Double, among closes: [Double]) -> Int {
        guard !closes.isEmpty else { return 0 }
        let below = closes.count { $0 < value }
        let equal = closes.count { $0 == value }
        return Int(((Double(below) + Double(equal) / 2) / Double(closes.count) * 100).rounded())
    }

    /// `1d p72 · 1w p90 · 1m p95 · 90d –`.
    public static func summary(_ standings: [PremiumStanding]) -> String {
        standings.map { "\($0.window.rawValue) " + ($0.percentile.map { "p\($0)" } ?? "–") }
            .joined(separator: " · ")
    }
}
