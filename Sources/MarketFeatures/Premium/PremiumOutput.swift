public import MarketDomain

/// A coin's premium history as the detail shows it (issue 29): the bars of the chosen interval
/// on the chosen basis, the premium of now on both, and where it stands against its past.
public struct PremiumOutput: Sendable, Equatable, Codable {
    public var interval: PremiumInterval = .minute
    public var basis: PremiumBasis = .usdt
    /// The bars, oldest first (both bases; the chart draws ``basis``).
    public var bars: [PremiumBar] = []
    /// `김프 vs USDT +3.41% · vs USD/KRW +5.02%`: the basis drawn first.
    public var headline = ""
    /// `1d p72 · 1w p90 · 1m p95 · 90d –`: the premium of now's percentile in each window.
    public var standing = ""
    /// Why there is no chart (nothing recorded yet, the store failing), while there is none.
    public var status: String?
    /// The amount in won the fillable premium is measured for (`+` `-` change it).
    public var fillAmount = PremiumOutput.defaultFillAmount
    /// `₩10,000,000 filled: 한국 매수 +3.52% · 한국 매도 +3.31% (vs USDT)`: what both books would
    /// fill for the amount, or why it cannot be said; nil until first measured.
    public var fillable: String?

    /// The fillable premium's amount at first: ₩10,000,000.
    public static let defaultFillAmount = 10_000_000.0
    /// The amounts `+` and `-` step through.
    public static let fillAmounts: [Double] = [1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// An output on `interval` and `basis`, before anything is read.
    public init(interval: PremiumInterval = .minute, basis: PremiumBasis = .usdt) {
        self.interval = interval
        self.basis = basis
    }

    /// `1m 1h 1d` with the chosen one marked, for the chart's title.
    public var intervalChoices: String {
        PremiumInterval.allCases.map { $0 == interval ? "[\($0.rawValue)]" : $0.rawValue }.joined(separator: " ")
    }

    /// The fillable premium's line for `result` at the amount.
    mutating func show(fillable result: FillablePremium) {
        func text(_ value: Double?) -> String { value.map(NumberFormat.changeRate) ?? "too thin" }
        fillable =
            "₩\(NumberFormat.fixed(fillAmount, decimals: 0)) filled: 한국 매수 \(text(result.buyKorea))"
            + " · 한국 매도 \(text(result.sellKorea)) (vs USDT)"
    }

    /// The output after `reading`, while the premium of now waits for the feeds named in
    /// `waiting` (when it has none).
    mutating func show(_ reading: PremiumHistorySource.Reading, symbol: String, waiting: [String] = []) {
        bars = reading.bars
        let now = reading.current
        func line(_ basis: PremiumBasis) -> String? {
            now?.on(basis).map { "vs \(basis.displayName) " + NumberFormat.changeRate($0.close) }
        }
        let lines = [line(basis).map { "김프 " + $0 }, line(basis.toggled)].compactMap { $0 }
        headline = lines.isEmpty ? "김프 " + PremiumFeeds.waitingText(waiting) : lines.joined(separator: " · ")
        standing = PremiumStanding.summary(reading.standings)
        let drawn = bars.contains { $0.on(basis) != nil }
        status =
            drawn
            ? nil
            : "No \(interval.rawValue) premium of \(symbol) over \(basis.displayName) recorded yet"
    }
}
