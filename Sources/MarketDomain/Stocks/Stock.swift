/// A listed stock (SPEC §1.7): its code, names, market and currency.
public struct Stock: Sendable, Hashable, Codable, Identifiable {
    /// The code as people type it: the 6-digit KRX code (`005930`) or the US ticker (`AAPL`).
    public let code: String
    /// The Korean name (`삼성전자`); for US stocks the English name stands in.
    public let koreanName: String
    /// The English name (`Samsung Electronics`, `Apple`).
    public let englishName: String
    /// Where it trades.
    public let market: StockMarket

    /// Makes a stock.
    public init(code: String, koreanName: String, englishName: String, market: StockMarket) {
        self.code = code
        self.koreanName = koreanName
        self.englishName = englishName
        self.market = market
    }

    public var id: String { code }

    /// The currency it is priced in.
    public var currency: String { market.currency }

    /// The name to show in a language, falling back to the other when one is empty.
    public func name(in language: NameLanguage) -> String {
        switch language {
        case .korean: koreanName.isEmpty ? englishName : koreanName
        case .english: englishName.isEmpty ? koreanName : englishName
        }
    }

    /// The name as a `Market` would carry it, so the board's search matcher (초성 included) applies.
    public var asMarket: Market {
        Market(id: MarketID(quote: currency, base: code), koreanName: koreanName, englishName: englishName)
    }

    /// Whether a 6-digit KRX code: `005930`.
    public static func isKRXCode(_ text: String) -> Bool {
        text.count == 6 && text.allSatisfy { $0.isASCII && ($0.isNumber || $0.isUppercase) }
            && text.first?.isNumber == true
    }
}

/// A stock market (SPEC §1.7).
public enum StockMarket: String, Sendable, Hashable, Codable, CaseIterable {
    case kospi = "KOSPI"
    case kosdaq = "KOSDAQ"
    case nasdaq = "NASDAQ"
    case nyse = "NYSE"

    /// `KRW` on the Korean markets, `USD` on the American ones.
    public var currency: String { isKorean ? "KRW" : "USD" }

    /// Whether a KRX market.
    public var isKorean: Bool { self == .kospi || self == .kosdaq }

    /// The suffix Yahoo gives its symbols: `.KS` for KOSPI, `.KQ` for KOSDAQ, none in the US.
    public var yahooSuffix: String {
        switch self {
        case .kospi: ".KS"
        case .kosdaq: ".KQ"
        case .nasdaq, .nyse: ""
        }
    }
}
