/// An exchange's warning on a market (issue 28): 유의 (투자유의, an investment warning, the
/// stronger) or 주의 (투자주의, a caution), with the reasons the exchange gives.
public struct MarketWarning: Sendable, Hashable, Codable {
    /// How strong the warning is.
    public enum Level: String, Sendable, Hashable, Codable {
        /// 유의: the market may be delisted.
        case warning
        /// 주의: a caution for a reason such as a price swing.
        case caution

        /// `유의` or `주의`.
        public var label: String { self == .warning ? "유의" : "주의" }
    }

    public var level: Level
    /// Why, in Korean words: `가격 급등락`, `거래량 급등`.
    public var reasons: [String]

    /// Makes a warning.
    public init(level: Level, reasons: [String] = []) {
        self.level = level
        self.reasons = reasons
    }

    /// The warning in words: `주의: 가격 급등락, 거래량 급등`.
    public var description: String {
        reasons.isEmpty ? level.label : "\(level.label): \(reasons.joined(separator: ", "))"
    }

    /// Upbit's `market_event` caution names, in Korean, in the order Upbit lists them.
    public static let upbitCautionReasons: [(key: String, reason: String)] = [
        ("PRICE_FLUCTUATIONS", "가격 급등락"), ("TRADING_VOLUME_SOARING", "거래량 급등"),
        ("DEPOSIT_AMOUNT_SOARING", "입금량 급등"), ("GLOBAL_PRICE_DIFFERENCES", "글로벌 시세 차이"),
        ("CONCENTRATION_OF_SMALL_ACCOUNTS", "소수 계정 거래 집중"),
    ]

    /// The warning of Upbit's `market_event`: 유의 when `warning`, else 주의 when any caution is
    /// set; nil for none. Caution names Sise does not know are shown as sent.
    public static func upbit(warning: Bool, cautions: [String: Bool]) -> MarketWarning? {
        let known = upbitCautionReasons.filter { cautions[$0.key] == true }.map(\.reason)
        let unknown = cautions.filter { $0.value && !upbitCautionReasons.map(\.key).contains($0.key) }.keys.sorted()
        let reasons = known + unknown
        if warning { return MarketWarning(level: .warning, reasons: reasons) }
        return reasons.isEmpty ? nil : MarketWarning(level: .caution, reasons: reasons)
    }
}
