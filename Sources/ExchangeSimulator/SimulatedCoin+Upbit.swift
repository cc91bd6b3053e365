import ExchangeWire
import MarketDomain

extension SimulatedCoin {
    /// This coin as a row of Upbit's REST ticker endpoints.
    func upbitTicker(now: Int64) -> UpbitTickerDTO {
        let (changeAmount, changeRate) = change
        let rolling = rolling24h(now: now)
        let week = fiftyTwoWeek
        let kst = tradeTimestamp + UpbitTime.kstOffsetMilliseconds
        return UpbitTickerDTO(
            market: market.id.rawValue,
            tradeDate: UpbitTime.compactDate(unixMilliseconds: tradeTimestamp),
            tradeTime: UpbitTime.compactTime(unixMilliseconds: tradeTimestamp),
            tradeDateKst: UpbitTime.compactDate(unixMilliseconds: kst),
            tradeTimeKst: UpbitTime.compactTime(unixMilliseconds: kst),
            tradeTimestamp: tradeTimestamp, openingPrice: open, highPrice: high, lowPrice: low, tradePrice: price,
            prevClosingPrice: previousClose, change: ChangeDirection(signedChange: changeAmount).upbitName,
            changePrice: abs(changeAmount), changeRate: abs(changeRate), signedChangePrice: changeAmount,
            signedChangeRate: changeRate, tradeVolume: lastTradeVolume, accTradePrice: dayValue,
            accTradePrice24h: rolling.value, accTradeVolume: dayVolume, accTradeVolume24h: rolling.volume,
            highest52WeekPrice: week.high, highest52WeekDate: week.highDay.description, lowest52WeekPrice: week.low,
            lowest52WeekDate: week.lowDay.description, timestamp: timestamp)
    }

    /// This coin as a `ticker` message of Upbit's WebSocket.
    func upbitStreamTicker(now: Int64, snapshot: Bool) -> UpbitStreamTicker {
        let (changeAmount, changeRate) = change
        let rolling = rolling24h(now: now)
        let week = fiftyTwoWeek
        return UpbitStreamTicker(
            code: market.id.rawValue, openingPrice: open, highPrice: high, lowPrice: low, tradePrice: price,
            prevClosingPrice: previousClose, change: ChangeDirection(signedChange: changeAmount).upbitName,
            changePrice: abs(changeAmount), signedChangePrice: changeAmount, changeRate: abs(changeRate),
            signedChangeRate: changeRate, tradeVolume: lastTradeVolume, accTradeVolume: dayVolume,
            accTradeVolume24h: rolling.volume, accTradePrice: dayValue, accTradePrice24h: rolling.value,
            tradeDate: UpbitTime.compactDate(unixMilliseconds: tradeTimestamp),
            tradeTime: UpbitTime.compactTime(unixMilliseconds: tradeTimestamp), tradeTimestamp: tradeTimestamp,
            askBid: lastSideIsAsk ? "ASK" : "BID", accAskVolume: askVolume, accBidVolume: bidVolume,
            highest52WeekPrice: week.high, highest52WeekDate: week.highDay.description, lowest52WeekPrice: week.low,
            lowest52WeekDate: week.lowDay.description, timestamp: timestamp,
            streamType: snapshot ? "SNAPSHOT" : "REALTIME")
    }

    /// This coin's daily candles as Upbit's candle rows, newest first: at most `count`, all
    /// starting before `before` (Unix ms, exclusive) when given.
    func upbitCandles(count: Int, before: Int64?) -> [UpbitCandleDTO] {
        var rows: [UpbitCandleDTO] = []
        let all = candles
        var index = all.count - 1
        while index >= 0, rows.count < count {
            let candle = all[index]
            let start = candle.day.startUnixMilliseconds
            if before.map({ start < $0 }) ?? true {
                let previous = index > 0 ? all[index - 1].close : candle.open
                let last = index == all.count - 1 ? tradeTimestamp : start + 86_399_000
                rows.append(
                    UpbitCandleDTO(
                        market: market.id.rawValue, candleDateTimeUtc: UpbitTime.isoLocal(unixMilliseconds: start),
                        candleDateTimeKst: UpbitTime.isoLocal(
                            unixMilliseconds: start + UpbitTime.kstOffsetMilliseconds),
                        openingPrice: candle.open, highPrice: candle.high, lowPrice: candle.low,
                        tradePrice: candle.close,
                        timestamp: last, candleAccTradePrice: candle.value, candleAccTradeVolume: candle.volume,
                        prevClosingPrice: previous, changePrice: candle.close - previous,
                        changeRate: previous > 0 ? (candle.close - previous) / previous : 0))
            }
            index -= 1
        }
        return rows
    }
}
