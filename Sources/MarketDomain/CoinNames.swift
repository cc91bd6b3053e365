/// The shared coin-name table: each symbol's Korean and English names, taken from the exchanges
/// that publish them (Upbit, Bithumb) and lent to those that don't (Korbit has English names
/// only, Binance none).
public struct CoinNames: Sendable, Equatable, Codable {
    /// A coin's names.
    public struct Names: Sendable, Equatable, Codable {
        /// The Korean name, e.g. `비트코인`.
        public var korean: String
        /// The English name, e.g. `Bitcoin`.
        public var english: String

        /// Makes a pair of names.
        public init(korean: String, english: String) {
            self.korean = korean
            self.english = english
        }
    }

    /// Names by upper-case symbol.
    public private(set) var bySymbol: [String: Names]

    /// A table from names by symbol.
    public init(bySymbol: [String: Names] = [:]) {
        self.bySymbol = bySymbol
    }

    /// A table from markets that carry Korean names; the first market named for a symbol wins.
    public init(markets: [Market]) {
        bySymbol = [:]
        merge(markets)
    }

    /// Adds the names of markets not yet in the table (markets without a Korean name are skipped).
    public mutating func merge(_ markets: [Market]) {
        for market in markets where !market.koreanName.isEmpty && bySymbol[market.symbol] == nil {
            bySymbol[market.symbol] = Names(korean: market.koreanName, english: market.englishName)
        }
    }

    /// Whether the table knows no coin.
    public var isEmpty: Bool { bySymbol.isEmpty }

    /// The names of a symbol, if known.
    public subscript(symbol: String) -> Names? { bySymbol[symbol.uppercased()] }

    /// The market with its empty names filled in from the table (its own names kept).
    public func naming(_ market: Market) -> Market {
        guard let names = self[market.symbol] else { return market }
        return Market(
            id: market.id, koreanName: market.koreanName.isEmpty ? names.korean : market.koreanName,
            englishName: market.englishName.isEmpty ? names.english : market.englishName)
    }
}
