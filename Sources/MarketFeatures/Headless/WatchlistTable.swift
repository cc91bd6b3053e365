import MarketDomain

/// The watchlist as a text table (`sise watchlist show --format table`), with a sparkline of the
/// last closes.
public enum WatchlistTable {
    /// The table of these rows.
    public static func make(_ records: [WatchlistRecord]) -> TextTable {
        var table = TextTable(columns: [
            .init("이름", maxWidth: 20), .init("Code"), .init("Price", .right), .init("Change %", .right),
            .init("Change", .right), .init("Volume", .right), .init("30 days"), .init("Status"),
        ])
        table.rows = records.map { record in
            let decimals = record.currency == "KRW" ? 0 : 2
            guard record.status == "ok", let price = record.price else {
                return [record.name, record.symbol, "—", "", "", "", "", "⚠ " + (record.error ?? "failed")]
            }
            return [
                record.name, record.symbol, NumberFormat.fixed(price, decimals: decimals),
                NumberFormat.changeRate(record.changeRate ?? 0),
                NumberFormat.signed(record.changePrice ?? 0, decimals: decimals),
                NumberFormat.fixed(record.volume ?? 0, decimals: 0), Sparkline.text(record.closes), "",
            ]
        }
        return table
    }
}

/// A row of block characters drawing a series: `▁▂▃▅▇`.
public enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The series as blocks, one a value, scaled between its lowest and highest.
    public static func text(_ values: [Double]) -> String {
        guard let low = values.min(), let high = values.max() else { return "" }
        let span = high - low
        return String(
            values.map { value in
                span > 0
                    ? blocks[min(blocks.count - 1, Int((value - low) / span * Double(blocks.count - 1) + 0.5))]
                    : blocks[3]
            })
    }
}
