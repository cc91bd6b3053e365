import ExchangeWire
import Foundation
import Hummingbird
import MarketDomain
import SiseSupport

/// One bar of a chart reply: its start (Unix seconds) and values.
struct ChartPoint: Sendable {
    var time: Int64
    var open: Double?
    var high: Double?
    var low: Double?
    var close: Double?
    var volume: Double?
}

extension YahooRESTController {
    /// The time window a request asks for: `period1`/`period2` (Unix seconds), else the range
    /// counted back from now (`5d` as the last five bars).
    static func window(
        range: String?, parameters: FormQuery, now: Int64, session: SimulatedStock.Session
    ) -> (
        start: Int64?, end: Int64?, lastBars: Int?
    ) {
        if let first = parameters.get(YahooEndpoint.Parameter.period1).flatMap({ Int64($0) }) {
            let last = parameters.get(YahooEndpoint.Parameter.period2).flatMap { Int64($0) }
            // Seconds from a request can be anything: held to what milliseconds can hold.
            return (first.multiplied(saturating: 1000), last.map { $0.multiplied(saturating: 1000) } ?? now, nil)
        }
        let day: Int64 = 86_400_000
        switch range ?? "1mo" {
        case "1d": return (nil, now, 1)
        case "5d": return (nil, now, 5)
        case "1mo": return (now - 30 * day, now, nil)
        case "3mo": return (now - 91 * day, now, nil)
        case "6mo": return (now - 182 * day, now, nil)
        case "1y": return (now - 365 * day, now, nil)
        case "2y": return (now - 730 * day, now, nil)
        case "ytd":
            let today = session.day(at: now)
            let january = TradingDay(year: today.components.year, month: 1, day: 1) ?? today
            return (january.startUnixMilliseconds - session.offsetMilliseconds(on: january), now, nil)
        default: return (nil, now, nil)
        }
    }

    /// Daily bars grouped by the interval: `1d` as they are, `5d` in fives, `1wk` by week,
    /// `1mo` by month, `3mo` by quarter; each stamped with its first session's open.
    static func aggregate(_ bars: [StockBar], interval: String, session: SimulatedStock.Session) -> [ChartPoint] {
        func key(_ bar: StockBar, _ index: Int) -> Int {
            let (year, month, _) = bar.day.components
            switch interval {
            case "5d": return index / 5
            case "1wk": return (bar.day.daysSinceEpoch + 3) / 7
            case "1mo": return year * 12 + month
            case "3mo": return year * 4 + (month - 1) / 3
            default: return bar.day.daysSinceEpoch
            }
        }
        var points: [ChartPoint] = []
        var lastKey: Int?
        for (index, bar) in bars.enumerated() {
            let group = key(bar, index)
            if group == lastKey, var point = points.popLast() {
                point.high = max(point.high ?? bar.high, bar.high)
                point.low = min(point.low ?? bar.low, bar.low)
                point.close = bar.close
                point.volume = (point.volume ?? 0) + bar.volume
                points.append(point)
            } else {
                points.append(
                    ChartPoint(
                        time: session.bounds(of: bar.day).open / 1000, open: bar.open, high: bar.high, low: bar.low,
                        close: bar.close, volume: bar.volume))
            }
            lastKey = group
        }
        return points
    }

    /// Intraday bars of the latest session up to now: a path from the open to the current close
    /// that stays within the day's range.
    static func intradayPoints(
        of bars: ArraySlice<StockBar>, interval: String, session: SimulatedStock.Session, now: Int64
    ) -> [ChartPoint] {
        guard let bar = bars.last else { return [] }
        let minutes = ["1m": 1, "2m": 2, "5m": 5, "15m": 15, "30m": 30, "60m": 60, "90m": 90, "1h": 60][interval] ?? 5
        let (open, close) = session.bounds(of: bar.day)
        let end = min(now, close)
        let step = Int64(minutes) * 60_000
        let count = max(1, Int((end - open + step - 1) / step))
        var generator = SeededGenerator(seed: UInt64(bar.day.daysSinceEpoch) &* 0x9E37)
        var points: [ChartPoint] = []
        var last = bar.open
        for index in 0..<count {
            let fraction = Double(index + 1) / Double(count)
            let target = bar.open + (bar.close - bar.open) * fraction
            let wobble = (bar.high - bar.low) * 0.15 * (generator.unit() - 0.5)
            let next = index == count - 1 ? bar.close : min(bar.high, max(bar.low, target + wobble))
            points.append(
                ChartPoint(
                    time: (open + Int64(index) * step) / 1000, open: last, high: max(last, next), low: min(last, next),
                    close: next, volume: (bar.volume / Double(count)).rounded()))
            last = next
        }
        return points
    }

    /// The `meta` of a chart reply, with every field real clients need (§6.1).
    static func meta(
        stock: Stock, symbol: String, bars: [StockBar], latest: (bar: StockBar, previousClose: Double),
        lastUpdate: Int64,
        first: StockBar?, range: String, interval: String, session: SimulatedStock.Session, now: Int64
    ) -> YahooChartMeta {
        let codes = exchangeCodes(stock.market)
        // The session of today, or of the last trading day before it, in the zone's time of then.
        let today = session.tradingDay(onOrBefore: session.day(at: now))
        let zone = (session.abbreviation(on: today), session.zoneName)
        let offset = Int(session.offsetMilliseconds(on: today) / 1000)
        let (open, close) = session.bounds(of: today)
        let year = bars.suffix(250)
        var meta = YahooChartMeta()
        meta.currency = stock.currency
        meta.symbol = symbol
        meta.exchangeName = codes.short
        meta.fullExchangeName = codes.full
        meta.instrumentType = "EQUITY"
        meta.firstTradeDate = (bars.first.map { session.bounds(of: $0.day).open } ?? 0) / 1000
        meta.regularMarketTime = lastUpdate / 1000
        meta.hasPrePostMarketData = !stock.market.isKorean
        meta.gmtoffset = offset
        meta.timezone = zone.0
        meta.exchangeTimezoneName = zone.1
        meta.regularMarketPrice = latest.bar.close
        meta.fiftyTwoWeekHigh = year.map(\.high).max()
        meta.fiftyTwoWeekLow = year.map(\.low).min()
        meta.regularMarketDayHigh = latest.bar.high
        meta.regularMarketDayLow = latest.bar.low
        meta.regularMarketVolume = latest.bar.volume
        meta.longName = stock.englishName.isEmpty ? stock.koreanName : stock.englishName
        meta.shortName = meta.longName
        let firstIndex = first.flatMap { firstBar in bars.firstIndex { $0.day == firstBar.day } } ?? 0
        meta.chartPreviousClose = firstIndex > 0 ? bars[firstIndex - 1].close : first?.open
        if range == "1d" || range == "5d" {
            meta.previousClose = latest.previousClose
            meta.scale = 3
        }
        meta.priceHint = 2
        func period(_ start: Int64, _ end: Int64) -> YahooChartMeta.Period {
            .init(timezone: zone.0, start: start / 1000, end: end / 1000, gmtoffset: offset)
        }
        meta.currentTradingPeriod = .init(
            pre: period(open - 90 * 60_000, open), regular: period(open, close),
            post: period(close, close + 3 * 3_600_000))
        meta.dataGranularity = interval
        meta.range = range
        meta.validRanges = YahooEndpoint.validRanges
        return meta
    }
}
