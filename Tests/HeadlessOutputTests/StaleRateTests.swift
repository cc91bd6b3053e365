import Foundation
import HeadlessOutput
import MarketDomain
import MarketFeatures
import Synchronization
import TestSupport
import Testing

/// `sise premium --follow` across a failed USD/KRW read (issue 63, item 8): the last good rate was
/// kept and printed as current, with no time and no word. Each row now carries the rate's time and
/// whether it is stale, the table marks it, and stderr says it once (and once when it is back).
@Suite struct StaleRateTests {
    private static func comparison(usdKRW: Double) throws -> CoinComparison {
        let coin = Market(id: MarketID(quote: "KRW", base: "BTC"), koreanName: "비트코인", englishName: "Bitcoin")
        let tether = Market(id: CoinComparison.usdtMarket, koreanName: "테더", englishName: "Tether")
        let global = Market(id: MarketID(quote: "USDT", base: "BTC"), koreanName: "", englishName: "Bitcoin")
        func quote(_ market: Market, _ price: Double) -> Quote { MarketFixtures.quote(market, price: price) }
        let quotes: [Exchange: [Quote]] = [
            .upbit: [quote(coin, 140_000_000), quote(tether, 1_450)], .bithumb: [quote(coin, 140_100_000)],
            .binance: [quote(global, 95_000)],
        ]
        return try #require(CoinComparison.compare(quotes).first?.measured(against: usdKRW))
    }

    /// A fetch that answers with these results in turn, the last for good.
    private final class Answers: Sendable {
        private let results: Mutex<[Result<ForexRate, ExchangeError>]>
        init(_ results: [Result<ForexRate, ExchangeError>]) { self.results = Mutex(results) }
        func next() throws -> ForexRate {
            try results.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }.get()
        }
    }

    @Test func aRateKeptAfterAFailedReadIsMarkedStaleInEveryRowAndSaidOnce() async throws {
        let good = try #require(ForexRate(usdKRW: 1_380.5, source: .dunamu, time: 1_796_000_000_000))
        let later = try #require(ForexRate(usdKRW: 1_390, source: .dunamu, time: 1_796_000_120_000))
        let failed = ExchangeError.unavailable("Dunamu and Yahoo answered HTTP 500")
        let answers = Answers([.success(good), .failure(failed), .failure(failed), .success(later)])
        let watch = ForexWatch { try answers.next() }
        var notice = StaleRateNotice()
        var said: [String] = []
        var rows: [PremiumRecord] = []
        for _ in 0..<4 {
            await watch.refresh()
            let row = PremiumRecord(
                try Self.comparison(usdKRW: watch.rate?.usdKRW ?? 0), basis: .fx, at: 1, rate: watch.rate,
                rateStale: watch.failure != nil)
            rows.append(row)
            if let line = notice.line(rate: watch.rate, failure: watch.failure) { said.append(line) }
        }
        #expect(rows.map(\.usdKRWStale) == [false, true, true, false])
        #expect(rows.map(\.usdKRWAt) == [good.time, good.time, good.time, later.time])
        #expect(said.count == 2, "\(said)")
        #expect(said.first?.contains("the latest read failed (Dunamu and Yahoo answered HTTP 500)") == true)
        #expect(said.first?.contains("usdKRWStale") == true)
        #expect(said.last?.contains("read again, 1,390.00") == true)
        // In JSON every row says both; in the table the stale rate is marked.
        let json = String(decoding: try JSONEncoder().encode(rows[1]), as: UTF8.self)
        #expect(json.contains(#""usdKRWStale":true"#) && json.contains(#""usdKRWAt":1796000000000"#), "\(json)")
        let table = PremiumRecord.table([rows[1]], basis: .fx, language: .korean).render().joined(separator: "\n")
        #expect(table.contains("1,380.50 stale"), "\(table)")
        #expect(!PremiumRecord.table([rows[0]], basis: .fx, language: .korean).render().joined().contains("stale"))
    }
}
