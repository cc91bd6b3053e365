import MarketDomain

/// Reads frames of the Upbit WebSocket (and Bithumb's v1, its near-clone) straight from their
/// bytes: a `ticker` in DEFAULT or SIMPLE keys becomes a domain ``Ticker`` from the ten fields the
/// board needs, in any order, every other field skipped unread; `{"status":"UP"}` and other types
/// are signs of life; `{"error":…}` is the server's error. ``UpbitStreamFrame`` (Codable) stays as
/// the reference: both read the same ticker from the same valid frame.
public enum UpbitTickerFrameReader {
    /// Reads one frame.
    public static func read(_ frame: [UInt8]) -> StreamFrameContent {
        frame.withUnsafeBufferPointer(read)
    }

    /// Reads one frame.
    public static func read(_ frame: UnsafeBufferPointer<UInt8>) -> StreamFrameContent {
        // Each static layout is lent to the read as it is (a copy would retain its four arrays).
        KeyLayout.simple.begins(frame) ? read(frame, in: KeyLayout.simple) : read(frame, in: KeyLayout.default)
    }

    /// Reads one frame, expecting its keys in `layout`.
    private static func read(_ frame: UnsafeBufferPointer<UInt8>, in layout: borrowing KeyLayout) -> StreamFrameContent
    {
        var fields = Fields()
        var reader = JSONByteReader(frame)
        do throws(JSONByteReader.Failure) {
            try reader.readDocument(expecting: layout.order) { (reader, position, key) throws(JSONByteReader.Failure) in
                guard let position else { return try fields.read(key, from: &reader) }
                guard let field = layout.fields[position] else { return try reader.skipValue() }
                try fields.read(field, isSimple: layout.isSimple, from: &reader)
            }
        } catch {
            return .unreadable(error.reason)
        }
        return fields.content
    }

    /// A ticker's keys in the order Upbit writes them (exchange-apis.md §1.6, and the simulator's
    /// ``UpbitStreamTicker/writeJSON(into:simple:)``), with the field each one is: a frame in this
    /// order is read with one compare per key, any other order as well, only more slowly.
    struct KeyLayout: Sendable {
        let order: JSONKeyOrder
        let fields: [Field?]
        let isSimple: Bool

        init(_ keys: [(StaticString, Field?)], isSimple: Bool) {
            order = JSONKeyOrder(keys.map(\.0))
            fields = keys.map(\.1)
            self.isSimple = isSimple
        }

        /// Whether a frame starts with this layout's first key (whitespace aside, `{"ty":` is SIMPLE).
        func begins(_ frame: UnsafeBufferPointer<UInt8>) -> Bool {
            var reader = JSONByteReader(frame)
            guard (try? reader.expect(UInt8(ascii: "{"))) != nil, (try? reader.peek()) == UInt8(ascii: "\"") else {
                return false
            }
            return reader.readKey(order, at: 0) != nil
        }

        static let `default` = KeyLayout(
            [
                ("type", .type), ("code", .code), ("opening_price", .open), ("high_price", .high),
                ("low_price", .low), ("trade_price", .price), ("prev_closing_price", .previousClose),
                ("acc_trade_price", nil), ("change", nil), ("change_price", nil),
                ("signed_change_price", .changePrice), ("change_rate", nil), ("signed_change_rate", .changeRate),
                ("ask_bid", nil), ("trade_volume", nil), ("acc_trade_volume", nil), ("trade_date", nil),
                ("trade_time", nil), ("trade_timestamp", nil), ("acc_ask_volume", nil), ("acc_bid_volume", nil),
                ("highest_52_week_price", nil), ("highest_52_week_date", nil), ("lowest_52_week_price", nil),
                ("lowest_52_week_date", nil), ("market_state", nil), ("is_trading_suspended", nil),
                ("delisting_date", nil), ("market_warning", nil), ("timestamp", .timestamp),
                ("acc_trade_price_24h", .value24h), ("acc_trade_volume_24h", .volume24h), ("stream_type", nil),
            ], isSimple: false)

        static let simple = KeyLayout(
            [
                ("ty", .type), ("cd", .code), ("op", .open), ("hp", .high), ("lp", .low), ("tp", .price),
                ("pcp", .previousClose), ("atp", nil), ("c", nil), ("cp", nil), ("scp", .changePrice), ("cr", nil),
                ("scr", .changeRate), ("ab", nil), ("tv", nil), ("atv", nil), ("tdt", nil), ("ttm", nil),
                ("ttms", nil), ("aav", nil), ("abv", nil), ("h52wp", nil), ("h52wdt", nil), ("l52wp", nil),
                ("l52wdt", nil), ("ms", nil), ("its", nil), ("dd", nil), ("mw", nil), ("tms", .timestamp),
                ("atp24h", .value24h), ("atv24h", .volume24h), ("st", nil),
            ], isSimple: true)
    }

    /// The fields one frame carried, as read.
    private struct Fields {
        /// The ticker's fields under DEFAULT keys, and under SIMPLE ones: a frame is read in the
        /// spelling its type key has (`ty` means SIMPLE), as the `Codable` reference reads it.
        var defaultKeys = TickerFields()
        var simpleKeys = TickerFields()
        var status = false
        var error: String?

        mutating func read(
            _ key: UnsafeBufferPointer<UInt8>, from reader: inout JSONByteReader
        )
            throws(JSONByteReader.Failure)
        {
            guard let (field, isSimple) = Field.named(key) else {
                try reader.skipValue()
                return
            }
            try read(field, isSimple: isSimple, from: &reader)
        }

        mutating func read(
            _ field: Field, isSimple: Bool, from reader: inout JSONByteReader
        )
            throws(JSONByteReader.Failure)
        {
            switch field {
            case .status:
                _ = try reader.readString()
                status = true
            case .error:
                error = try Self.errorText(&reader)
            default:
                if isSimple {
                    try simpleKeys.read(field, from: &reader)
                } else {
                    try defaultKeys.read(field, from: &reader)
                }
            }
        }

        /// `name: message` of an `{"name":…,"message":…}` object.
        private static func errorText(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> String {
            var name = ""
            var message = ""
            try reader.readMember { (reader, key) throws(JSONByteReader.Failure) in
                if JSONByteReader.key(key, is: "name") {
                    name = try reader.readText()
                } else if JSONByteReader.key(key, is: "message") {
                    message = try reader.readText()
                } else {
                    try reader.skipValue()
                }
            }
            return "\(name): \(message)"
        }

        var content: StreamFrameContent {
            if let isTicker = defaultKeys.isTicker ?? simpleKeys.isTicker {
                guard isTicker else { return .alive }
                return (simpleKeys.isTicker != nil ? simpleKeys : defaultKeys).content
            }
            if status { return .alive }
            if let error { return .serverError(error) }
            return .unreadable("neither a typed message, a status nor an error")
        }
    }

    /// A ticker's fields in one spelling.
    private struct TickerFields {
        var isTicker: Bool?
        var code: MarketID?
        var codeWasInvalid = false
        var open = 0.0
        var high = 0.0
        var low = 0.0
        var price = 0.0
        var previousClose = 0.0
        var changePrice = 0.0
        var changeRate = 0.0
        var volume24h = 0.0
        var value24h = 0.0
        var timestamp: Int64 = 0
        /// One bit per required ticker field found.
        var found: UInt16 = 0
        /// One bit per ``Field`` read: a repeated key's first value wins, as in the reference.
        var seen: UInt16 = 0

        static let allRequired: UInt16 = 0x3FF

        mutating func read(_ field: Field, from reader: inout JSONByteReader) throws(JSONByteReader.Failure) {
            guard seen & (1 << field.rawValue) == 0 else { return try reader.skipValue() }
            seen |= 1 << field.rawValue
            switch field {
            case .type:
                let token = try reader.readString()
                isTicker = reader.token(token, equals: "ticker")
            case .code:
                let token = try reader.readString()
                code = reader.withDecoded(token) { MarketID(utf8: $0) } ?? nil
                codeWasInvalid = code == nil
            case .open: open = try number(&reader, bit: 0)
            case .high: high = try number(&reader, bit: 1)
            case .low: low = try number(&reader, bit: 2)
            case .price: price = try number(&reader, bit: 3)
            case .previousClose: previousClose = try number(&reader, bit: 4)
            case .changePrice: changePrice = try number(&reader, bit: 5)
            case .changeRate: changeRate = try number(&reader, bit: 6)
            case .volume24h: volume24h = try number(&reader, bit: 7)
            case .value24h: value24h = try number(&reader, bit: 8)
            case .timestamp:
                timestamp = try reader.readInt64()
                found |= 1 << 9
            case .status, .error: try reader.skipValue()
            }
        }

        private mutating func number(
            _ reader: inout JSONByteReader, bit: UInt16
        ) throws(JSONByteReader.Failure)
            -> Double
        {
            let value = try reader.readDouble()
            found |= 1 << bit
            return value
        }

        var content: StreamFrameContent {
            guard found == Self.allRequired, code != nil || codeWasInvalid else {
                return .unreadable("a ticker without all its fields")
            }
            guard let code else { return .unreadable("bad market code") }
            return .ticker(
                Ticker(
                    marketID: code, price: price, changePrice: changePrice, changeRate: changeRate,
                    volume24h: volume24h, tradeValue24h: value24h, open: open, high: high, low: low,
                    previousClose: previousClose, timestamp: timestamp))
        }
    }
}
