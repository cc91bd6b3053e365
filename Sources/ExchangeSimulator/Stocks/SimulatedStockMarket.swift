import Foundation
public import MarketDomain
import StockLists
import Synchronization

/// The simulated stock market (SPEC §3): the 300 KRX stocks and 503 S&P 500 names of
/// `shared/data`, KRX ones from their reference close, each with 400 weekdays of daily bars and
/// today's bar moving during its exchange's session. Behind one lock, as every request reads and
/// advances it.
public final class SimulatedStockMarket: Sendable {
    /// The stocks, KRX first.
    public let stocks: [Stock]
    private let byCode: [String: Int]
    /// Each stock once first read; until then only what builds it (its history is made on
    /// first use, exactly as it would have been at start: same seed, same start time).
    private let state: Mutex<[SimulatedStock?]>
    private let seeds: [(level: Double, seed: UInt64)]
    private let startedAt: Int64
    private let historyDays: Int

    /// Prices a level for US names without one, seeded.
    private static let knownUSLevels: [String: Double] = [
        "AAPL": 230, "MSFT": 420, "NVDA": 130, "AMZN": 200, "GOOGL": 170, "GOOG": 172, "META": 550,
        "TSLA": 250, "AVGO": 170, "BRK.B": 460, "JPM": 220, "V": 290, "NFLX": 700, "COST": 900,
    ]

    /// The market at `now`, seeded.
    public init(seed: UInt64, now: Int64, historyDays: Int = 400) throws {
        let listings = try StockLists.all()
        var generator = SeededGenerator(seed: seed &+ 0x5EED_5700_C4)
        var stocks: [Stock] = []
        var seeds: [(level: Double, seed: UInt64)] = []
        for listing in listings {
            let level =
                listing.referencePrice ?? Self.knownUSLevels[listing.stock.code] ?? generator.logUniform(15, 600)
            let stock = listing.stock
            stocks.append(
                stock.market.isKorean
                    ? Stock(
                        code: stock.code, koreanName: stock.koreanName, englishName: KRXEnglishNames.name(of: stock),
                        market: stock.market)
                    : stock)
            seeds.append((level, generator.next()))
        }
        self.stocks = stocks
        self.seeds = seeds
        startedAt = now
        self.historyDays = historyDays
        byCode = Dictionary(stocks.enumerated().map { ($1.code, $0) }, uniquingKeysWith: { first, _ in first })
        // Building 800 stocks' 400 days each took a quarter of the app's start: they wait until read.
        state = Mutex([SimulatedStock?](repeating: nil, count: stocks.count))
    }

    /// The stock with this code (`005930`, `AAPL`), if listed.
    public func stock(_ code: String) -> Stock? {
        byCode[code].map { stocks[$0] }
    }

    /// Reads one stock advanced to `now`; `nil` when not listed.
    func read<Result: Sendable>(_ code: String, now: Int64, _ body: (SimulatedStock) -> Result) -> Result? {
        guard let index = byCode[code] else { return nil }
        return state.withLock { stocks -> Result? in
            if stocks[index] == nil {
                stocks[index] = SimulatedStock(
                    stock: self.stocks[index], level: seeds[index].level, now: startedAt, historyDays: historyDays,
                    seed: seeds[index].seed)
            }
            stocks[index]?.advance(to: now)  // in place: the history is not copied
            return stocks[index].map(body)
        }
    }

    /// The current quote of a stock as the simulator holds it (for tests and checks).
    public func quote(_ code: String, now: Int64) -> StockQuote? {
        read(code, now: now) { stock in
            let (bar, previous) = stock.latest
            let week = stock.week52
            return StockQuote(
                code: code, price: bar.close, previousClose: previous, volume: bar.volume,
                tradeValue: stock.latestTradeValue, dayHigh: bar.high, dayLow: bar.low, week52High: week.high.high,
                week52Low: week.low.low, timestamp: stock.lastUpdate)
        }
    }

    /// A stock's daily bars, oldest first, today's last once its session has opened.
    public func bars(_ code: String, now: Int64) -> [StockBar]? {
        read(code, now: now) { $0.bars }
    }
}
