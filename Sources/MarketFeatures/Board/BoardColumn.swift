public import MarketDomain

/// A column of the board's tables, named by the key both faces mark it with (the page's
/// `data-col`), and the order in which the columns give way on a narrow screen (issue 65): what
/// matters most stays, on a phone and in an 80-column terminal alike.
public enum BoardColumn: String, Sendable, Equatable, Codable, CaseIterable {
    case name, symbol, price, changeRate, change, value, d1m, d5m, d15m
    /// The Compare tab's: each Korean exchange's price, their spread, Binance's and the premium.
    case upbit, bithumb, korbit, spread, global, premium

    /// Its header in `language` (`--names`), the same in both faces: `현재가` or `Price`.
    public func title(_ language: NameLanguage) -> String {
        let korean = language == .korean
        return switch self {
        case .name: korean ? "이름" : "Name"
        case .symbol: korean ? "심볼" : "Symbol"
        case .price: korean ? "현재가" : "Price"
        case .changeRate: korean ? "등락률" : "Chg%"
        case .change: korean ? "변동" : "Change"
        case .value: korean ? "거래대금" : "Value"
        case .d1m: "Δ1m"
        case .d5m: "Δ5m"
        case .d15m: "Δ15m"
        case .upbit: korean ? "업비트" : "Upbit"
        case .bithumb: korean ? "빗썸" : "Bithumb"
        case .korbit: korean ? "코빗" : "Korbit"
        case .spread: korean ? "차이" : "Spread"
        case .global: korean ? "바이낸스 $" : "Binance $"
        case .premium: korean ? "김프" : "Prem"
        }
    }

    /// Every column's header in `language`, by its key: what the page's headers say (made once
    /// a language, not each frame).
    public static func titles(_ language: NameLanguage) -> [String: String] {
        language == .korean ? koreanTitles : englishTitles
    }

    private static let koreanTitles = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.title(.korean)) })
    private static let englishTitles = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.title(.english)) })

    /// The columns of `tab`'s table sorted by `key`, in the order they give way, the first to go
    /// first: the change in won and the moves nobody sorts by before the price, the premium and
    /// the 24h value; the sorted column and the name last of all.
    public static func givingWay(on tab: BoardTab, sortedBy key: SortKey) -> [BoardColumn] {
        let order: [BoardColumn] =
            tab == .compare
            ? [.global, .korbit, .bithumb, .symbol, .spread, .upbit, .premium]
            : [.change, .d1m, .d15m, .d5m, .symbol, .value, .changeRate, .price]
        let sorted = sorting(key, on: tab)
        return order.filter { $0 != sorted } + (sorted == .name ? [] : [sorted]) + [.name]
    }

    /// The column `key` sorts on `tab`'s table (Compare's 2 3 4 sort Upbit's price, the premium
    /// and the spread).
    public static func sorting(_ key: SortKey, on tab: BoardTab) -> BoardColumn {
        switch key {
        case .name: .name
        case .price: tab == .compare ? .upbit : .price
        case .change: tab == .compare ? .premium : .changeRate
        case .value: tab == .compare ? .spread : .value
        case .move1m: .d1m
        case .move5m: .d5m
        case .move15m: .d15m
        }
    }

    /// The columns shown on `width` when each takes `widths[column]` (its gap included) and
    /// the name at least `nameMinimum`: the ones of `givingWay` that are left after the first
    /// gave way while they did not fit (the name never does).
    public static func shown(
        width: Int, givingWay order: [BoardColumn], widths: [BoardColumn: Int], nameMinimum: Int
    ) -> Set<BoardColumn> {
        var shown = Set(order)
        var used = order.reduce(0) { $0 + ($1 == .name ? nameMinimum : widths[$1] ?? 0) }
        for column in order where used > width && column != .name {
            shown.remove(column)
            used -= widths[column] ?? 0
        }
        return shown
    }
}
