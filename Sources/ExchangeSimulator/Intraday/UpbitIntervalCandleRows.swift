import ExchangeWire
import HTTPTypes
import Hummingbird
import MarketDomain

/// Candles other than days as the rows of Upbit's (and Bithumb's v1) `/v1/candles/seconds`,
/// `/minutes/{unit}`, `/weeks` and `/months` (exchange-apis.md §9.4), with Upbit's parameters and
/// error bodies.
enum UpbitIntervalCandleRows {
    /// The answer to a candle request of `interval` (`nil`: a minute unit Upbit does not offer);
    /// `readTo` reads `to` (Bithumb reads it in KST), `unknownStatus` goes with `Code not found`.
    static func answer(
        _ parameters: FormQuery, interval: CandleInterval?, venue: SimulatedVenue, now: Int64,
        readTo: (String) -> Int64?, unknownStatus: HTTPResponse.Status
    ) -> Response {
        guard let interval else { return .json(UpbitErrorBody.invalidParameter, status: .badRequest) }
        let query: UpbitCandleQuery
        switch UpbitCandleQuery.read(parameters, readTo: readTo) {
        case .query(let read): query = read
        case .refused(let answer): return answer
        }
        guard let id = MarketID(query.code),
            let candles = venue.candles(id, interval: interval, before: query.before, count: query.count),
            let lastTrade = venue.figures([id], now: now).first?.tradeTimestamp
        else {
            return .json(UpbitErrorBody.codeNotFound, status: unknownStatus)
        }
        return .json(rows(market: id, interval: interval, candles: candles, lastTrade: lastTrade))
    }

    /// `candles` (oldest first) as rows, newest first; the newest's `timestamp` is the last trade.
    static func rows(
        market: MarketID, interval: CandleInterval, candles: [IntervalCandle], lastTrade: Int64
    ) -> [UpbitIntervalCandleDTO] {
        candles.reversed().map { candle in
            let end = interval.next(after: candle.start)
            return UpbitIntervalCandleDTO(
                market: market.rawValue, candleDateTimeUtc: UpbitTime.isoLocal(unixMilliseconds: candle.start),
                candleDateTimeKst: UpbitTime.isoLocal(unixMilliseconds: candle.start + UpbitTime.kstOffsetMilliseconds),
                openingPrice: candle.open, highPrice: candle.high, lowPrice: candle.low, tradePrice: candle.close,
                timestamp: min(lastTrade, end - 1), candleAccTradePrice: candle.value,
                candleAccTradeVolume: candle.volume, unit: interval.minutes,
                firstDayOfPeriod: interval == .week || interval == .month
                    ? TradingDay(unixMilliseconds: candle.start).description : nil)
        }
    }

    /// The interval a `/v1/candles/minutes/{unit}` path names; `nil` for a unit Upbit does not offer.
    static func minutes(_ unit: String?) -> CandleInterval? {
        guard let unit, let minutes = Int(unit), UpbitEndpoint.minuteUnits.contains(minutes) else { return nil }
        return CandleInterval.allCases.first { $0.minutes == minutes }
    }
}
