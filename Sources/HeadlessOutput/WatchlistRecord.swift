public import MarketDomain

/// One watchlist row as `sise watchlist show` prints it (`--format json|csv|ndjson`): `status`
/// is `ok` or `error`; on error `error` says why and the numbers are absent.
public struct WatchlistRecord: Codable, Sendable, Equatable {
    public var exchange: String
    public var symbol: String
    public var name: String
    public var market: String
    public var currency: String
    public var price: Double?
    public var previousClose: Double?
    public var changePrice: Double?
    public var changeRate: Double?
    public var volume: Double?
    public var tradeValue: Double?
    public var dayHigh: Double?
    public var dayLow: Double?
    /// The last daily closes, oldest first (30 by default).
    public var closes: [Double]
    public var status: String
    public var error: String?

    /// A loaded row.
    public init(stock: Stock, source: StockSource, quote: StockQuote, closes: [Double]) {
        self.init(stock: stock, source: source, status: "ok")
        price = quote.price
        previousClose = quote.previousClose
        changePrice = quote.changePrice
        changeRate = quote.changeRate
        volume = quote.volume
        tradeValue = quote.tradeValue
        dayHigh = quote.dayHigh
        dayLow = quote.dayLow
        self.closes = closes
    }

    /// A failed row.
    public init(stock: Stock, source: StockSource, error: String) {
        self.init(stock: stock, source: source, status: "error")
        self.error = error
    }

    private init(stock: Stock, source: StockSource, status: String) {
        exchange = source.rawValue
        symbol = stock.code
        name = stock.name(in: .korean)
        market = stock.market.rawValue
        currency = stock.currency
        closes = []
        self.status = status
    }

    /// The CSV columns, in order (`closes` joined with spaces).
    public static let csvHeader = [
        "exchange", "symbol", "name", "market", "currency", "price", "previousClose", "changePrice", "changeRate",
        "volume", "tradeValue", "dayHigh", "dayLow", "closes", "status", "error",
    ]

    /// The CSV fields, in the header's order.
    public var csvFields: [String] {
        func number(_ value: Double?) -> String { value.map(CSV.number) ?? "" }
        return [
            exchange, symbol, name, market, currency, number(price), number(previousClose), number(changePrice),
            number(changeRate), number(volume), number(tradeValue), number(dayHigh), number(dayLow),
            closes.map(CSV.number).joined(separator: " "), status, error ?? "",
        ]
    }
}
