public import MarketDomain

/// The board as a text table (`sise quotes --format table`), with the columns and number formats
/// of SPEC §1.1.
public enum QuoteTable {
    /// The table of these quotes, names in `language`.
    public static func make(_ quotes: [Quote], language: NameLanguage = .korean) -> TextTable {
        var table = TextTable(columns: [
            .init(language == .korean ? "이름" : "Name", maxWidth: 24), .init("Symbol"), .init("Price", .right),
            .init("Change %", .right), .init("Change", .right), .init("Value 24h", .right),
        ])
        table.rows = quotes.map(row)
        func row(_ quote: Quote) -> [String] {
            let ticker = quote.ticker
            return [
                quote.market.name(in: language), quote.market.symbol,
                NumberFormat.price(ticker.price, quote: quote.market.quote),
                NumberFormat.changeRate(ticker.changeRate),
                NumberFormat.changePrice(ticker.changePrice, price: ticker.price, quote: quote.market.quote),
                NumberFormat.tradeValue(ticker.tradeValue24h, quote: quote.market.quote),
            ]
        }
        return table
    }
}
