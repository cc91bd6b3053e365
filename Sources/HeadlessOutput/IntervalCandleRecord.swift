public import MarketDomain

/// One candle of any interval as `sise candles --interval` prints it: its start as Unix ms and
/// in Korean time, then its prices and amounts.
public struct IntervalCandleRecord: Codable, Sendable, Equatable {
    /// The start, Unix ms.
    public var start: Int64
    /// The start in KST, `2026-11-26 22:05:00`.
    public var time: String
    public var open: Double
    public var high: Double
    public var low: Double
    public var close: Double
    public var volume: Double
    public var value: Double

    /// The record of a candle.
    public init(_ candle: IntervalCandle) {
        start = candle.start
        time = KoreanTime.dateClock(candle.start)
        open = candle.open
        high = candle.high
        low = candle.low
        close = candle.close
        volume = candle.volume
        value = candle.value
    }

    /// The CSV columns, in order.
    public static let csvHeader = ["start", "time", "open", "high", "low", "close", "volume", "value"]

    /// The CSV fields, in the header's order.
    public var csvFields: [String] {
        [String(start), time] + [open, high, low, close, volume, value].map(CSV.number)
    }
}
