public import MarketDomain

/// One order book as `sise orderbook --format json` prints it: asks lowest first, bids highest
/// first, and the figures a trader reads off them.
public struct OrderBookRecord: Codable, Sendable, Equatable {
    /// One level: its price, its size, and with `--cumulative` the running total from the best
    /// price out (누적).
    public struct Level: Codable, Sendable, Equatable {
        public var price: Double
        public var size: Double
        public var total: Double?
    }

    public var exchange: String
    public var market: String
    /// When the exchange made the book, Unix ms.
    public var timestamp: Int64
    /// The unit the prices are grouped by (호가 모아보기); absent when not grouped.
    public var group: Double?
    public var asks: [Level]
    public var bids: [Level]
    public var spread: Double?
    public var mid: Double?
    public var totalAskSize: Double
    public var totalBidSize: Double
    /// From −1 (asks only) to +1 (bids only).
    public var imbalance: Double?

    /// The record of `book` on `exchange`, grouped by `group`, with running totals when `cumulative`.
    public init(_ book: OrderBook, exchange: Exchange, group: Double? = nil, cumulative: Bool = false) {
        self.exchange = exchange.rawValue
        market = book.market.rawValue
        timestamp = book.timestamp
        self.group = group
        func levels(_ side: [OrderBook.Level]) -> [Level] {
            zip(side, OrderBook.runningTotals(side)).map { level, total in
                Level(price: level.price, size: level.size, total: cumulative ? total : nil)
            }
        }
        asks = levels(book.asks)
        bids = levels(book.bids)
        spread = book.spread
        mid = book.mid
        totalAskSize = book.totalAskSize
        totalBidSize = book.totalBidSize
        imbalance = book.imbalance
    }
}

/// An order book as a table, as the exchanges' apps lay it out: the asks from the deepest down to
/// the best, then the bids from the best down, so the best ask sits right above the best bid.
public enum OrderBookTable {
    /// The table of `book`; with `cumulative`, a column of each side's running total (누적).
    public static func make(_ book: OrderBook, cumulative: Bool = false) -> TextTable {
        var columns: [TextTable.Column] = [.init("Side"), .init("Price", .right), .init("Size", .right)]
        if cumulative { columns.append(.init("Total", .right)) }
        var table = TextTable(columns: columns)
        let quote = book.market.quote
        func rows(_ side: [OrderBook.Level], _ name: String) -> [[String]] {
            zip(side, OrderBook.runningTotals(side)).map { level, total in
                [name, NumberFormat.price(level.price, quote: quote), size(level.size)]
                    + (cumulative ? [size(total)] : [])
            }
        }
        table.rows = rows(book.asks, "ask").reversed() + rows(book.bids, "bid")
        return table
    }

    /// The line under the table: spread, mid and how the sizes lean.
    public static func summary(_ book: OrderBook) -> String {
        let quote = book.market.quote
        let spread = book.spread.map { NumberFormat.price($0, quote: quote) } ?? "—"
        let mid = book.mid.map { NumberFormat.price($0, quote: quote) } ?? "—"
        let imbalance = book.imbalance.map { NumberFormat.fixed($0 * 100, decimals: 1) + "%" } ?? "—"
        return "spread \(spread) · mid \(mid) · asks \(size(book.totalAskSize)) · bids \(size(book.totalBidSize))"
            + " · imbalance \(imbalance)"
    }

    private static func size(_ value: Double) -> String { NumberFormat.fixed(value, decimals: 4) }
}
