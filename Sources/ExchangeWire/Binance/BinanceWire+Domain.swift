public import MarketDomain

/// Conversions between Binance's spellings and the domain.
public enum BinanceWire {
    /// The quote assets a symbol like `BTCUSDT` is split by, longest first.
    static let knownQuotes = ["FDUSD", "USDT", "USDC", "BTC", "ETH", "BNB", "EUR", "TRY"]

    /// `BTCUSDT` → `USDT-BTC`, by the known quote suffixes; `nil` when none fits.
    public static func marketID(_ symbol: String) -> MarketID? {
        let upper = symbol.uppercased()
        guard let quote = knownQuotes.first(where: { upper.hasSuffix($0) && upper.count > $0.count }) else {
            return nil
        }
        return MarketID(quote: quote, base: String(upper.dropLast(quote.count)))
    }

    /// `USDT-BTC` → `BTCUSDT`.
    public static func symbol(_ id: MarketID) -> String { id.base + id.quote }
}

extension BinanceExchangeInfoDTO.Symbol {
    /// The market, named by its base asset (Binance has no names; the shared table adds them).
    public func toDomain() -> Market? {
        guard let id = MarketID("\(quoteAsset)-\(baseAsset)") else { return nil }
        return Market(id: id, koreanName: "", englishName: "")
    }
}

extension BinanceTicker24hDTO {
    /// The domain ticker, timed by the window's close; `nil` for an unknown quote or a non-number price.
    public func toDomain() -> Ticker? {
        guard let id = BinanceWire.marketID(symbol), let price = lastPrice.value, let open = openPrice.value,
            let high = highPrice.value, let low = lowPrice.value
        else { return nil }
        let previous = prevClosePrice.value ?? open
        return Ticker(
            marketID: id, price: price, changePrice: priceChange.value ?? price - open,
            changeRate: (priceChangePercent.value ?? 0) / 100, volume24h: volume.value ?? 0,
            tradeValue24h: quoteVolume.value ?? 0, open: open, high: high, low: low, previousClose: previous,
            timestamp: closeTime)
    }
}

extension BinanceStreamTicker {
    /// The domain ticker, timed by the event; `nil` for an unknown quote or a non-number price.
    public func toDomain() -> Ticker? {
        guard let id = BinanceWire.marketID(symbol), let price = lastPrice.value, let open = openPrice.value,
            let high = highPrice.value, let low = lowPrice.value
        else { return nil }
        return Ticker(
            marketID: id, price: price, changePrice: priceChange.value ?? price - open,
            changeRate: (priceChangePercent.value ?? 0) / 100, volume24h: volume.value ?? 0,
            tradeValue24h: quoteVolume.value ?? 0, open: open, high: high, low: low,
            previousClose: firstTradePrice.value ?? open, timestamp: eventTime)
    }
}

extension BinanceKline {
    /// The domain daily candle, dated by its UTC open day; `nil` when a price is not a number.
    public func toDomain() -> Candle? {
        guard let open = open.value, let high = high.value, let low = low.value, let close = close.value else {
            return nil
        }
        return Candle(
            day: TradingDay(unixMilliseconds: openTime), open: open, high: high, low: low, close: close,
            volume: volume.value ?? 0, value: quoteVolume.value ?? 0)
    }
}

extension BinanceKline {
    /// The domain candle of any interval, started at its open time; `nil` when a price is not a number.
    public func toIntervalCandle() -> IntervalCandle? {
        toDomain().map {
            IntervalCandle(
                start: openTime, open: $0.open, high: $0.high, low: $0.low, close: $0.close, volume: $0.volume,
                value: $0.value)
        }
    }
}
