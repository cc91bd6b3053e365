public import Foundation
public import MarketDomain

/// Reads the big lists of Upbit's REST API straight from their bytes: `/v1/ticker/all` (every
/// market's ticker, about 460 KB) and `/v1/market/all` (every market's names and warnings, about
/// 190 KB), which the first board waits for, and the candles' pages (200 rows each; a chart's
/// first view reads five, the premium history's back-fill a year of days for every coin). Each row keeps
/// only what the domain needs; every other member is skipped unread. ``UpbitTickerDTO``,
/// ``UpbitMarketDTO`` and ``UpbitIntervalCandleDTO`` (Codable) stay as the reference: both read
/// the same rows from the same body.
///
/// A row whose market code is not `QUOTE-BASE` is left out, as the reference's `toDomain()` leaves
/// it out; a body that is not an array of such rows, or a row without a field the domain needs,
/// is refused with the reason.
public enum UpbitRESTRowsReader {
    /// Why a body could not be read.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The tickers of a `/v1/ticker` or `/v1/ticker/all` body.
    public static func tickers(_ body: Data) throws(Failure) -> [Ticker] {
        try read(body) { (reader) throws(JSONByteReader.Failure) in
            var tickers: [Ticker] = []
            var missing = false
            try reader.forEachElement { (reader) throws(JSONByteReader.Failure) in
                var row = TickerRow()
                guard try TickerRow.layout.readRow(&reader, into: &row) else {
                    missing = true
                    return
                }
                if let ticker = row.ticker { tickers.append(ticker) }
            }
            return missing ? nil : tickers
        }
    }

    /// The markets of a `/v1/market/all` body, with their warnings when it carries them.
    public static func markets(_ body: Data) throws(Failure) -> [Market] {
        try read(body) { (reader) throws(JSONByteReader.Failure) in
            var markets: [Market] = []
            var missing = false
            try reader.forEachElement { (reader) throws(JSONByteReader.Failure) in
                guard let row = try MarketRow.read(&reader) else {
                    missing = true
                    return
                }
                if let market = row.toDomain() { markets.append(market) }
            }
            return missing ? nil : markets
        }
    }

    /// A page of candles as read: the candles, oldest last as sent, and how many rows the page
    /// held (a row whose time cannot be read is left out of the candles, not of the count).
    public struct CandlePage: Sendable, Equatable {
        public var candles: [IntervalCandle]
        public var rows: Int

        /// The page of the `Codable` reference's rows.
        public init(_ rows: [UpbitIntervalCandleDTO]) {
            candles = rows.compactMap { $0.toDomain() }
            self.rows = rows.count
        }

        init(candles: [IntervalCandle], rows: Int) {
            self.candles = candles
            self.rows = rows
        }
    }

    /// The candles of a `/v1/candles/…` body (every interval, days included, §1.3 and §9.4).
    public static func candles(_ body: Data) throws(Failure) -> CandlePage {
        try read(body) { (reader) throws(JSONByteReader.Failure) in
            var candles: [IntervalCandle] = []
            var rows = 0
            var missing = false
            try reader.forEachElement { (reader) throws(JSONByteReader.Failure) in
                rows += 1
                var row = CandleRow()
                guard try CandleRow.layout.readRow(&reader, into: &row) else {
                    missing = true
                    return
                }
                if let candle = row.candle { candles.append(candle) }
            }
            return missing ? nil : CandlePage(candles: candles, rows: rows)
        }
    }

    /// Runs `body` over the document's bytes and insists nothing follows what it read; `nil`
    /// from `body` means a row lacked a field.
    private static func read<Rows>(
        _ data: Data, _ body: (inout JSONByteReader) throws(JSONByteReader.Failure) -> Rows?
    ) throws(Failure) -> Rows {
        switch JSONByteReader.readDocument(data, body) {
        case .success(let rows?): return rows
        case .success(nil): throw Failure(description: "a row without all the fields a market needs")
        case .failure(let failure): throw Failure(description: failure.reason)
        }
    }

    /// The ticker fields the domain needs, by the key Upbit writes them under.
    private enum TickerField: Int {
        case market, open, high, low, price, previousClose, changePrice, changeRate, volume24h, value24h, timestamp
    }

    /// One `/v1/ticker` row as read.
    private struct TickerRow: RowFields {
        var market: MarketID?
        var numbers = [Double](repeating: 0, count: 9)
        var timestamp: Int64 = 0

        /// A row's keys in the order Upbit writes them (exchange-apis.md §1.2), with the field
        /// each one is.
        static let layout = RowLayout<TickerField>(
            [
                ("market", .market), ("trade_date", nil), ("trade_time", nil), ("trade_date_kst", nil),
                ("trade_time_kst", nil), ("trade_timestamp", nil), ("opening_price", .open), ("high_price", .high),
                ("low_price", .low), ("trade_price", .price), ("prev_closing_price", .previousClose), ("change", nil),
                ("change_price", nil), ("change_rate", nil), ("signed_change_price", .changePrice),
                ("signed_change_rate", .changeRate), ("trade_volume", nil), ("acc_trade_price", nil),
                ("acc_trade_price_24h", .value24h), ("acc_trade_volume", nil), ("acc_trade_volume_24h", .volume24h),
                ("highest_52_week_price", nil), ("highest_52_week_date", nil), ("lowest_52_week_price", nil),
                ("lowest_52_week_date", nil), ("timestamp", .timestamp),
            ], fieldCount: 11)

        mutating func read(_ field: TickerField, from reader: inout JSONByteReader) throws(JSONByteReader.Failure) {
            switch field {
            case .market:
                let token = try reader.readString()
                market = reader.withDecoded(token) { MarketID(utf8: $0) } ?? nil
            case .timestamp: timestamp = try reader.readInt64()
            default: numbers[field.rawValue - 1] = try reader.readDouble()
            }
        }

        var ticker: Ticker? {
            guard let market else { return nil }
            return Ticker(
                marketID: market, price: numbers[TickerField.price.rawValue - 1],
                changePrice: numbers[TickerField.changePrice.rawValue - 1],
                changeRate: numbers[TickerField.changeRate.rawValue - 1],
                volume24h: numbers[TickerField.volume24h.rawValue - 1],
                tradeValue24h: numbers[TickerField.value24h.rawValue - 1], open: numbers[TickerField.open.rawValue - 1],
                high: numbers[TickerField.high.rawValue - 1], low: numbers[TickerField.low.rawValue - 1],
                previousClose: numbers[TickerField.previousClose.rawValue - 1], timestamp: timestamp)
        }
    }

    /// The candle fields the domain needs.
    private enum CandleField: Int {
        case start, open, high, low, close, value, volume
    }

    /// One candle row as read.
    private struct CandleRow: RowFields {
        var start: Int64?
        var numbers = [Double](repeating: 0, count: 6)

        /// A row's keys in the order Upbit writes them (exchange-apis.md §1.3), with the field
        /// each one is.
        static let layout = RowLayout<CandleField>(
            [
                ("market", nil), ("candle_date_time_utc", .start), ("candle_date_time_kst", nil),
                ("opening_price", .open), ("high_price", .high), ("low_price", .low), ("trade_price", .close),
                ("timestamp", nil), ("candle_acc_trade_price", .value), ("candle_acc_trade_volume", .volume),
            ], fieldCount: 7)

        mutating func read(_ field: CandleField, from reader: inout JSONByteReader) throws(JSONByteReader.Failure) {
            switch field {
            case .start: start = UpbitTime.parseTo(reader.string(try reader.readString()))
            default: numbers[field.rawValue - 1] = try reader.readDouble()
            }
        }

        /// The candle, as ``UpbitIntervalCandleDTO/toDomain()`` makes it; `nil` when its time
        /// cannot be read.
        var candle: IntervalCandle? {
            guard let start else { return nil }
            return IntervalCandle(
                start: start, open: numbers[0], high: numbers[1], low: numbers[2], close: numbers[3],
                volume: numbers[5], value: numbers[4])
        }
    }

    /// A row's values as read, field by field.
    private protocol RowFields {
        associatedtype Field: RawRepresentable where Field.RawValue == Int
        mutating func read(_ field: Field, from reader: inout JSONByteReader) throws(JSONByteReader.Failure)
    }

    /// A row's keys in the order the exchange writes them, each with the field it is (`nil` for
    /// those the domain does not need): keys in this order cost a word compare or two each, any
    /// other order is read as well.
    private struct RowLayout<Field: RawRepresentable & Sendable>: Sendable where Field.RawValue == Int {
        private let keys: [(name: StaticString, field: Field?)]
        private let order: JSONKeyOrder
        private let fieldCount: Int

        init(_ keys: [(StaticString, Field?)], fieldCount: Int) {
            self.keys = keys.map { (name: $0.0, field: $0.1) }
            order = JSONKeyOrder(keys.map(\.0))
            self.fieldCount = fieldCount
        }

        /// Reads the object that starts here into `row`, each field the domain needs once (a
        /// repeated key's first value wins, as in the reference); whether every one was there.
        func readRow<Row: RowFields>(
            _ reader: inout JSONByteReader, into row: inout Row
        ) throws(JSONByteReader.Failure) -> Bool where Row.Field == Field {
            var found = 0
            try reader.readMember(expecting: order) { (reader, position, key) throws(JSONByteReader.Failure) in
                let named: Field? = if let position { keys[position].field } else { field(named: key) }
                guard let field = named, found & (1 << field.rawValue) == 0 else { return try reader.skipValue() }
                found |= 1 << field.rawValue
                try row.read(field, from: &reader)
            }
            return found == (1 << fieldCount) - 1
        }

        /// The field a key out of order names, if the domain needs it.
        private func field(named key: UnsafeBufferPointer<UInt8>) -> Field? {
            for entry in keys where entry.field != nil && JSONByteReader.key(key, is: entry.name) { return entry.field }
            return nil
        }
    }

    /// One `/v1/market/all` row as read: the reference's own row, turned into a market as it is.
    private enum MarketRow {
        static let order = JSONKeyOrder(["market", "korean_name", "english_name", "market_event"])

        /// The row, or `nil` when it lacks a name or its code.
        static func read(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> UpbitMarketDTO? {
            var market: String?
            var koreanName: String?
            var englishName: String?
            var event: UpbitMarketDTO.MarketEvent?
            var eventIsWhole = true
            try reader.readMember(expecting: order) { (reader, position, key) throws(JSONByteReader.Failure) in
                // A repeated key's first value wins.
                switch position ?? Self.position(of: key) {
                case 0:
                    let text = reader.string(try reader.readString())
                    if market == nil { market = text }
                case 1:
                    let text = reader.string(try reader.readString())
                    if koreanName == nil { koreanName = text }
                case 2:
                    let text = reader.string(try reader.readString())
                    if englishName == nil { englishName = text }
                case 3:
                    guard try !reader.readNull() else { return }
                    let read = try readEvent(&reader)
                    if event == nil { (event, eventIsWhole) = (read, read != nil) }
                default: try reader.skipValue()
                }
            }
            guard let market, let koreanName, let englishName, eventIsWhole else { return nil }
            return UpbitMarketDTO(market: market, koreanName: koreanName, englishName: englishName, marketEvent: event)
        }

        private static func position(of key: UnsafeBufferPointer<UInt8>) -> Int? {
            if JSONByteReader.key(key, is: "market") { return 0 }
            if JSONByteReader.key(key, is: "korean_name") { return 1 }
            if JSONByteReader.key(key, is: "english_name") { return 2 }
            if JSONByteReader.key(key, is: "market_event") { return 3 }
            return nil
        }

        /// `{"warning":…,"caution":{…}}`; `nil` when either is missing.
        private static func readEvent(
            _ reader: inout JSONByteReader
        ) throws(JSONByteReader.Failure) -> UpbitMarketDTO.MarketEvent? {
            var warning: Bool?
            var caution: [String: Bool]?
            try reader.readMember { (reader, key) throws(JSONByteReader.Failure) in
                if JSONByteReader.key(key, is: "warning"), warning == nil {
                    warning = try reader.readBool()
                } else if JSONByteReader.key(key, is: "caution"), caution == nil {
                    var flags: [String: Bool] = [:]
                    try reader.readMember { (reader, name) throws(JSONByteReader.Failure) in
                        let text = String(decoding: name, as: UTF8.self)
                        let isSet = try reader.readBool()
                        if flags[text] == nil { flags[text] = isSet }
                    }
                    caution = flags
                } else {
                    try reader.skipValue()
                }
            }
            guard let warning, let caution else { return nil }
            return UpbitMarketDTO.MarketEvent(warning: warning, caution: caution)
        }
    }
}
