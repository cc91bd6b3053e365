public import MarketDomain

extension UpbitMarketDTO {
    /// The domain market; `nil` when the code is not `QUOTE-BASE`.
    public func toDomain() -> Market? {
        guard let id = MarketID(market) else { return nil }
        return Market(
            id: id, koreanName: DisplayWidth.sanitized(koreanName), englishName: DisplayWidth.sanitized(englishName))
    }
}

extension UpbitTickerDTO {
    /// The domain ticker; `nil` when the market code is not `QUOTE-BASE`.
    public func toDomain() -> Ticker? {
        guard let id = MarketID(market) else { return nil }
        return Ticker(
            marketID: id, price: tradePrice, changePrice: signedChangePrice, changeRate: signedChangeRate,
            volume24h: accTradeVolume24h, tradeValue24h: accTradePrice24h, open: openingPrice, high: highPrice,
            low: lowPrice, previousClose: prevClosingPrice, timestamp: timestamp)
    }
}

extension UpbitStreamTicker {
    /// The domain ticker; `nil` when the market code is not `QUOTE-BASE`.
    public func toDomain() -> Ticker? {
        guard let id = MarketID(code) else { return nil }
        return Ticker(
            marketID: id, price: tradePrice, changePrice: signedChangePrice, changeRate: signedChangeRate,
            volume24h: accTradeVolume24h, tradeValue24h: accTradePrice24h, open: openingPrice, high: highPrice,
            low: lowPrice, previousClose: prevClosingPrice, timestamp: timestamp)
    }
}

extension UpbitCandleDTO {
    /// The domain candle; `nil` when the date cannot be read.
    public func toDomain() -> Candle? {
        guard let day = TradingDay(candleDateTimeUtc) else { return nil }
        return Candle(
            day: day, open: openingPrice, high: highPrice, low: lowPrice, close: tradePrice,
            volume: candleAccTradeVolume, value: candleAccTradePrice)
    }
}

extension ChangeDirection {
    /// Upbit's spelling: `RISE`, `EVEN` or `FALL`.
    public var upbitName: String {
        switch self {
        case .rise: "RISE"
        case .even: "EVEN"
        case .fall: "FALL"
        }
    }
}
