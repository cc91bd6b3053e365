import Foundation
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// The simulated world as a function of its seed and the wall clock (issue 65): every copy of Sise
/// on one seed shows the same market at the same moment, and the market moves like one.
@Suite struct PricePathTests {
    private let now: Int64 = 1_795_694_430_000  // 2026-11-26 12:00:30 UTC

    @Test func aCopyStartedLaterShowsWhatTheRunningOneShowsAtTheSameMoment() throws {
        let configuration = SimulatorConfiguration(marketCount: 60, seed: 9)
        // One copy started an hour ago and traded every 250 ms since; another starts now.
        let running = try SimulatedMarket(configuration: configuration, now: now - 3_600_000)
        var time = now - 3_600_000
        while time < now {
            time += 250
            _ = running.trade(count: 3, now: time)
        }
        let started = try SimulatedMarket(configuration: configuration, now: now)
        // Every coin that traded at this moment in the running copy is at the new copy's price.
        let traded = running.trade(count: 200, now: now)
        let tradedIDs = Set(traded.positions.map { running.markets[$0].id })
        let before = Dictionary(uniqueKeysWithValues: started.tickers(now: now).map { ($0.marketID, $0.price) })
        var compared = 0
        for ticker in running.tickers(now: now) where tradedIDs.contains(ticker.marketID) {
            guard ticker.marketID != CoinComparison.usdtMarket else { continue }
            #expect(ticker.price == before[ticker.marketID], "\(ticker.marketID)")
            compared += 1
        }
        #expect(compared >= 20)
        // Both closed yesterday at the same price, so both say the same change.
        let bitcoin = MarketID(quote: "KRW", base: "BTC")
        #expect(running.candles(bitcoin)?.suffix(2).first == started.candles(bitcoin)?.suffix(2).first)
    }

    @Test func theSameMomentAgreesTheNextMomentsDifferAndAnotherSeedIsAnotherWorld() throws {
        let path = PricePath(code: "KRW-BTC", worldSeed: 1)
        #expect(path.offset(at: now) == PricePath(code: "KRW-BTC", worldSeed: 1).offset(at: now))
        #expect(path.offset(at: now) != PricePath(code: "KRW-BTC", worldSeed: 2).offset(at: now))
        #expect(path.offset(at: now) != PricePath(code: "KRW-ETH", worldSeed: 1).offset(at: now))
        // Three seconds later Bitcoin's price has moved by more than a tick of its 1,000 won.
        let level = 140_000_000.0
        let moved = (0..<20).filter { step in
            let at = now + Int64(step) * 60_000
            let first = KRWTickSize.snap(path.price(at: at, level: level, volatility: 0.025))
            let later = KRWTickSize.snap(path.price(at: at + 3_000, level: level, volatility: 0.025))
            return first != later
        }
        #expect(moved.count >= 15)
    }

    @Test func aDayMovesByAboutItsVolatilityAndTheLevelHolds() {
        // Over 400 coins' paths, a day's move in the log price is about one daily volatility, an
        // hour's about a fifth of it, and no path strays more than eight from its level.
        var days: [Double] = []
        var hours: [Double] = []
        var farthest = 0.0
        for coin in 0..<400 {
            let path = PricePath(code: "KRW-C\(coin)", worldSeed: 3)
            let start = now + Int64(coin) * 7_777_777
            days.append(path.offset(at: start + 86_400_000) - path.offset(at: start))
            hours.append(path.offset(at: start + 3_600_000) - path.offset(at: start))
            for step in 0..<50 { farthest = max(farthest, abs(path.offset(at: start + Int64(step) * 43_200_000))) }
        }
        func spread(_ values: [Double]) -> Double {
            (values.map { $0 * $0 }.reduce(0, +) / Double(values.count)).squareRoot()
        }
        #expect((0.7...1.4).contains(spread(days)), "\(spread(days))")
        #expect((0.12...0.35).contains(spread(hours)), "\(spread(hours))")
        #expect(farthest < 8, "\(farthest)")
    }
}
