public import MarketDomain

/// One quote as the headless commands print it (`--format json|csv|ndjson`): signed change
/// values, `changeRate` as a fraction, `timestamp` in Unix ms.
public struct QuoteRecord: Codable, Sendable, Equatable {
    public var exchange: String
    public var market: String
    public var symbol: String
    public var koreanName: String
    public var englishName: String
    public var price: Double
    public var changePrice: Double
    public var changeRate: Double
    public var volume24h: Double
    public var tradeValue24h: Double
    public var open: Double
    public var high: Double
    public var low: Double
    public var previousClose: Double
    public var timestamp: Int64
    /// The exchange's 유의 or 주의 in words (`주의: 가격 급등락`); left out when there is none.
    public var warning: String?

    /// The record of a quote on an exchange.
    public init(_ quote: Quote, exchange: Exchange) {
        self.exchange = exchange.rawValue
        market = quote.market.id.rawValue
        symbol = quote.market.symbol
        koreanName = quote.market.koreanName
        englishName = quote.market.englishName
        price = quote.ticker.price
        changePrice = quote.ticker.changePrice
        changeRate = quote.ticker.changeRate
        volume24h = quote.ticker.volume24h
        tradeValue24h = quote.ticker.tradeValue24h
        open = quote.ticker.open
        high = quote.ticker.high
        low = quote.ticker.low
        previousClose = quote.ticker.previousClose
        timestamp = quote.ticker.timestamp
        warning = quote.market.warning?.description
    }

    /// The CSV columns, in order.
    public static let csvHeader = [
        "exchange", "market", "symbol", "koreanName", "englishName", "price", "changePrice", "changeRate",
        "volume24h", "tradeValue24h", "open", "high", "low", "previousClose", "timestamp",
    ]

    /// The CSV fields, in the header's order.
    public var csvFields: [String] {
        [
            exchange, market, symbol, koreanName, englishName, CSV.number(price), CSV.number(changePrice),
            CSV.number(changeRate), CSV.number(volume24h), CSV.number(tradeValue24h), CSV.number(open),
            CSV.number(high), CSV.number(low), CSV.number(previousClose), String(timestamp),
        ]
    }
}
