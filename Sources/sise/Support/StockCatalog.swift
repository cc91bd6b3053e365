import MarketDomain
import MarketFeatures
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
            guard let stock = directory.stock(code) else { throw ExchangeError.unknownMarket(code) }
            guard source.serves(stock.market) else {
                throw ExchangeError.badRequest("\(code) (\(stock.market.rawValue)) is not served by \(source.rawValue)")
            }
            return stock
        }
    }
}
