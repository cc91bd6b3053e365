import ExchangeWire
import HTTPTypes
import Hummingbird
import MarketDomain

extension CoinFigures {
    /// This coin as a row of Upbit's REST ticker endpoints; with `epochsInKST` (Bithumb's v1
    /// quirk, exchange-apis.md §2.3) the two epoch fields carry KST wall time, 9 h ahead.
    func upbitTicker(epochsInKST: Bool = false) -> UpbitTickerDTO {
        let (changeAmount, changeRate) = change
        let kst = tradeTimestamp + UpbitTime.kstOffsetMilliseconds
        let skew = epochsInKST ? UpbitTime.kstOffsetMilliseconds : 0
        return UpbitTickerDTO(
            market: market.id.rawValue,
            tradeDate: UpbitTime.compactDate(unixMilliseconds: tradeTimestamp),
            tradeTime: UpbitTime.compactTime(unixMilliseconds: tradeTimestamp),
            tradeDateKst: UpbitTime.compactDate(unixMilliseconds: kst),
            tradeTimeKst: UpbitTime.compactTime(unixMilliseconds: kst),
            tradeTimestamp: tradeTimestamp + skew, openingPrice: open, highPrice: high, lowPrice: low,
            tradePrice: price, prevClosingPrice: previousClose,
            change: ChangeDirection(signedChange: changeAmount).upbitName, changePrice: abs(changeAmount),
            changeRate: abs(changeRate), signedChangePrice: changeAmount, signedChangeRate: changeRate,
            tradeVolume: lastTradeVolume, accTradePrice: dayValue, accTradePrice24h: value24h,
            accTradeVolume: dayVolume, accTradeVolume24h: volume24h, highest52WeekPrice: weekHigh,
            highest52WeekDate: weekHighDay.description, lowest52WeekPrice: weekLow,
            lowest52WeekDate: weekLowDay.description, timestamp: timestamp + skew)
    }

    /// This coin as a `ticker` message of Upbit's WebSocket; with `datesInKST` (Bithumb's v1
    /// WebSocket, §2.4) `trade_date` and `trade_time` are KST. `dates` writes the dates, and keeps
    /// what it worked out for the next ticker.
    func upbitStreamTicker(
        snapshot: Bool, datesInKST: Bool = false, dates: inout TickerDateTexts
    ) -> UpbitStreamTicker {
        let (changeAmount, changeRate) = change
        let shown = dates.trade(at: tradeTimestamp + (datesInKST ? UpbitTime.kstOffsetMilliseconds : 0))
        return UpbitStreamTicker(
            code: market.id.rawValue, openingPrice: open, highPrice: high, lowPrice: low, tradePrice: price,
            prevClosingPrice: previousClose, change: ChangeDirection(signedChange: changeAmount).upbitName,
            changePrice: abs(changeAmount), signedChangePrice: changeAmount, changeRate: abs(changeRate),
            signedChangeRate: changeRate, tradeVolume: lastTradeVolume, accTradeVolume: dayVolume,
            accTradeVolume24h: volume24h, accTradePrice: dayValue, accTradePrice24h: value24h,
            tradeDate: shown.date, tradeTime: shown.time, tradeTimestamp: tradeTimestamp,
            askBid: lastSideIsAsk ? "ASK" : "BID", accAskVolume: askVolume, accBidVolume: bidVolume,
            highest52WeekPrice: weekHigh, highest52WeekDate: dates.text(of: weekHighDay), lowest52WeekPrice: weekLow,
            lowest52WeekDate: dates.text(of: weekLowDay), timestamp: timestamp,
            streamType: snapshot ? "SNAPSHOT" : "REALTIME")
    }
}

/// Daily candles as the rows of Upbit's (and Bithumb's) `/v1/candles/days`.
enum UpbitCandleRows {
    /// The answer to a `/v1/candles/days` request on a venue, with Upbit's parameters and error
    /// bodies: `readTo` reads the `to` parameter (Bithumb reads it in KST), `unknownStatus` is the
    /// status sent with `Code not found` (Bithumb answers 200).
    static func answer(
        _ parameters: FormQuery, venue: SimulatedVenue, now: Int64, readTo: (String) -> Int64?,
        unknownStatus: HTTPResponse.Status
    ) -> Response {
        let query: UpbitCandleQuery
        switch UpbitCandleQuery.read(parameters, readTo: readTo) {
        case .query(let read): query = read
        case .refused(let answer): return answer
        }
        guard let id = MarketID(query.code), let candles = venue.candles(id),
            let lastTrade = venue.figures([id], now: now).first?.tradeTimestamp
        else {
            return .json(UpbitErrorBody.codeNotFound, status: unknownStatus)
        }
        return .json(
            rows: make(market: id, candles: candles, lastTrade: lastTrade, count: query.count, before: query.before),
            bytesPerRow: 360
        ) { $0.writeJSON(into: &$1) }
    }

    /// The rows of `candles` (oldest first, today's last), newest first: at most `count`, all
    /// starting before `before` (Unix ms, exclusive) when given.
    static func make(
        market: MarketID, candles all: [Candle], lastTrade: Int64, count: Int, before: Int64?
    ) -> [UpbitCandleDTO] {
        var rows: [UpbitCandleDTO] = []
        var index = all.count - 1
        while index >= 0, rows.count < count {
            let candle = all[index]
            let start = candle.day.startUnixMilliseconds
            if before.map({ start < $0 }) ?? true {
                let previous = index > 0 ? all[index - 1].close : candle.open
                let last = index == all.count - 1 ? lastTrade : start + 86_399_000
                rows.append(
                    UpbitCandleDTO(
                        market: market.rawValue, candleDateTimeUtc: UpbitTime.isoLocal(unixMilliseconds: start),
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
