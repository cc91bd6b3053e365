public import MarketDomain

/// A row of Bithumb's `GET /v1/ticker`: the same keys and JSON types as Upbit's (§2.3), with the
/// quirk that its epoch fields run 9 h ahead; read it with ``UpbitTickerDTO/bithumbToDomain()``.
public typealias BithumbTickerDTO = UpbitTickerDTO
/// A row of Bithumb's `GET /v1/candles/days`: Upbit's fields (§2.3).
public typealias BithumbCandleDTO = UpbitCandleDTO
/// A `ticker` message of Bithumb's v1 WebSocket: Upbit's DEFAULT keys, date and time in KST, true
/// Unix timestamps (§2.4).
public typealias BithumbStreamTicker = UpbitStreamTicker
/// Bithumb's v1 error body, Upbit's shape; an unknown code comes with HTTP 200 (§2.3).
public typealias BithumbErrorBody = UpbitErrorBody

extension UpbitTickerDTO {
    /// The domain ticker of a Bithumb v1 REST row. Its `timestamp` and `trade_timestamp` hold KST
    /// wall time as epoch ms, so the time comes from `trade_date` + `trade_time` (UTC) instead.
    public func bithumbToDomain() -> Ticker? {
        guard var ticker = toDomain() else { return nil }
        ticker.timestamp = UpbitTime.unixMilliseconds(compactDate: tradeDate, compactTime: tradeTime) ?? 0
        return ticker
    }
}

extension BithumbMarketDTO {
    /// The domain market; `nil` when the code is not `QUOTE-BASE`.
    public func toDomain() -> Market? {
        guard let id = MarketID(market) else { return nil }
        // Bithumb's `market_warning` is `CAUTION` for a market under 투자유의 (its one level).
        let warning = marketWarning == "CAUTION" ? MarketWarning(level: .warning, reasons: ["투자유의 지정"]) : nil
        return Market(
            id: id, koreanName: DisplayWidth.sanitized(koreanName), englishName: DisplayWidth.sanitized(englishName),
            warning: warning)
    }
}

/// The body of Bithumb's gateway 404 for an unrouted path: `{"name":"not_found","message":"No Route
/// matched with those values"}`, without the `error` wrapper.
public struct BithumbRouteError: Codable, Sendable, Equatable {
    public var name: String
    public var message: String

    /// Makes a body.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// The gateway's answer for an unknown path.
    public static let noRoute = BithumbRouteError(name: "not_found", message: "No Route matched with those values")
}

extension UpbitErrorBody {
    /// Bithumb's 400 for a ticker call naming more than 200 markets.
    public static let tooManyMarkets = UpbitErrorBody(
        name: .number(400), message: "Parameter 'markets' must be less than or equal to 200 items.")
}

extension BithumbLegacyTickerDTO {
    /// The domain ticker of the `KRW` market of `symbol`, stamped with the reply's `date`; `nil`
    /// when a price is not a number.
    public func toDomain(symbol: String, date: Int64) -> Ticker? {
        guard let price = closingPrice.value, let previous = prevClosingPrice.value, let open = openingPrice.value,
            let high = maxPrice.value, let low = minPrice.value
        else { return nil }
        let change = price - previous
        return Ticker(
            marketID: MarketID(quote: "KRW", base: symbol), price: price, changePrice: change,
            changeRate: previous > 0 ? change / previous : 0, volume24h: unitsTraded24H.value ?? 0,
            tradeValue24h: accTradeValue24H.value ?? 0, open: open, high: high, low: low, previousClose: previous,
            timestamp: date)
    }
}

extension BithumbLegacyCandle {
    /// The domain candle, dated by the KST day its time falls on; `nil` when a price is not a number.
    public func toDomain() -> Candle? {
        guard let open = open.value, let high = high.value, let low = low.value, let close = close.value else {
            return nil
        }
        let volume = volume.value ?? 0
        return Candle(
            day: TradingDay(unixMilliseconds: time + UpbitTime.kstOffsetMilliseconds), open: open, high: high,
            low: low, close: close, volume: volume, value: volume * (open + close) / 2)
    }
}
