public import MarketDomain

extension UpbitMarketDTO {
    /// The domain market; `nil` when the code is not `QUOTE-BASE`.
    public func toDomain() -> Market? {
        guard let id = MarketID(market) else { return nil }
        let warning = marketEvent.flatMap { event -> MarketWarning? in
            // Most markets are under neither a warning nor a caution: nothing to name.
            guard event.warning || event.caution.values.contains(true) else { return nil }
            return MarketWarning.upbit(
                warning: event.warning,
                cautions: Dictionary(
                    event.caution.map { (DisplayWidth.sanitized($0.key), $0.value) }, uniquingKeysWith: { $0 || $1 }))
        }
        return Market(
            id: id, koreanName: DisplayWidth.sanitized(koreanName), englishName: DisplayWidth.sanitized(englishName),
            warning: warning)
    }
}

/// The fields REST and WebSocket tickers share, read the same way from both.
public protocol UpbitTickerFields {
    /// The market code, `QUOTE-BASE`.
    var marketCode: String { get }
    var tradePrice: Double { get }
    var signedChangePrice: Double { get }
    var signedChangeRate: Double { get }
    var accTradeVolume24h: Double { get }
    var accTradePrice24h: Double { get }
    var openingPrice: Double { get }
    var highPrice: Double { get }
    var lowPrice: Double { get }
    var prevClosingPrice: Double { get }
    var timestamp: Int64 { get }
}

extension UpbitTickerFields {
    /// The domain ticker; `nil` when the market code is not `QUOTE-BASE`.
    public func toDomain() -> Ticker? {
        guard let id = MarketID(marketCode) else { return nil }
        return Ticker(
            marketID: id, price: tradePrice, changePrice: signedChangePrice, changeRate: signedChangeRate,
            volume24h: accTradeVolume24h, tradeValue24h: accTradePrice24h, open: openingPrice, high: highPrice,
            low: lowPrice, previousClose: prevClosingPrice, timestamp: timestamp)
    }
}

extension UpbitTickerDTO: UpbitTickerFields {
    /// The market code, `QUOTE-BASE`.
    public var marketCode: String { market }
}

extension UpbitStreamTicker: UpbitTickerFields {
    /// The market code, `QUOTE-BASE`.
    public var marketCode: String { code }
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

extension UpbitIntervalCandleDTO {
    /// The domain candle, started at `candle_date_time_utc`; `nil` when the time cannot be read.
    public func toDomain() -> IntervalCandle? {
        guard let start = UpbitTime.parseTo(candleDateTimeUtc) else { return nil }
        return IntervalCandle(
            start: start, open: openingPrice, high: highPrice, low: lowPrice, close: tradePrice,
            volume: candleAccTradeVolume, value: candleAccTradePrice)
    }
}
