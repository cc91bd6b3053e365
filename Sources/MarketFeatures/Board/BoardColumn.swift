public import MarketDomain

/// A column of the board's tables, named by the key both faces mark it with (the page's
/// `data-col`), and the order in which the columns give way on a narrow screen (issue 65): what
/// matters most stays, on a phone and in an 80-column terminal alike.
public enum BoardColumn: String, Sendable, Equatable, Codable, CaseIterable {
    case name, symbol, price, changeRate, change, value, d1m, d5m, d15m
    /// The Compare tab's: each Korean exchange's price, their spread, Binance's and the premium.
    case upbit, bithumb, korbit, spread, global, premium

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
