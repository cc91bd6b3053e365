import AsyncHTTPClient
import ExchangeWire
import Foundation
public import Logging
public import MarketDomain
import NIOCore
import NIOHTTP1
import ZIPFoundation

/// Downloads KIS's stock master files (KOSPI and KOSDAQ zips, CP949 inside) and reads their
/// codes and Korean names: the KRX list under `--live` (exchange-apis.md §5.3).
public enum KISMasterClient {
    /// Every common stock of both files, KOSPI first.
    public static func stocks(
        baseURL: String, logger: Logger = Logger(label: "sise.kis.master")
    ) async throws
        -> [Stock]
    {
        let transport = RESTTransport(baseURL: baseURL, httpClient: .sise, timeout: .seconds(15), logger: logger)
        var stocks: [Stock] = []
        for kind in KISMasterFile.Kind.allCases {
            let reply = try await transport.get(kind.path)
            guard reply.status == .ok else {
                throw RESTTransport.error(status: reply.status, message: "\(kind.path): HTTP \(reply.status.code)")
            }
            stocks += KISMasterFile.stocks(from: try unzip(reply.body, file: kind.fileName), kind: kind)
        }
        guard !stocks.isEmpty else { throw ExchangeError.badResponse("the KIS master files hold no stock") }
        return stocks
    }

    /// The bytes of one file of a zip.
    static func unzip(_ zip: Data, file: String) throws -> Data {
        let archive: Archive
        do {
            archive = try Archive(data: zip, accessMode: .read)
        } catch {
            throw ExchangeError.badResponse("\(file).zip is not a zip: \(error)")
        }
        guard let entry = archive[file] ?? archive.first(where: { $0.type == .file }) else {
            throw ExchangeError.badResponse("\(file).zip holds no \(file)")
        }
        var data = Data()
        do {
            _ = try archive.extract(entry) { data.append($0) }
        } catch {
            throw ExchangeError.badResponse("\(file).zip could not be read: \(error)")
        }
        return data
    }
}
