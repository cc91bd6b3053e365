import MarketDomain

/// Trade values for candles made up inside a longer one (issue 63): each part's volume-weighted
/// price (value ÷ volume) lies inside its own low and high, as it does for candles of real trades,
/// and the parts' values sum to the whole's. Where the parts' volumes could not reach the whole's
/// value at any prices inside their ranges, volume moves toward the part that holds the whole's
/// high (or low) first.
enum CandleValues {
    /// `parts` (their volumes summing to `volume`) with values summing to `value`.
    static func filled(_ parts: [IntervalCandle], volume: Double, value: Double) -> [IntervalCandle] {
        guard !parts.isEmpty, volume > 0, value > 0 else {
            return parts.map {
                var part = $0; part.value = 0; return part
            }
        }
        var parts = parts
        reach(value, in: &parts, volume: volume)
        let lows = parts.map { $0.volume * $0.low }
        let highs = parts.map { $0.volume * $0.high }
        let mids = parts.map { $0.volume * ($0.open + $0.close) / 2 }
        let middle = mids.reduce(0, +)
        // The same fraction of each part's room above (or below) its middle price.
        if value >= middle {
            let room = zip(highs, mids).map { $0 - $1 }.reduce(0, +)
            let fraction = room > 0 ? min(1, (value - middle) / room) : 0
            for index in parts.indices { parts[index].value = mids[index] + fraction * (highs[index] - mids[index]) }
        } else {
            let room = zip(mids, lows).map { $0 - $1 }.reduce(0, +)
            let fraction = room > 0 ? min(1, (middle - value) / room) : 0
            for index in parts.indices { parts[index].value = mids[index] - fraction * (mids[index] - lows[index]) }
        }
        return parts
    }

    /// Moves volume toward the part with the highest high (or lowest low) until the parts can sum
    /// to `value` at prices inside their ranges.
    private static func reach(_ value: Double, in parts: inout [IntervalCandle], volume: Double) {
        let highest = parts.map { $0.volume * $0.high }.reduce(0, +)
        let lowest = parts.map { $0.volume * $0.low }.reduce(0, +)
        let (bound, toward): (Double, Int?) =
            value > highest
            ? (highest, parts.indices.max { parts[$0].high < parts[$1].high })
            : value < lowest ? (lowest, parts.indices.min { parts[$0].low < parts[$1].low }) : (value, nil)
        guard let toward else { return }
        let extreme = value > highest ? parts[toward].high : parts[toward].low
        let span = volume * extreme - bound
        guard span != 0 else { return }
        let share = min(1, (value - bound) / span)
        for index in parts.indices { parts[index].volume *= 1 - share }
        parts[toward].volume += share * volume
    }
}
