public import MarketDomain

/// Reads frames of Binance's WebSocket straight from their bytes: a `24hrTicker` event (raw, or
/// wrapped in a combined stream's `{"stream":…,"data":…}`) becomes a domain ``Ticker`` from its
/// one-letter fields (case matters: `c` is the last price, `C` the window's close time); a
/// request's result or another event is a sign of life; `{"code":…,"msg":…}` is the server's
/// error. ``BinanceStreamFrame`` (Codable) stays as the reference.
public enum BinanceTickerFrameReader {
    /// Reads one frame.
    public static func read(_ frame: [UInt8]) -> StreamFrameContent {
        frame.withUnsafeBufferPointer(read)
    }

    /// Reads one frame.
    public static func read(_ frame: UnsafeBufferPointer<UInt8>) -> StreamFrameContent {
        var event = Event()
        var reader = JSONByteReader(frame)
        do throws(JSONByteReader.Failure) {
            try reader.readDocument { (reader, key) throws(JSONByteReader.Failure) in
                try event.read(key, from: &reader, nested: false)
            }
        } catch {
            return .unreadable(error.reason)
        }
        return event.content
    }

    /// One event's fields, as read (a combined stream's `data` is read into its own).
    private struct Event {
        var type: Bool?
        var symbol: MarketID?
        var symbolWasInvalid = false
        var eventTime: Int64?
        var last: Double?
        var open: Double?
        var high: Double?
        var low: Double?
        var change: Double?
        var changePercent: Double?
        var previousClose: Double?
        var volume: Double?
        var quoteVolume: Double?
        var errorCode: Int64?
        var errorMessage: String?
        var hasStream = false
        var wrapped: [Event] = []

        mutating func read(
            _ key: UnsafeBufferPointer<UInt8>, from reader: inout JSONByteReader, nested: Bool
        )
            throws(JSONByteReader.Failure)
        {
            guard key.count <= 6, !key.isEmpty else { return try reader.skipValue() }
            if key.count == 1 {
                switch key[0] {
                case UInt8(ascii: "e"): type = reader.token(try reader.readString(), equals: "24hrTicker")
                case UInt8(ascii: "E"): eventTime = try reader.readInt64()
                case UInt8(ascii: "s"):
                    let token = try reader.readString()
                    symbol = reader.withDecoded(token) { Self.marketID($0) } ?? nil
                    symbolWasInvalid = symbol == nil
                case UInt8(ascii: "c"): last = try reader.readDecimalIfNumber()
                case UInt8(ascii: "o"): open = try reader.readDecimalIfNumber()
                case UInt8(ascii: "h"): high = try reader.readDecimalIfNumber()
                case UInt8(ascii: "l"): low = try reader.readDecimalIfNumber()
                case UInt8(ascii: "p"): change = try reader.readDecimalIfNumber()
                case UInt8(ascii: "P"): changePercent = try reader.readDecimalIfNumber()
                case UInt8(ascii: "x"): previousClose = try reader.readDecimalIfNumber()
                case UInt8(ascii: "v"): volume = try reader.readDecimalIfNumber()
                case UInt8(ascii: "q"): quoteVolume = try reader.readDecimalIfNumber()
                default: try reader.skipValue()
                }
            } else if JSONByteReader.key(key, is: "data"), !nested, try reader.peek() == UInt8(ascii: "{") {
                var inner = Event()
                try reader.readMember { (reader, key) throws(JSONByteReader.Failure) in
                    try inner.read(key, from: &reader, nested: true)
                }
                wrapped = [inner]
            } else if JSONByteReader.key(key, is: "stream") {
                hasStream = true
                try reader.skipValue()
            } else if JSONByteReader.key(key, is: "code") {
                errorCode = try reader.readInt64()
            } else if JSONByteReader.key(key, is: "msg") {
                errorMessage = reader.string(try reader.readString())
            } else {
                try reader.skipValue()
            }
        }

        var content: StreamFrameContent {
            if hasStream, let inner = wrapped.first { return inner.content }
            if let type {
                guard type else { return .alive }
                guard let eventTime, symbol != nil || symbolWasInvalid else {
                    return .unreadable("a ticker without all its fields")
                }
                guard let symbol, let last, let open, let high, let low else { return .unreadable("bad ticker") }
                return .ticker(
                    Ticker(
                        marketID: symbol, price: last, changePrice: change ?? last - open,
                        changeRate: (changePercent ?? 0) / 100, volume24h: volume ?? 0,
                        tradeValue24h: quoteVolume ?? 0, open: open, high: high, low: low,
                        previousClose: previousClose ?? open, timestamp: eventTime))
            }
            if let errorCode { return .serverError("\(errorCode): \(errorMessage ?? "")") }
            return .alive
        }

        /// `BTCUSDT` → `USDT-BTC`, by the known quote suffixes, longest first.
        private static func marketID(_ symbol: UnsafeBufferPointer<UInt8>) -> MarketID? {
            for quote in BinanceWire.knownQuoteBytes where symbol.count > quote.count {
                let suffix = symbol.count - quote.count
                var matches = true
                for index in quote.indices where symbol[suffix + index] & 0xDF != quote[index] {
                    matches = false
                    break
                }
                guard matches else { continue }
                return quote.withUnsafeBufferPointer { quote in
                    MarketID(quote: quote, base: UnsafeBufferPointer(rebasing: symbol[..<suffix]))
                }
            }
            return nil
        }
    }
}

extension BinanceWire {
    /// ``knownQuotes`` as bytes, for reading symbols from frames.
    static let knownQuoteBytes: [[UInt8]] = knownQuotes.map { Array($0.utf8) }
}
