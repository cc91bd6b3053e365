public import SiseSupport

extension BinanceKline {
    /// Writes this row's JSON without `JSONEncoder`: the twelve values ``encode(to:)`` writes, in
    /// its order (§4.1). The simulator serves `/api/v3/klines` this way: the premium history's
    /// back-fill asks a year of days for every coin.
    public func writeJSON(into writer: inout JSONTextWriter) {
        writer.beginArray()
        writer.integer(openTime)
        for decimal in [open, high, low, close, volume] { writer.string(decimal.text) }
        writer.integer(closeTime)
        writer.string(quoteVolume.text)
        writer.integer(trades)
        writer.string(takerBuyBaseVolume.text)
        writer.string(takerBuyQuoteVolume.text)
        writer.string("0")
        writer.endArray()
    }
}
