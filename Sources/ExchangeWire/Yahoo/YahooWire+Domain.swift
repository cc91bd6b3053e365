public import MarketDomain

extension YahooChartResult {
    /// The daily bars, oldest first, each dated in the exchange's own time zone (`gmtoffset`);
    /// bars with no trade (`null`s) are left out.
    public func dailyBars() -> [StockBar] {
        guard let times = timestamp, let quote = indicators.quote.first else { return [] }
        let offset = Int64(meta.gmtoffset ?? 0) * 1000
        var bars: [StockBar] = []
        for (index, time) in times.enumerated() {
            guard let open = quote.open?[safe: index] ?? nil, let high = quote.high?[safe: index] ?? nil,
                let low = quote.low?[safe: index] ?? nil, let close = quote.close?[safe: index] ?? nil
            else { continue }
            let volume = (quote.volume?[safe: index] ?? nil) ?? 0
            let day = TradingDay(unixMilliseconds: time * 1000 + offset)
            // A live last bar can share its day with the bar before; the later one wins.
            if bars.last?.day == day { bars.removeLast() }
            bars.append(StockBar(day: day, open: open, high: high, low: low, close: close, volume: volume))
        }
        return bars
    }

    /// The current quote from `meta` (and the bars when `meta` lacks the previous close); `nil`
    /// without a market price.
    public func quote(code: String) -> StockQuote? {
        guard let price = meta.regularMarketPrice, price > 0 else { return nil }
        let bars = dailyBars()
        let today = meta.regularMarketTime.map {
            TradingDay(unixMilliseconds: ($0 + Int64(meta.gmtoffset ?? 0)) * 1000)
        }
        // The market price is the latest bar's close: the previous close is the bar before it,
        // also before the session opens (when the market time is already a later day).
        let latestDay = bars.last.map { bar in today.map { min(bar.day, $0) } ?? bar.day }
        let earlier = bars.last { bar in latestDay.map { bar.day < $0 } ?? false }
        let previous = meta.previousClose ?? earlier?.close ?? meta.chartPreviousClose ?? price
        let volume = meta.regularMarketVolume ?? bars.last?.volume ?? 0
        return StockQuote(
            code: code, price: price, previousClose: previous, volume: volume, tradeValue: volume * price,
            dayHigh: meta.regularMarketDayHigh ?? price, dayLow: meta.regularMarketDayLow ?? price,
            week52High: meta.fiftyTwoWeekHigh, week52Low: meta.fiftyTwoWeekLow,
            timestamp: (meta.regularMarketTime ?? 0) * 1000)
    }
}

extension Array {
    /// The element at `index`, or `nil` when out of range.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
