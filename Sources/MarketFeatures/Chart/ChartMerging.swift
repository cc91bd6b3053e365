public import MarketDomain

/// A chart zoomed out past one candle a column (issue 65): `x` in the terminal stopped at the
/// first view, as wide as the screen, though a thousand candles were loaded. Past the default
/// zoom each column draws several candles merged into one, newest group last.
extension ChartWindow {
    /// How many candles each of `columns` draws for this window: one at the default zoom and
    /// nearer (the page asks for as many columns as candles), else as many as it takes.
    public func candlesPerColumn(columns: Int) -> Int {
        guard columns > 0, count > ChartWindow.defaultCount, count > columns else { return 1 }
        return (count + columns - 1) / columns
    }

    /// The window over candles merged `perColumn` at a time.
    func merged(by perColumn: Int) -> ChartWindow {
        var coarse = self
        coarse.count = max(1, count / perColumn)
        coarse.offset = offset / perColumn
        return coarse
    }
}

extension IntervalCandle {
    /// `candles` (oldest first) merged `size` at a time from the newest back, each the first's
    /// start and open, the last's close, the extremes and the sums of them (the oldest group may
    /// hold fewer).
    static func merged(_ candles: [IntervalCandle], by size: Int) -> [IntervalCandle] {
        guard size > 1, !candles.isEmpty else { return candles }
        var groups: [IntervalCandle] = []
        var end = candles.count
        while end > 0 {
            let group = candles[max(0, end - size)..<end]
            let first = group[group.startIndex]
            let last = group[group.index(before: group.endIndex)]
            groups.append(
                IntervalCandle(
                    start: first.start, open: first.open, high: group.map(\.high).max() ?? first.high,
                    low: group.map(\.low).min() ?? first.low, close: last.close,
                    volume: group.reduce(0) { $0 + $1.volume }, value: group.reduce(0) { $0 + $1.value }))
            end -= size
        }
        return groups.reversed()
    }
}
