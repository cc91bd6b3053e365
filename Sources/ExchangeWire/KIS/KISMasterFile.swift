public import Foundation
public import MarketDomain

/// KIS's stock master files (exchange-apis.md §5.3): `kospi_code.mst` and `kosdaq_code.mst`,
/// each inside a zip, CP949 text of fixed-width records, one a line: a head of short code (9),
/// standard code (12) and Korean name, then a fixed tail of flags and figures — 228 characters
/// from the end for KOSPI and 222 for KOSDAQ, the newline included, as the official parser cuts.
public enum KISMasterFile {
    /// Which market's file.
    public enum Kind: Sendable, CaseIterable {
        case kospi
        case kosdaq

        /// The zip's path on the download host.
        public var path: String {
            switch self {
            case .kospi: KISEndpoint.kospiMaster
            case .kosdaq: KISEndpoint.kosdaqMaster
            }
        }

        /// The file's name inside the zip.
        public var fileName: String {
            switch self {
            case .kospi: "kospi_code.mst"
            case .kosdaq: "kosdaq_code.mst"
            }
        }

        /// Characters cut from the end of each line, the newline included.
        public var tailLength: Int {
            switch self {
            case .kospi: 228
            case .kosdaq: 222
            }
        }

        /// The market of its stocks.
        public var market: StockMarket {
            switch self {
            case .kospi: .kospi
            case .kosdaq: .kosdaq
            }
        }
    }

    /// Korean Windows code page 949, as Foundation on Linux knows it.
    public static let encoding = String.Encoding(rawValue: 0x8000_0422)

    /// The host the real files are downloaded from.
    public static let liveHost = "https://new.real.download.dws.co.kr"

    /// The stocks of a file's CP949 bytes: common stocks with a 6-digit code (others skipped).
    public static func stocks(from data: Data, kind: Kind) -> [Stock] {
        guard let text = String(data: data, encoding: encoding) else { return [] }
        let tail = kind.tailLength - 1  // the newline is not in a split line
        return text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { raw in
            let line = Array(raw.hasSuffix("\r") ? raw.dropLast() : raw)
            guard line.count > 21 + tail else { return nil }
            let head = line[0..<(line.count - tail)]
            let code = String(head[0..<9]).trimmingCharacters(in: .whitespaces)
            let name = String(head[21...]).trimmingCharacters(in: .whitespaces)
            guard Stock.isKRXCode(code), !name.isEmpty else { return nil }
            return Stock(code: code, koreanName: name, englishName: "", market: kind.market)
        }
    }

    /// A file's CP949 bytes for these stocks (the simulator serves these), the tail filled with
    /// zeros as a stand-in for the flags and figures Sise does not read.
    public static func data(for stocks: [Stock], kind: Kind) -> Data {
        var text = ""
        for stock in stocks {
            let code = stock.code.padding(toLength: 9, withPad: " ", startingAt: 0)
            let standard = "KR7\(stock.code)00\(stock.code.last.map(String.init) ?? "0")"
                .padding(toLength: 12, withPad: " ", startingAt: 0)
            text += code + standard + stock.koreanName + String(repeating: "0", count: kind.tailLength - 1) + "\n"
        }
        return text.data(using: encoding) ?? Data()
    }
}
