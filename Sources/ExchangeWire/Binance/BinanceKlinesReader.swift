public import Foundation
public import MarketDomain

/// Reads a page of `GET /api/v3/klines` (exchange-apis.md §4.1, §9.4) straight from its bytes: the
/// premium history's back-fill reads a year of days for every coin, and `JSONDecoder` on these
/// rows of twelve mixed values was most of its time. ``BinanceKline`` (Codable) stays as the
/// reference: both read the same rows from the same body.
///
/// A row is an array of at least eleven values (open time, open, high, low, close, volume, close
/// time, quote volume, trades, taker-buy base, taker-buy quote; the twelfth, unused, is skipped).
/// A price whose text is not a number leaves its row out of the candles, as the reference's
/// `toIntervalCandle()` leaves it out; a body that is not an array of such rows, a short row or a
/// value of the wrong JSON type is refused with the reason.
public enum BinanceKlinesReader {
    /// Why a body could not be read.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// A page as read: its candles in the order sent (oldest first), how many rows it held and
    /// the first row's open time (a row left out of the candles still counts, so the pager knows
    /// a full page and where the next one ends).
    public struct Page: Sendable, Equatable {
        public var candles: [IntervalCandle]
        public var rows: Int
        public var firstOpenTime: Int64?

        /// The page of the `Codable` reference's rows.
        public init(_ rows: [BinanceKline]) {
            candles = rows.compactMap { $0.toIntervalCandle() }
            self.rows = rows.count
            firstOpenTime = rows.first?.openTime
        }

        init(candles: [IntervalCandle], rows: Int, firstOpenTime: Int64?) {
            self.candles = candles
            self.rows = rows
            self.firstOpenTime = firstOpenTime
        }
    }

    /// The klines of a `/api/v3/klines` body.
    public static func page(_ body: Data) throws(Failure) -> Page {
        let result = JSONByteReader.readDocument(body) { (reader) throws(JSONByteReader.Failure) -> Page? in
            var page = Page(candles: [], rows: 0, firstOpenTime: nil)
            var short = false
            try reader.forEachElement { (reader) throws(JSONByteReader.Failure) in
                guard let row = try Row.read(&reader) else {
                    short = true
                    return
                }
                if page.rows == 0 { page.firstOpenTime = row.openTime }
                page.rows += 1
                if let candle = row.candle { page.candles.append(candle) }
            }
            return short ? nil : page
        }
        switch result {
        case .success(let page?): return page
        case .success(nil): throw Failure(description: "a row with fewer than \(Row.values) values")
        case .failure(let failure): throw Failure(description: failure.reason)
        }
    }

    /// One row as read: the open time and the values a candle needs (`nil` where the text was not
    /// a number).
    private struct Row {
        var openTime: Int64 = 0
        var prices: (open: Double?, high: Double?, low: Double?, close: Double?) = (nil, nil, nil, nil)
        var volume: Double?
        var quoteVolume: Double?

        /// The number of values a row must have (the twelfth, unused, may be left off).
        static let values = 11

        /// The row that starts here; `nil` when it has fewer than ``values`` values.
        static func read(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> Row? {
            var row = Row()
            var position = 0
            try reader.forEachElement { (reader) throws(JSONByteReader.Failure) in
                switch position {
                case 0: row.openTime = try reader.readInt64()
                case 1: row.prices.open = try readDecimal(&reader)
                case 2: row.prices.high = try readDecimal(&reader)
                case 3: row.prices.low = try readDecimal(&reader)
                case 4: row.prices.close = try readDecimal(&reader)
                case 5: row.volume = try readDecimal(&reader)
                case 6, 8: _ = try reader.readInt64()
                case 7: row.quoteVolume = try readDecimal(&reader)
                case 9, 10: _ = try readDecimal(&reader)
                default: try reader.skipValue()
                }
                position += 1
            }
            return position >= values ? row : nil
        }

        /// A value written as a string or as a number, as ``WireDecimal`` reads it: `nil` when
        /// the string is not a finite number; any other JSON type fails.
        private static func readDecimal(_ reader: inout JSONByteReader) throws(JSONByteReader.Failure) -> Double? {
            guard try reader.peek() == UInt8(ascii: "\"") else { return try reader.readDouble() }
            let token = try reader.readString()
            return reader.withDecoded(token) { text in
                try? DecimalText.double(text, strict: false)
            } ?? nil
        }

        /// The candle, as ``BinanceKline/toIntervalCandle()`` makes it.
        var candle: IntervalCandle? {
            guard let open = prices.open, let high = prices.high, let low = prices.low, let close = prices.close
            else { return nil }
            return IntervalCandle(
                start: openTime, open: open, high: high, low: low, close: close, volume: volume ?? 0,
                value: quoteVolume ?? 0)
        }
    }
}
