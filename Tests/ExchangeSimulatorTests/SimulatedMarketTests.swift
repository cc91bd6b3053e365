import MarketDomain
import Testing

@testable import ExchangeSimulator

@Suite struct SimulatedMarketTests {
    private let now: Int64 = 1_773_240_058_519  // 2026-03-11 14:40:58 UTC

    private func market(seed: UInt64 = 7, count: Int = 408) throws -> SimulatedMarket {
        try SimulatedMarket(configuration: SimulatorConfiguration(marketCount: count, seed: seed), now: now)
    }

    @Test func listsAtLeastTwoHundredKRWMarketsWithRealNames() throws {
        let markets = try market().markets
        #expect(markets.count >= 200)
        #expect(Set(markets.map(\.id)).count == markets.count)
        #expect(markets.allSatisfy { $0.quote == "KRW" && !$0.koreanName.isEmpty && !$0.englishName.isEmpty })
        #expect(markets.first == Market(id: MarketID("KRW-BTC")!, koreanName: "비트코인", englishName: "Bitcoin"))
    }

    @Test func theSameSeedGivesTheSameMarket() throws {
        let first = try market(seed: 3)
        let second = try market(seed: 3)
        let other = try market(seed: 4)
        _ = first.trade(count: 500, now: now + 1000)
        _ = second.trade(count: 500, now: now + 1000)
        _ = other.trade(count: 500, now: now + 1000)
        #expect(first.tickers(now: now + 1000) == second.tickers(now: now + 1000))
        #expect(first.tickers(now: now + 1000) != other.tickers(now: now + 1000))
    }

    /// The coins are made side by side, each from where its draws begin: that holds only while
    /// each coin draws exactly as many as ``SimulatedCoin/draws(for:historyDays:)`` counts.
    @Test func eachCoinDrawsAsManyAsItsCountSaysSoTheCoinsCanBeMadeSideBySide() throws {
        let odd = ["USDC", "USDT", "ZZZNOTACOIN"].map {
            Market(id: MarketID(quote: "KRW", base: $0), koreanName: $0, englishName: $0)
        }
        for market in try CoinCatalog.krwMarkets() + odd {
            for days in [0, 1, 400] {
                let start = SeededGenerator(seed: 11)
                var drawn = start
                _ = SimulatedCoin(market: market, now: now, historyDays: days, generator: &drawn)
                #expect(
                    drawn == start.skipping(SimulatedCoin.draws(for: market, historyDays: days)),
                    "\(market.id) with \(days) days of history")
            }
        }
        // Made side by side or one after the other, the coins and what the world draws next are the same.
        var together = SeededGenerator(seed: 5)
        let markets = try CoinCatalog.krwMarkets(count: 100) + odd
        let made = SimulatedCoin.make(markets, now: now, historyDays: 30, worldSeed: 5, generator: &together)
        var inTurn = SeededGenerator(seed: 5)
        for (market, coin) in zip(markets, made) {
            let one = SimulatedCoin(market: market, now: now, historyDays: 30, worldSeed: 5, generator: &inTurn)
            #expect(one.price == coin.price && one.history == coin.history && one.high == coin.high)
        }
        #expect(together == inTurn)
    }

    /// `--pump KRW-XRP:+12:300`: the same seed with and without the move trades alike, and the
    /// pumped price stands the move's share of 12 % above the other, half at 150 s, all at 300 s.
    @Test func aScriptedMoveLiftsItsMarketByItsShareOfThePercentage() throws {
        let ripple = MarketID("KRW-XRP")!
        var pumped = SimulatorConfiguration(marketCount: 40, seed: 7)
        pumped.moves = [ScriptedMove("KRW-XRP:+12:300")!]
        let moved = try SimulatedMarket(configuration: pumped, now: now)
        let plain = try market(count: 40)
        func ratio(at seconds: Int64) -> Double {
            let time = now + seconds * 1000
            _ = moved.trade(count: 2_000, now: time)
            _ = plain.trade(count: 2_000, now: time)
            let up = moved.tickers(now: time).first { $0.marketID == ripple }!.price
            let base = plain.tickers(now: time).first { $0.marketID == ripple }!.price
            return up / base
        }
        #expect(abs(ratio(at: 150) - 1.06) < 0.002)
        #expect(abs(ratio(at: 300) - 1.12) < 0.002)
        #expect(abs(ratio(at: 900) - 1.12) < 0.002)
        // Other markets are untouched.
        #expect(
            moved.tickers(now: now + 900_000).filter { $0.marketID != ripple }
                == plain.tickers(now: now + 900_000).filter { $0.marketID != ripple })
        #expect(ScriptedMove("KRW-XRP:12:0") == nil)
        #expect(ScriptedMove("XRP:+12:300") == nil)
        #expect(ScriptedMove("KRW-XRP:-5:60.5")?.description == "KRW-XRP:-5:60.5")
        var unlisted = SimulatorConfiguration(marketCount: 40, seed: 7)
        unlisted.moves = [ScriptedMove("KRW-NOPE:+1:1")!]
        #expect(throws: ScriptedMoveError.self) { try SimulatedMarket(configuration: unlisted, now: now) }
    }

    @Test func pricesStayOnTheirTickSizesAndInsideTheDaysRange() throws {
        let market = try market()
        for step in 1...20 { _ = market.trade(count: 200, now: now + Int64(step) * 100) }
        for ticker in market.tickers(now: now + 2000) {
            #expect(ticker.price > 0)
            #expect(KRWTickSize.snap(ticker.price) == ticker.price, "\(ticker.marketID) \(ticker.price)")
            #expect(ticker.low <= ticker.price && ticker.price <= ticker.high)
            #expect(ticker.changePrice == 0 || (ticker.changePrice > 0) == (ticker.price > ticker.previousClose))
            #expect(abs(ticker.changeRate - ticker.changePrice / ticker.previousClose) < 1e-9)
            #expect(ticker.tradeValue24h > 0 && ticker.volume24h > 0)
        }
    }

    @Test func aYearOfCandlesEndsAtTheLivePrice() throws {
        let market = try market()
        _ = market.trade(count: 1000, now: now + 5000)
        let bitcoin = MarketID("KRW-BTC")!
        let candles = try #require(market.candles(bitcoin))
        #expect(candles.count == 401)
        #expect(candles.last?.day == TradingDay(unixMilliseconds: now))
        #expect(candles.last?.close == market.tickers(now: now + 5000).first { $0.marketID == bitcoin }?.price)
        for (earlier, later) in zip(candles, candles.dropFirst()) {
            #expect(later.day == earlier.day.adding(days: 1))
            #expect(later.open == earlier.close)
            #expect(later.low <= min(later.open, later.close) && later.high >= max(later.open, later.close))
        }
    }

    @Test func aNewUTCDayClosesYesterdaysCandle() throws {
        let market = try market(count: 5)
        let nextDay = TradingDay(unixMilliseconds: now).adding(days: 1).startUnixMilliseconds + 1000
        let closing = market.tickers(now: now)
        _ = market.trade(count: 1, now: nextDay)
        for (before, after) in zip(closing, market.tickers(now: nextDay)) {
            let candles = try #require(market.candles(after.marketID))
            #expect(candles.count == 401)
            #expect(candles.last?.day == TradingDay(unixMilliseconds: nextDay))
            #expect(candles[candles.count - 2].day == TradingDay(unixMilliseconds: now))
            #expect(candles[candles.count - 2].close == before.price)
            #expect(after.previousClose == before.price)
        }
    }
}

@Suite struct RequestRateLimiterTests {
    @Test func admitsTheLimitInEachSecondAndCountsOnlyWhatItAdmitted() {
        var limiter = RequestRateLimiter(limit: 2)
        #expect(limiter.admit(group: "ticker", now: 1_000) == .init(admitted: true, remaining: 1))
        #expect(limiter.admit(group: "ticker", now: 1_500) == .init(admitted: true, remaining: 0))
        #expect(limiter.admit(group: "ticker", now: 1_999) == .init(admitted: false, remaining: 0))
        #expect(limiter.admit(group: "candles", now: 1_999) == .init(admitted: true, remaining: 1))
        #expect(limiter.admit(group: "ticker", now: 2_000) == .init(admitted: true, remaining: 1))
    }

    @Test func noLimitAdmitsEverything() {
        var limiter = RequestRateLimiter(limit: nil)
        for _ in 0..<1000 { #expect(limiter.admit(group: "ticker", now: 0).admitted) }
    }
}

@Suite struct CoinCatalogTests {
    /// The catalog's lists are `/v1/market/all` bodies, read as the client reads one: every KRW
    /// code once, Upbit's first, and Bithumb's listing of every group (its BTC markets too).
    @Test func theListsAreReadOnceEachKRWMarketOnceUpbitsFirst() throws {
        let markets = try CoinCatalog.krwMarkets()
        #expect(Set(markets.map(\.id)).count == markets.count)
        #expect(markets.prefix(2).map(\.id.rawValue) == ["KRW-BTC", "KRW-ETH"])
        #expect(markets.allSatisfy { $0.quote == "KRW" && $0.warning == nil })
        let bithumb = try CoinCatalog.bithumbMarkets()
        #expect(bithumb.contains(MarketID("KRW-BTC")!))
        #expect(bithumb.contains { $0.quote != "KRW" })
        // Every KRW market Bithumb lists is in the catalog.
        #expect(bithumb.filter { $0.quote == "KRW" }.isSubset(of: Set(markets.map(\.id))))
        #expect(try CoinCatalog.krwMarkets() == markets)
    }
}
