import MarketDomain
import MarketFeatures

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
