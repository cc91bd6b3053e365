public import MarketDomain

/// One order book as `sise orderbook --format json` prints it: asks lowest first, bids highest
/// first, and the figures a trader reads off them.
public struct OrderBookRecord: Codable, Sendable, Equatable {
    public var exchange: String
    public var market: String
    /// When the exchange made the book, Unix ms.
    public var timestamp: Int64
    public var asks: [OrderBook.Level]
    public var bids: [OrderBook.Level]
    public var spread: Double?
    public var mid: Double?
    public var totalAskSize: Double
    public var totalBidSize: Double
    /// From −1 (asks only) to +1 (bids only).
    public var imbalance: Double?

    /// The record of `book` on `exchange`.
    public init(_ book: OrderBook, exchange: Exchange) {
        self.exchange = exchange.rawValue
        market = book.market.rawValue
        timestamp = book.timestamp
        asks = book.asks
        bids = book.bids
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
    public static func make(_ book: OrderBook) -> TextTable {
        var table = TextTable(columns: [.init("Side"), .init("Price", .right), .init("Size", .right)])
        let quote = book.market.quote
        table.rows =
            book.asks.reversed().map { ["ask", NumberFormat.price($0.price, quote: quote), size($0.size)] }
            + book.bids.map { ["bid", NumberFormat.price($0.price, quote: quote), size($0.size)] }
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
