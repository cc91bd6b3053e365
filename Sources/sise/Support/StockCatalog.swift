import Exchanges
import Foundation
import MarketDomain
import MarketFeatures
import MarketStore
import StockLists

/// The stock names Sise ships, for the stock commands.
enum StockCatalog {
    /// Every known stock.
    static func directory() throws -> StockDirectory {
        do {
            return StockDirectory(try StockLists.all().map(\.stock))
        } catch {
            throw ExchangeError.unavailable("the stock list could not be read: \(error)")
        }
    }

    /// The stocks these codes name on a source; an unknown one (or one the source does not serve)
    /// is bad data (exit 65).
    static func resolve(_ codes: [String], on source: StockSource) throws -> [Stock] {
        let directory = try directory()
        return try codes.map { code in
            guard let stock = directory.stock(code) else { throw ExchangeError.unknownStock(code) }
            guard source.serves(stock.market) else {
                throw ExchangeError.badRequest("\(code) (\(stock.market.rawValue)) is not served by \(source.rawValue)")
            }
            return stock
        }
    }
}

extension StockCatalog {
    /// The directory under `--live`: the KRX list from KIS's master files (downloaded at most once
    /// a day and cached in the store), with the S&P 500 names; the shipped KRX list when the files
    /// cannot be read and none was saved. The note says when the list is not fresh.
    static func liveDirectory(masterBaseURL: String, store: MarketStore?) async throws -> (StockDirectory, String?) {
        let shipped = try directory()
        guard let store else { return (shipped, nil) }
        let cache = StockListCache(
            load: { (try? store.cachedStockList()) ?? nil },
            save: { time, stocks in try? store.saveStockList(fetchedAt: time, stocks) })
        let (stocks, note) = await StockListRefresher.stocks(
            cache: cache, now: Int64(Date().timeIntervalSince1970 * 1000),
            download: { try await KISMasterClient.stocks(baseURL: masterBaseURL) })
        guard let stocks else { return (shipped, note) }
        return (StockDirectory(stocks + shipped.stocks.filter { !$0.market.isKorean }), note)
    }
}
