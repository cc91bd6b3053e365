public import MarketDomain

/// A `kline` event of Binance's `<symbol>@kline_<interval>` stream (exchange-apis.md §9.4): the
/// candle of the interval as it stands, pushed each second while it trades, and once more closed
/// (`x`) when the next begins. Prices and volumes are strings, as Binance writes them.
public struct BinanceStreamKline: Codable, Sendable, Equatable {
    /// The candle.
    public struct Kline: Codable, Sendable, Equatable {
        /// Start and close time (the last millisecond), Unix ms.
        public var t: Int64
        public var T: Int64
        public var s: String
        /// `1m`, `1h`, `1d`, …
        public var i: String
        /// First and last trade ids (-1 when not known), and the number of trades.
        public var f: Int64
        public var L: Int64
        public var n: Int
        public var o: String
        public var c: String
        public var h: String
        public var l: String
        /// Base asset volume and quote asset volume.
        public var v: String
        public var q: String
        /// Whether the candle is closed.
        public var x: Bool
        /// Taker buy base and quote volume.
        public var V: String
        public var Q: String
        public var B: String
    }

    /// `kline`.
    public var e: String
    /// Event time, Unix ms.
    public var E: Int64
    public var s: String
    public var k: Kline

    /// The event of `candle` of `interval` of `symbol` (`BTCUSDT`); `closed` when the next began.
    public init(_ candle: IntervalCandle, interval: CandleInterval, symbol: String, closed: Bool, now: Int64) {
        e = "kline"
        E = now
        s = symbol
        let end = interval.next(after: candle.start) - 1
        func text(_ value: Double) -> String { WireDecimal(value).text }
        // As many trades as the REST klines say (the simulator counts none): `f` and `L` unknown.
        k = Kline(
            t: candle.start, T: end, s: symbol, i: interval.rawValue, f: -1, L: -1,
            n: Int(candle.volume.squareRoot() * 10) + 1, o: text(candle.open), c: text(candle.close),
            h: text(candle.high), l: text(candle.low), v: text(candle.volume), q: text(candle.value), x: closed,
            V: text(candle.volume / 2), Q: text(candle.value / 2), B: "0")
    }

    /// The candle; `nil` when a figure is not a number.
    public func toDomain() -> IntervalCandle? {
        guard let open = Double(k.o), let high = Double(k.h), let low = Double(k.l), let close = Double(k.c),
            let volume = Double(k.v), let value = Double(k.q)
        else { return nil }
        return IntervalCandle(start: k.t, open: open, high: high, low: low, close: close, volume: volume, value: value)
    }
}
