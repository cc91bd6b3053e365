import Foundation
import MarketDomain

extension SimulatedCoin {
    /// Prices the walk at its scripted factor now, without a trade (a factor set at the start).
    mutating func settle() {
        price = KRWTickSize.snap(fairPrice * scriptedFactor)
        high = max(high, price)
        low = min(low, price)
    }

    /// One trade at `now`: the price is the path's at `now` snapped to its tick, its size is
    /// drawn for `tradesPerDay`, today's candle and the rolling 24h stats take the trade in.
    mutating func trade(now: Int64, tradesPerDay: Double, generator: inout SeededGenerator) {
        rollDayIfNeeded(now: now)
        fairPrice = path.price(at: now, level: level, volatility: dailyVolatility)
        price = KRWTickSize.snap(fairPrice * scriptedFactor)
        high = max(high, price)
        low = min(low, price)

        let value = dailyValue / max(tradesPerDay, 1) * exp(generator.gaussian() * 0.8 - 0.32)
        lastTradeVolume = value / price
        lastSideIsAsk = generator.unit() < 0.5
        if lastSideIsAsk { askVolume += lastTradeVolume } else { bidVolume += lastTradeVolume }
        dayVolume += lastTradeVolume
        dayValue += value
        let hour = now / 3_600_000
        let slot = Int(hour % 24)
        if hourly[slot].hour != hour { hourly[slot] = HourBucket(hour: hour, volume: 0, value: 0) }
        hourly[slot].volume += lastTradeVolume
        hourly[slot].value += value
        tradeTimestamp = now
        timestamp = max(now, timestamp)
        tape.record(price: price, volume: lastTradeVolume, sellerTook: lastSideIsAsk, timestamp: now)
        intraday.record(price: price, volume: lastTradeVolume, value: value, at: now)
    }

    /// Closes yesterday's candle into the history when `now` falls on a later UTC day.
    mutating func rollDayIfNeeded(now: Int64) {
        let today = TradingDay(unixMilliseconds: now)
        guard today > day else { return }
        history.append(
            Candle(day: day, open: open, high: high, low: low, close: price, volume: dayVolume, value: dayValue))
        if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
        pastYear = SimulatedCoin.PastYear(history)
        day = today
        previousClose = price
        open = price
        high = price
        low = price
        dayVolume = 0
        dayValue = 0
        askVolume = 0
        bidVolume = 0
    }

    /// Volume and value over the last 24 hours up to `now`.
    func rolling24h(now: Int64) -> (volume: Double, value: Double) {
        let hour = now / 3_600_000
        var volume = 0.0
        var value = 0.0
        for bucket in hourly where bucket.hour > hour - 24 && bucket.hour <= hour {
            volume += bucket.volume
            value += bucket.value
        }
        return (volume, value)
    }

    /// Today's candle, following the live price.
    var todayCandle: Candle {
        Candle(day: day, open: open, high: high, low: low, close: price, volume: dayVolume, value: dayValue)
    }

    /// Every daily candle, oldest first, today's last.
    var candles: [Candle] { history + [todayCandle] }

    /// The highest and lowest prices of the last 52 weeks, with their days.
    var fiftyTwoWeek: (high: Double, highDay: TradingDay, low: Double, lowDay: TradingDay) {
        var result = (high: high, highDay: day, low: low, lowDay: day)
        if let highDay = pastYear.highDay, pastYear.high > high {
            (result.high, result.highDay) = (pastYear.high, highDay)
        }
        if let lowDay = pastYear.lowDay, pastYear.low < low { (result.low, result.lowDay) = (pastYear.low, lowDay) }
        return result
    }

    /// The change against the previous close, signed, and its rate.
    var change: (price: Double, rate: Double) {
        let amount = KRWTickSize.snap(abs(price - previousClose)) * (price >= previousClose ? 1 : -1)
        let signed = price == previousClose ? 0 : amount
        return (signed, previousClose > 0 ? signed / previousClose : 0)
    }
}
