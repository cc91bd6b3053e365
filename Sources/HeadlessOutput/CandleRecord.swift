public import MarketDomain

/// One daily candle as `sise candles` prints it.
public struct CandleRecord: Codable, Sendable, Equatable {
    /// `yyyy-MM-dd`.
    public var date: String
    public var open: Double
    public var high: Double
    public var low: Double
    public var close: Double
    public var volume: Double
    public var value: Double

    /// The record of a candle.
    public init(_ candle: Candle) {
        date = candle.day.description
        open = candle.open
        high = candle.high
        low = candle.low
        close = candle.close
        volume = candle.volume
        value = candle.value
    }

    /// The CSV columns, in order.
    public static let csvHeader = ["date", "open", "high", "low", "close", "volume", "value"]

    /// The CSV fields, in the header's order.
    public var csvFields: [String] {
        [
            date, CSV.number(open), CSV.number(high), CSV.number(low), CSV.number(close), CSV.number(volume),
            CSV.number(value),
        ]
    }
}
