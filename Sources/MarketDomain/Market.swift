/// A tradable pair on one exchange, with the names people know it by.
public struct Market: Sendable, Hashable, Codable, Identifiable {
    /// The market code, e.g. `KRW-BTC`.
    public let id: MarketID
    /// The coin's Korean name, e.g. `비트코인`.
    public let koreanName: String
    /// The coin's English name, e.g. `Bitcoin`.
    public let englishName: String
    /// The exchange's 유의 or 주의 warning on the market, if any.
    public var warning: MarketWarning?

    /// Makes a market from its code and names.
    public init(id: MarketID, koreanName: String, englishName: String, warning: MarketWarning? = nil) {
        self.id = id
        self.koreanName = koreanName
        self.englishName = englishName
        self.warning = warning
    }

    /// The coin's symbol, e.g. `BTC`.
    public var symbol: String { id.base }
    /// The quote currency, e.g. `KRW`.
    public var quote: String { id.quote }

    /// The name to show in the chosen language, falling back to the other when one is empty.
    public func name(in language: NameLanguage) -> String {
        switch language {
        case .korean: koreanName.isEmpty ? englishName : koreanName
        case .english: englishName.isEmpty ? koreanName : englishName
        }
    }
}

/// Which of a market's names to show (`--names en` picks English).
public enum NameLanguage: String, Sendable, Hashable, Codable, CaseIterable {
    case korean = "ko"
    case english = "en"
}
