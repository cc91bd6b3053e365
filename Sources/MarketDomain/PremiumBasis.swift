/// What the Compare tab's premium is measured against (issue 29): tether (KRW-USDT on the
/// Korean exchange, what traders can actually convert at) or the bank rate (USD/KRW, the premium
/// on the news).
public enum PremiumBasis: String, Sendable, Hashable, Codable, CaseIterable {
    case usdt
    case fx

    /// `USDT` or `USD/KRW`.
    public var displayName: String { self == .usdt ? "USDT" : "USD/KRW" }

    /// The other basis.
    public var toggled: PremiumBasis { self == .usdt ? .fx : .usdt }

    /// The comparison's premium on this basis.
    public func premium(of row: CoinComparison) -> Double? {
        self == .usdt ? row.premium : row.premiumFX
    }
}
