public import MarketDomain
public import SiseSupport

extension UpbitTickerDTO {
    /// Writes this row's JSON without `JSONEncoder`: the members ``encode(to:)`` writes, in its
    /// order (Upbit's, exchange-apis.md §1.2), a missing 52-week figure left out as it leaves it
    /// out. The simulator serves `/v1/ticker/all` this way: every market's row at once.
    public func writeJSON(into writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key("market")
        writer.string(market)
        writer.key("trade_date")
        writer.string(tradeDate)
        writer.key("trade_time")
        writer.string(tradeTime)
        writer.key("trade_date_kst")
        writer.string(tradeDateKst)
        writer.key("trade_time_kst")
        writer.string(tradeTimeKst)
        writer.key("trade_timestamp")
        writer.integer(tradeTimestamp)
        writePrices(into: &writer)
        writeVolumes(into: &writer)
        writer.key("timestamp")
        writer.integer(timestamp)
        writer.endObject()
    }

    /// The members from `opening_price` to `signed_change_rate`.
    private func writePrices(into writer: inout JSONTextWriter) {
        writer.upbitPrices(open: openingPrice, high: highPrice, low: lowPrice, last: tradePrice)
        writer.key("prev_closing_price")
        writer.number(prevClosingPrice)
        writer.key("change")
        writer.string(change)
        writer.key("change_price")
        writer.number(changePrice)
        writer.key("change_rate")
        writer.number(changeRate)
        writer.key("signed_change_price")
        writer.number(signedChangePrice)
        writer.key("signed_change_rate")
        writer.number(signedChangeRate)
    }

    /// The members from `trade_volume` to `lowest_52_week_date`.
    private func writeVolumes(into writer: inout JSONTextWriter) {
        writer.key("trade_volume")
        writer.number(tradeVolume)
        writer.key("acc_trade_price")
        writer.number(accTradePrice)
        writer.key("acc_trade_price_24h")
        writer.number(accTradePrice24h)
        writer.key("acc_trade_volume")
        writer.number(accTradeVolume)
        writer.key("acc_trade_volume_24h")
        writer.number(accTradeVolume24h)
        // The 52-week figures, each only when known (as `encodeIfPresent` leaves them out).
        for (priceKey, price, dayKey, day) in [
            ("highest_52_week_price", highest52WeekPrice, "highest_52_week_date", highest52WeekDate),
            ("lowest_52_week_price", lowest52WeekPrice, "lowest_52_week_date", lowest52WeekDate),
        ] as [(StaticString, Double?, StaticString, String?)] {
            if let price {
                writer.key(priceKey)
                writer.number(price)
            }
            if let day {
                writer.key(dayKey)
                writer.string(day)
            }
        }
    }
}

extension UpbitMarketDTO {
    /// Writes this row's JSON without `JSONEncoder`: the members ``encode(to:)`` writes, in its
    /// order (§1.1). The cautions come in the order Upbit lists them, any other after them by
    /// name (`JSONEncoder` writes a dictionary in no set order).
    public func writeJSON(into writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key("market")
        writer.string(market)
        writer.key("korean_name")
        writer.string(koreanName)
        writer.key("english_name")
        writer.string(englishName)
        if let marketEvent {
            writer.key("market_event")
            writer.beginObject()
            writer.key("warning")
            writer.bool(marketEvent.warning)
            writer.key("caution")
            writer.beginObject()
            let known = MarketWarning.upbitCautionReasons.map(\.key)
            let others = marketEvent.caution.keys.filter { !known.contains($0) }.sorted()
            for name in known + others {
                guard let isSet = marketEvent.caution[name] else { continue }
                writer.key(made: name)
                writer.bool(isSet)
            }
            writer.endObject()
            writer.endObject()
        }
        writer.endObject()
    }
}

extension UpbitCandleDTO {
    /// Writes this row's JSON without `JSONEncoder`: the members ``encode(to:)`` writes, in its
    /// order (§1.3). The simulator serves `/v1/candles/days` this way: the premium history's
    /// back-fill asks a year of days for every coin.
    public func writeJSON(into writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key("market")
        writer.string(market)
        writer.key("candle_date_time_utc")
        writer.string(candleDateTimeUtc)
        writer.key("candle_date_time_kst")
        writer.string(candleDateTimeKst)
        writer.upbitPrices(open: openingPrice, high: highPrice, low: lowPrice, last: tradePrice)
        writer.key("timestamp")
        writer.integer(timestamp)
        writer.key("candle_acc_trade_price")
        writer.number(candleAccTradePrice)
        writer.key("candle_acc_trade_volume")
        writer.number(candleAccTradeVolume)
        writer.key("prev_closing_price")
        writer.number(prevClosingPrice)
        writer.key("change_price")
        writer.number(changePrice)
        writer.key("change_rate")
        writer.number(changeRate)
        writer.endObject()
    }
}

extension JSONTextWriter {
    /// The four price members Upbit writes in this order in a ticker row and a candle row alike:
    /// `opening_price`, `high_price`, `low_price`, `trade_price` (the last trade, or the close).
    fileprivate mutating func upbitPrices(open: Double, high: Double, low: Double, last: Double) {
        key("opening_price")
        number(open)
        key("high_price")
        number(high)
        key("low_price")
        number(low)
        key("trade_price")
        number(last)
    }
}
