/// The US dollar in won (issue 29): the bank rate the kimchi premium on the news is measured
/// against, with where it came from and when.
public struct ForexRate: Sendable, Hashable, Codable {
    /// Where a rate came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// Dunamu's forex quote (a bank's 매매기준율).
        case dunamu
        /// Yahoo's `KRW=X` chart.
        case yahoo

        /// `Dunamu` or `Yahoo`.
        public var displayName: String { self == .dunamu ? "Dunamu" : "Yahoo" }
    }

    /// KRW per dollar.
    public var usdKRW: Double
    public var source: Source
    /// The bank behind Dunamu's quote (`하나은행`), when it says.
    public var provider: String?
    /// When the rate was quoted, Unix ms.
    public var time: Int64

    /// The rates a quote may have: anything outside is a broken quote, not a rate.
    public static let plausible = 500.0...3_000.0

    /// A rate; nil when `usdKRW` is not a plausible one.
    public init?(usdKRW: Double, source: Source, provider: String? = nil, time: Int64) {
        guard usdKRW.isFinite, Self.plausible.contains(usdKRW) else { return nil }
        self.usdKRW = usdKRW
        self.source = source
        self.provider = provider.map { DisplayWidth.sanitized($0) }
        self.time = time
    }

    /// Where it came from in words: `Dunamu (하나은행)`, `Yahoo`.
    public var sourceText: String {
        provider.map { "\(source.displayName) (\($0))" } ?? source.displayName
    }

    /// `1,380.50`.
    public var rateText: String { NumberFormat.fixed(usdKRW, decimals: 2) }
}
