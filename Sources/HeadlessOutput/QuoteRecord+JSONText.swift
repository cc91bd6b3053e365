public import MarketDomain
public import SiseSupport

extension QuoteRecord {
    /// Writes this record as one NDJSON line without `JSONEncoder`: the text `JSONEncoder` writes
    /// with sorted keys and unescaped slashes, then a line feed (`stream` writes a line per tick).
    public func writeJSONLine(into writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key("changePrice")
        writer.number(changePrice)
        writer.key("changeRate")
        writer.number(changeRate)
        writer.key("englishName")
        writer.string(englishName)
        writer.key("exchange")
        writer.string(exchange)
        writer.key("high")
        writer.number(high)
        writer.key("koreanName")
        writer.string(koreanName)
        writer.key("low")
        writer.number(low)
        writer.key("market")
        writer.string(market)
        writer.key("open")
        writer.number(open)
        writer.key("previousClose")
        writer.number(previousClose)
        writer.key("price")
        writer.number(price)
        writer.key("symbol")
        writer.string(symbol)
        writer.key("timestamp")
        writer.integer(timestamp)
        writer.key("tradeValue24h")
        writer.number(tradeValue24h)
        writer.key("volume24h")
        writer.number(volume24h)
        if let warning {
            writer.key("warning")
            writer.string(warning)
        }
        writer.endObject()
        writer.newline()
    }
}
