import ExchangeWire
import MarketDomain

/// The span of one candle as a simulated venue serves it (exchange-apis.md §9.4): one of the
/// intervals Sise reads (`1s` … `1M`), or one a venue also serves that Sise's charts do not
/// (Binance's `2h 6h 8h 12h` of hours and `3d` of days, Bithumb's legacy `6h 12h`), rolled up from
/// those, each starting on a multiple of its length since the Unix epoch as the shorter ones do.
struct CandleSpan: Sendable, Equatable {
    /// The interval the candles are made of.
    let base: CandleInterval
    /// How many of `base` one kline holds.
    let multiple: Int

    /// `multiple` candles of `base` as one.
    init(base: CandleInterval, multiple: Int) {
        (self.base, self.multiple) = (base, multiple)
    }

    /// The span a Binance kline `interval` names; `nil` for one Binance does not serve (`10m`, `2d`, …).
    init?(_ text: String) {
        if let interval = BinanceEndpoint.klineInterval(text) {
            (base, multiple) = (interval, 1)
            return
        }
        switch text {
        case "2h": (base, multiple) = (.hour, 2)
        case "6h": (base, multiple) = (.hour, 6)
        case "8h": (base, multiple) = (.hour, 8)
        case "12h": (base, multiple) = (.hour, 12)
        case "3d": (base, multiple) = (.day, 3)
        default: return nil
        }
    }

    /// The start of the kline containing `time` (Unix ms).
    func start(containing time: Int64) -> Int64 {
        guard multiple > 1, let length = base.milliseconds.map({ $0 * Int64(multiple) }) else {
            return base.start(containing: time)
        }
        return time >= 0 ? time / length * length : (time - length + 1) / length * length
    }

    /// The start of the kline after the one starting at `start`.
    func next(after start: Int64) -> Int64 {
        guard multiple > 1 else { return base.next(after: start) }
        return start + (base.milliseconds ?? 0) * Int64(multiple)
    }

    /// The klines of a venue market that start before `end` (now when `nil`), at most `count`,
    /// oldest first; `nil` when unlisted. A longer span is its base candles rolled up.
    func candles(of id: MarketID, on venue: SimulatedVenue, before end: Int64?, count: Int) -> [IntervalCandle]? {
        guard multiple > 1 else { return venue.candles(id, interval: base, before: end, count: count) }
        // Every part of the klines starting before the end, the last one's too.
        let bound = end.map { next(after: start(containing: $0 - 1)) }
        guard let parts = venue.candles(id, interval: base, before: bound, count: (count + 1) * multiple) else {
            return nil
        }
        let klines = IntervalCandle.rollUp(parts, startingAt: start(containing:))
        return Array(klines.filter { kline in end.map { kline.start < $0 } ?? true }.suffix(count))
    }
}
