public import MarketDomain

/// Reads frames of Korbit's v2 WebSocket straight from their bytes: a `ticker` message becomes a
/// domain ``Ticker`` from the fields of its `data` (decimal strings, in any order, unknown fields
/// skipped); an acknowledgement or another type is a sign of life; a `fail` or `error` status is
/// the server's error. ``KorbitStreamFrame`` (Codable) stays as the reference.
public enum KorbitTickerFrameReader {
    /// Reads one frame.
    public static func read(_ frame: [UInt8]) -> StreamFrameContent {
        frame.withUnsafeBufferPointer(read)
    }

    /// Reads one frame.
    public static func read(_ frame: UnsafeBufferPointer<UInt8>) -> StreamFrameContent {
        var message = Message()
        var reader = JSONByteReader(frame)
        do throws(JSONByteReader.Failure) {
            try reader.readDocument { (reader, key) throws(JSONByteReader.Failure) in
                try message.read(key, from: &reader)
            }
        } catch {
            return .unreadable(error.reason)
        }
        return message.content
    }

    /// The top level of one frame.
    private struct Message {
        var status: String?
        var code: String?
        var text: String?
        var isTicker: Bool?
        var marketID: MarketID?
        var symbolWasInvalid = false
        var timestamp: Int64?
        var data: TickerData?

        mutating func read(
            _ key: UnsafeBufferPointer<UInt8>, from reader: inout JSONByteReader
        )
            throws(JSONByteReader.Failure)
        {
            if JSONByteReader.key(key, is: "data") {
                var data = TickerData()
                try reader.readMember { (reader, key) throws(JSONByteReader.Failure) in
                    try data.read(key, from: &reader)
                }
                self.data = data
            } else if JSONByteReader.key(key, is: "symbol") {
                let token = try reader.readString()
                marketID = reader.withDecoded(token) { Self.marketID($0) } ?? nil
                symbolWasInvalid = marketID == nil
            } else if JSONByteReader.key(key, is: "timestamp") {
                timestamp = try reader.readInt64()
            } else if JSONByteReader.key(key, is: "type") {
                isTicker = reader.token(try reader.readString(), equals: "ticker")
            } else if JSONByteReader.key(key, is: "status") {
                status = reader.string(try reader.readString())
            } else if JSONByteReader.key(key, is: "code") {
                code = try reader.readNull() ? nil : reader.string(try reader.readString())
            } else if JSONByteReader.key(key, is: "message") {
                text = try reader.readNull() ? nil : reader.string(try reader.readString())
            } else {
                try reader.skipValue()
            }
        }

        var content: StreamFrameContent {
            if let status {
                return status == "success"
                    ? .alive : .serverError([code, text].compactMap { $0 }.joined(separator: ": "))
            }
            guard let isTicker else { return .unreadable("neither a typed message nor a status") }
            guard isTicker else { return .alive }
            guard let timestamp, let data, data.hasEveryField, marketID != nil || symbolWasInvalid else {
                return .unreadable("a ticker without all its fields")
            }
            guard let marketID, let ticker = data.ticker(marketID, fallbackTime: timestamp) else {
                return .unreadable("bad ticker")
            }
            return .ticker(ticker)
        }

        /// `btc_krw` → `KRW-BTC`.
        private static func marketID(_ symbol: UnsafeBufferPointer<UInt8>) -> MarketID? {
            guard let underscore = symbol.firstIndex(of: UInt8(ascii: "_")),
                !symbol[(underscore + 1)...].contains(UInt8(ascii: "_"))
            else { return nil }
            return MarketID(
                quote: UnsafeBufferPointer(rebasing: symbol[(underscore + 1)...]),
                base: UnsafeBufferPointer(rebasing: symbol[..<underscore]))
        }
    }

    /// The `data` of a ticker message: the REST ticker's fields.
    private struct TickerData {
        var open: Double?
        var high: Double?
        var low: Double?
        var close: Double?
        var previousClose: Double?
        var priceChange: Double?
        var priceChangePercent: Double?
        var volume: Double?
        var quoteVolume: Double?
        var lastTradedAt: Int64?
        /// One bit per required field present (the `Codable` path requires every one, even when
        /// its text is not a number).
        var found: UInt16 = 0

        var hasEveryField: Bool { found == 0x1FF }

        mutating func read(
            _ key: UnsafeBufferPointer<UInt8>, from reader: inout JSONByteReader
        )
            throws(JSONByteReader.Failure)
        {
            guard !key.isEmpty else { return try reader.skipValue() }
            switch (key.count, key[0]) {
            case (4, UInt8(ascii: "o")) where JSONByteReader.key(key, is: "open"): open = try decimal(&reader, bit: 0)
            case (4, UInt8(ascii: "h")) where JSONByteReader.key(key, is: "high"): high = try decimal(&reader, bit: 1)
            case (3, UInt8(ascii: "l")) where JSONByteReader.key(key, is: "low"): low = try decimal(&reader, bit: 2)
            case (5, UInt8(ascii: "c")) where JSONByteReader.key(key, is: "close"): close = try decimal(&reader, bit: 3)
            case (9, UInt8(ascii: "p")) where JSONByteReader.key(key, is: "prevClose"):
                previousClose = try decimal(&reader, bit: 4)
            case (11, UInt8(ascii: "p")) where JSONByteReader.key(key, is: "priceChange"):
                priceChange = try decimal(&reader, bit: 5)
            case (18, UInt8(ascii: "p")) where JSONByteReader.key(key, is: "priceChangePercent"):
                priceChangePercent = try decimal(&reader, bit: 6)
            case (6, UInt8(ascii: "v")) where JSONByteReader.key(key, is: "volume"):
                volume = try decimal(&reader, bit: 7)
            case (11, UInt8(ascii: "q")) where JSONByteReader.key(key, is: "quoteVolume"):
                quoteVolume = try decimal(&reader, bit: 8)
            case (12, UInt8(ascii: "l")) where JSONByteReader.key(key, is: "lastTradedAt"):
                lastTradedAt = try reader.readNull() ? nil : try reader.readInt64()
            default:
                try reader.skipValue()
            }
        }

        private mutating func decimal(
            _ reader: inout JSONByteReader, bit: UInt16
        ) throws(JSONByteReader.Failure)
            -> Double?
        {
            found |= 1 << bit
            return try reader.readDecimalIfNumber()
        }

        /// As ``KorbitTickerDTO/toDomain(_:fallbackTime:)``: `nil` when a price is not a number.
        func ticker(_ id: MarketID, fallbackTime: Int64) -> Ticker? {
            guard let close, let open, let high, let low, let previousClose else { return nil }
            return Ticker(
                marketID: id, price: close, changePrice: priceChange ?? close - previousClose,
                changeRate: (priceChangePercent ?? 0) / 100, volume24h: volume ?? 0, tradeValue24h: quoteVolume ?? 0,
                open: open, high: high, low: low, previousClose: previousClose, timestamp: lastTradedAt ?? fallbackTime)
        }
    }
}
