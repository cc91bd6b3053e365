public import MarketDomain

/// The stocks Sise knows by name (the KRX list and the S&P 500), for the local search and for
/// naming what the sources return: KIS's quotes carry no name at all, Yahoo's only English ones.
public struct StockDirectory: Sendable {
    /// Every stock, in the lists' order.
    public private(set) var stocks: [Stock]
    private var byCode: [String: Stock]

    /// A directory of these stocks.
    public init(_ stocks: [Stock]) {
        self.stocks = stocks
        byCode = Dictionary(stocks.map { ($0.code.uppercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The directory with English names filled in where a stock has none (from a source's own
    /// data, kept in the store); a stock that has one keeps it.
    /// When every such stock already has its name, it is this directory itself (its storage
    /// shared, not copied: every Watchlist tab of a server starts from one directory).
    public func addingEnglishNames(_ names: [String: String]) -> StockDirectory {
        let missing = stocks.contains { stock in
            stock.englishName.isEmpty && !(names[stock.code] ?? "").isEmpty
        }
        guard missing else { return self }
        return StockDirectory(
            stocks.map { stock in
                guard stock.englishName.isEmpty, let name = names[stock.code], !name.isEmpty else { return stock }
                return Stock(code: stock.code, koreanName: stock.koreanName, englishName: name, market: stock.market)
            })
    }

    /// Fills in one stock's English name where it has none, in place (one learned at a time
    /// costs one entry, not a new directory).
    public mutating func setEnglishName(_ name: String, of code: String) {
        let key = code.uppercased()
        guard let stock = byCode[key], stock.englishName.isEmpty, !name.isEmpty,
            let index = stocks.firstIndex(where: { $0.code == stock.code })
        else { return }
        let named = Stock(code: stock.code, koreanName: stock.koreanName, englishName: name, market: stock.market)
        stocks[index] = named
        byCode[key] = named
    }

    /// The stocks of a market group without an English name, in the list's order (largest first
    /// for the KRX list).
    public func stocksWithoutEnglishName(on source: StockSource) -> [Stock] {
        stocks.filter { $0.englishName.isEmpty && $0.market.isKorean && source.serves($0.market) }
    }

    /// The stock with a code (`005930`, `aapl`) or a Yahoo symbol (`005930.KS`).
    public func stock(_ code: String) -> Stock? {
        let upper = code.uppercased()
        if let stock = byCode[upper] { return stock }
        for suffix in [".KS", ".KQ"] where upper.hasSuffix(suffix) {
            return byCode[String(upper.dropLast(suffix.count))]
        }
        return nil
    }

    /// Local matches at every keystroke: a code starting with the query first, then names
    /// containing it (Korean, English, or by 초성: `ㅅㅅㅈㅈ` finds 삼성전자), at most `limit`.
    public func search(_ query: String, on source: StockSource, limit: Int = 20) -> [Stock] {
        let matcher = SearchMatcher(query)
        guard !matcher.matchesEverything else { return [] }
        let upper = query.uppercased().filter { $0 != " " }
        var byCode: [Stock] = []
        var byName: [Stock] = []
        for stock in stocks where source.serves(stock.market) {
            if stock.code.uppercased().hasPrefix(upper) {
                byCode.append(stock)
            } else if matcher.matches(stock.asMarket) {
                byName.append(stock)
            }
        }
        return Array((byCode + byName).prefix(limit))
    }
}
