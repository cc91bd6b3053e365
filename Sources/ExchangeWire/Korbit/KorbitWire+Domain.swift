public import MarketDomain

extension KorbitCurrencyPairDTO {
    /// The market id of a pair (`btc_krw` is `KRW-BTC`); `nil` when it is not `base_quote`.
    public var marketID: MarketID? { KorbitWire.marketID(symbol) }
}

/// Conversions between Korbit's spellings and the domain.
public enum KorbitWire {
    /// `btc_krw` → `KRW-BTC`; `nil` when the text is not `base_quote`.
    public static func marketID(_ symbol: String) -> MarketID? {
        let parts = symbol.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        return MarketID("\(parts[1])-\(parts[0])")
    }

    /// `KRW-BTC` → `btc_krw`.
    public static func symbol(_ id: MarketID) -> String {
        KorbitEndpoint.symbol(base: id.base, quote: id.quote)
    }
}

extension KorbitTickerDTO {
    /// The domain ticker of a market, timed by its last trade (or `fallbackTime`); `nil` when a
    /// price is not a number.
    public func toDomain(_ id: MarketID, fallbackTime: Int64 = 0) -> Ticker? {
        guard let price = close.value, let open = open.value, let high = high.value, let low = low.value,
            let previous = prevClose.value
        else { return nil }
        return Ticker(
            marketID: id, price: price, changePrice: priceChange.value ?? price - previous,
            changeRate: (priceChangePercent.value ?? 0) / 100, volume24h: volume.value ?? 0,
            tradeValue24h: quoteVolume.value ?? 0, open: open, high: high, low: low, previousClose: previous,
            timestamp: lastTradedAt ?? fallbackTime)
    }
}

extension KorbitStreamTicker {
    /// The domain ticker; `nil` when the pair or a price cannot be read.
    public func toDomain() -> Ticker? {
        guard let id = KorbitWire.marketID(symbol) else { return nil }
        return data.toDomain(id, fallbackTime: timestamp)
    }
}

extension KorbitCandleDTO {
    /// The domain daily candle, dated by the KST day it starts on (Korbit's 1D boundary is taken
    /// as 00:00 KST); `nil` when a price is not a number.
    public func toDomain() -> Candle? {
        guard let open = open.value, let high = high.value, let low = low.value, let close = close.value else {
            return nil
        }
        let volume = volume.value ?? 0
        return Candle(
            day: TradingDay(unixMilliseconds: timestamp + UpbitTime.kstOffsetMilliseconds), open: open, high: high,
            low: low, close: close, volume: volume, value: volume * (open + high + low + close) / 4)
    }
}

extension KorbitCandleDTO {
    /// The domain candle of any interval; days and weeks, which start at 00:00 KST on Korbit,
    /// are dated by that KST day, as ``toDomain()`` dates a day. The value is estimated from the
    /// volume and the candle's typical price (Korbit sends none). `nil` when a price is not a number.
    public func toIntervalCandle(_ interval: CandleInterval) -> IntervalCandle? {
        guard let day = toDomain() else { return nil }
        let start = interval.isDaily ? timestamp + UpbitTime.kstOffsetMilliseconds : timestamp
        return IntervalCandle(
            start: start, open: day.open, high: day.high, low: day.low, close: day.close, volume: day.volume,
            value: day.value)
    }
}
