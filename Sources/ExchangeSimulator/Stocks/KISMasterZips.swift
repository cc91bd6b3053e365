import ExchangeWire
import Foundation
import MarketDomain
import Synchronization
import ZIPFoundation

/// The master-file zips the simulated KIS serves, built once from the simulated market's KRX stocks.
final class KISMasterZips: Sendable {
    private let built = Mutex<[String: Data]>([:])
    let market: SimulatedStockMarket

    init(market: SimulatedStockMarket) {
        self.market = market
    }

    /// The zip of a market's file.
    func zip(_ kind: KISMasterFile.Kind) -> Data? {
        if let data = built.withLock({ $0[kind.path] }) { return data }
        let stocks = market.stocks.filter { $0.market == kind.market }
        let file = KISMasterFile.data(for: stocks, kind: kind)
        guard let archive = try? Archive(data: Data(), accessMode: .create),
            (try? archive.addEntry(
                with: kind.fileName, type: .file, uncompressedSize: Int64(file.count), compressionMethod: .deflate,
                provider: { position, size in file.subdata(in: Int(position)..<Int(position) + size) })) != nil,
            let data = archive.data
        else { return nil }
        built.withLock { $0[kind.path] = data }
        return data
    }
}
