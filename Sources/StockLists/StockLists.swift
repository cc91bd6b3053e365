import Foundation
public import MarketDomain

/// The stock lists Sise ships (from `shared/data`): the 300 largest KRX stocks (200 KOSPI, 100
/// KOSDAQ) with Korean names and a reference close, and the S&P 500's names. They seed the
/// simulated stock market and name stocks for the local search and both stock sources.
public enum StockLists {
    /// A listed stock and the price it last closed at in the list's snapshot, when known.
    public struct Listing: Sendable, Hashable {
        public var stock: Stock
        /// The close of the snapshot day (2026-03-20 for KRX); `nil` for the S&P 500 list.
        public var referencePrice: Double?
        /// The industry or sector, as the list names it.
        public var industry: String
    }

    /// The KRX stocks, in the list's order (KOSPI by market cap, then KOSDAQ).
    public static func krx() throws -> [Listing] {
        try rows(of: "krx-stocks").compactMap { row in
            guard row.count >= 6, let market = StockMarket(rawValue: row[2]), Stock.isKRXCode(row[0]) else {
                return nil
            }
            return Listing(
                stock: Stock(code: row[0], koreanName: row[1], englishName: "", market: market),
                referencePrice: Double(row[5]), industry: row[4])
        }
    }

    /// The S&P 500 companies, in the list's order (alphabetical by name).
    public static func sp500() throws -> [Listing] {
        try rows(of: "us-stocks-sp500").compactMap { row in
            guard row.count >= 3, !row[0].isEmpty else { return nil }
            let market: StockMarket = nasdaqListed.contains(row[0]) ? .nasdaq : .nyse
            return Listing(
                stock: Stock(code: row[0], koreanName: "", englishName: row[1], market: market), referencePrice: nil,
                industry: row[2])
        }
    }

    /// Every stock of both lists.
    public static func all() throws -> [Listing] {
        try both.get()
    }

    /// Both lists, read once a process: the embedded simulator's stock market and the stock
    /// directory of the same process both start from them.
    private static let both = Result { try krx() + sp500() }

    /// The larger S&P 500 members listed on Nasdaq (the list does not say where each trades).
    static let nasdaqListed: Set<String> = [
        "AAPL", "MSFT", "AMZN", "NVDA", "GOOGL", "GOOG", "META", "TSLA", "AVGO", "COST", "NFLX", "ADBE", "PEP",
        "CSCO", "INTC", "AMD", "QCOM", "TXN", "AMGN", "SBUX", "INTU", "ISRG", "BKNG", "ADP", "GILD", "MDLZ",
        "ADI", "REGN", "VRTX", "LRCX", "MU", "PANW", "KLAC", "SNPS", "CDNS", "MAR", "ORLY", "CTAS", "CSX",
        "PYPL", "ABNB", "MNST", "ROP", "NXPI", "PCAR", "WDAY", "FTNT", "CPRT", "PAYX", "KDP", "AEP", "ODFL",
        "FAST", "ROST", "EA", "DDOG", "EXC", "KHC", "CTSH", "VRSK", "XEL", "IDXX", "CSGP", "TTWO", "ANSS",
        "ON", "DXCM", "CDW", "GEHC", "FANG", "ZS", "MCHP", "CRWD", "PLTR", "TMUS", "CMCSA", "HON",
        "AMAT", "APP", "MELI", "ASML", "DASH", "CEG", "AXON", "TEAM", "WBD", "LULU", "CHTR", "MRVL", "SMCI",
    ]

    private static func rows(of name: String) throws -> [[String]] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "csv", subdirectory: "Resources") else {
            throw StockListError(name: name)
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        return Array(CSVReader.rows(text).dropFirst())
    }
}

/// A stock list missing from the build.
public struct StockListError: Error, CustomStringConvertible {
    public var name: String
    public var description: String { "the stock list \(name).csv is missing from the build" }
}

/// RFC 4180 rows: quoted fields may hold commas, quotes (doubled) and line breaks. Read byte by
/// byte: every byte that means something here is ASCII, and no byte of a multi-byte UTF-8
/// character is, so a Korean name passes through whole without being read as characters.
enum CSVReader {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var bytes = text.utf8.makeIterator()
        var pending: UInt8?
        func endField() {
            row.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        while let byte = pending ?? bytes.next() {
            pending = nil
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    let next = bytes.next()
                    if next == UInt8(ascii: "\"") { field.append(byte) } else { quoted = false; pending = next }
                } else {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): quoted = true
            case UInt8(ascii: ","): endField()
            case UInt8(ascii: "\n"):
                endField()
                rows.append(row)
                row = []
            case UInt8(ascii: "\r"): break
            default: field.append(byte)
            }
        }
        if !field.isEmpty || !row.isEmpty {
            endField()
            rows.append(row)
        }
        return rows
    }
}
