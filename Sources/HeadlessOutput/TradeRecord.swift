public import MarketDomain

/// One trade as `sise trades --format ndjson` prints it, a line each.
public struct TradeRecord: Codable, Sendable, Equatable {
    public var exchange: String
    public var market: String
    public var price: Double
    public var size: Double
    /// `buy` (a buyer took an ask) or `sell`.
    public var side: String
    /// Unix ms.
    public var timestamp: Int64
    public var id: Int64

    public init(_ trade: Trade, exchange: Exchange) {
        self.exchange = exchange.rawValue
        market = trade.market.rawValue
        price = trade.price
        size = trade.size
        side = trade.side.rawValue
        timestamp = trade.timestamp
        id = trade.id
    }
}

/// Trades as a table, newest first, with the time in KST as the Korean apps show it.
public enum TradeTable {
    public static func make(_ trades: [Trade]) -> TextTable {
        var table = TextTable(columns: [
            .init("Time (KST)"), .init("Side"), .init("Price", .right), .init("Size", .right),
        ])
        table.rows = trades.map { trade in
            [
                KoreanTime.clock(trade.timestamp), trade.side == .buy ? "buy" : "sell",
                NumberFormat.price(trade.price, quote: trade.market.quote),
                NumberFormat.fixed(trade.size, decimals: 4),
            ]
        }
        return table
    }

    /// The header of `sise trades --follow`'s lines.
    public static let followHeader = followLine(time: "Time (KST)", side: "Side", price: "Price", size: "Size")

    /// One trade as a line of `sise trades --follow`, in the table's columns at fixed widths.
    public static func followLine(_ trade: Trade) -> String {
        followLine(
            time: KoreanTime.clock(trade.timestamp), side: trade.side == .buy ? "buy" : "sell",
            price: NumberFormat.price(trade.price, quote: trade.market.quote),
            size: NumberFormat.fixed(trade.size, decimals: 4))
    }

    private static func followLine(time: String, side: String, price: String, size: String) -> String {
        func pad(_ text: String, _ width: Int, right: Bool) -> String {
            let fill = String(repeating: " ", count: max(0, width - text.count))
            return right ? fill + text : text + fill
        }
        return pad(time, 10, right: false) + "  " + pad(side, 4, right: false) + "  " + pad(price, 16, right: true)
            + "  " + pad(size, 14, right: true)
    }

    /// The line under the table: 체결강도 over these trades.
    public static func summary(_ trades: [Trade]) -> String {
        let strength = Trade.strength(of: trades).map { NumberFormat.fixed($0, decimals: 1) + "%" } ?? "—"
        return "\(trades.count) trades · 체결강도 \(strength) (bought / sold)"
    }
}
