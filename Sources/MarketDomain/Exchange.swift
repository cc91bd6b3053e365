/// An exchange Sise can show, named as on the command line (`--exchange upbit`).
public enum Exchange: String, Sendable, Hashable, Codable, CaseIterable {
    case upbit
    case bithumb
    case korbit
    case binance

    /// The name shown to people.
    public var displayName: String {
        switch self {
        case .upbit: "Upbit"
        case .bithumb: "Bithumb"
        case .korbit: "Korbit"
        case .binance: "Binance"
        }
    }

    /// The name Korean users call it: 업비트, 빗썸, 코빗, 바이낸스.
    public var koreanName: String {
        switch self {
        case .upbit: "업비트"
        case .bithumb: "빗썸"
        case .korbit: "코빗"
        case .binance: "바이낸스"
        }
    }

    /// The currency its board is quoted in: `KRW` on the Korean exchanges, `USDT` on Binance.
    public var quoteCurrency: String {
        switch self {
        case .upbit, .bithumb, .korbit: "KRW"
        case .binance: "USDT"
        }
    }

    /// The quote currencies of the market groups it lists, its own first: Upbit and Bithumb have
    /// KRW, BTC and USDT markets (마켓); Korbit KRW only; Binance is read in USDT.
    public var quoteGroups: [String] {
        switch self {
        case .upbit, .bithumb: ["KRW", "BTC", "USDT"]
        case .korbit, .binance: [quoteCurrency]
        }
    }

    /// Whether this is a Korean (KRW) exchange.
    public var isKorean: Bool { quoteCurrency == "KRW" }

    /// The Korean exchanges, in the order the compare view lists them.
    public static let korean: [Exchange] = [.upbit, .bithumb, .korbit]
}
