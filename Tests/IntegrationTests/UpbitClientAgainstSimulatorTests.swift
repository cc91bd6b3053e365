import ExchangeSimulator
import Exchanges
import MarketDomain
import MarketFeatures
import Synchronization
import TestSupport
import Testing

@Suite(.timeLimit(.minutes(5)), .serialized) struct UpbitClientAgainstSimulatorTests {
    @Test func theSnapshotMatchesTheSimulatorsState() async throws {
        let harness = try await SimulatorHarness.start()
        harness.simulator.setPaused(true)

        let markets = try await harness.client.fetchMarkets()
        // Every KRW market of the world, then the BTC and USDT groups.
        // Names as the world's; the warnings as the venue gives them out (a lasting 유의 is the
        // same at any time; a 주의 lasts its five minutes).
        func names(_ list: [Market]) -> [String] { list.map { "\($0.id) \($0.koreanName) \($0.englishName)" } }
        #expect(names(markets.filter { $0.quote == "KRW" }) == names(harness.simulator.market.markets))
        #expect(names(markets) == names(harness.simulator.venue(.upbit).markets))
        #expect(
            Set(markets.filter { $0.warning?.level == .warning }.map(\.id))
                == Set(harness.simulator.venue(.upbit).lastingWarnings()))
        #expect(Set(markets.map(\.quote)) == ["KRW", "BTC", "USDT"])
        #expect(markets.allSatisfy { !$0.koreanName.isEmpty && !$0.englishName.isEmpty })

        let tickers = try await harness.client.fetchTickers([])
        let expected = harness.simulatorTickers()
        let venue = harness.venueTickers()
        #expect(tickers.count == markets.count)
        for ticker in tickers {
            let held = try #require(expected[ticker.marketID] ?? venue[ticker.marketID])
            #expect(sameLiveState(ticker, held), "\(ticker.marketID)")
            #expect(ticker.price > 0 && ticker.tradeValue24h > 0)
        }
        let two = try await harness.client.fetchTickers([MarketID("KRW-BTC")!, MarketID("KRW-ETH")!])
        #expect(two.map(\.marketID.rawValue).sorted() == ["KRW-BTC", "KRW-ETH"])
        await harness.stop()
    }

    @Test func anUnknownMarketIsReportedAsSuch() async throws {
        let harness = try await SimulatorHarness.start()
        await #expect(throws: ExchangeError.unknownMarket("Code not found")) {
            try await harness.client.fetchTickers([MarketID("KRW-BTC")!, MarketID("KRW-NOPE")!])
        }
        await #expect(throws: ExchangeError.unknownMarket("Code not found")) {
            try await harness.client.fetchDailyCandles(MarketID("KRW-NOPE")!, 5)
        }
        await harness.stop()
    }

    @Test func candlesPageBackAYearEndingAtTheLivePrice() async throws {
        let harness = try await SimulatorHarness.start()
        harness.simulator.setPaused(true)
        let bitcoin = MarketID("KRW-BTC")!
        let candles = try await harness.client.fetchDailyCandles(bitcoin, 365)
        #expect(candles.count == 365)
        for (earlier, later) in zip(candles, candles.dropFirst()) {
            #expect(later.day == earlier.day.adding(days: 1))
            #expect(later.open == earlier.close)
        }
        #expect(candles.allSatisfy { $0.low <= min($0.open, $0.close) && $0.high >= max($0.open, $0.close) })
        let today = TradingDay(unixMilliseconds: ExchangeSimulator.wallClockMilliseconds())
        #expect(candles.last?.day == today)
        #expect(candles.last?.close == harness.simulatorTickers()[bitcoin]?.price)
        await harness.stop()
    }

    @Test func theStreamDeliversTicksForExactlyTheSubscribedMarkets() async throws {
        let harness = try await SimulatorHarness.start(markets: 20, ticksPerSecond: 2000)
        let wanted: Set<MarketID> = [MarketID("KRW-BTC")!, MarketID("KRW-ETH")!]
        let events = harness.client.liveTickers(Array(wanted))
        let (tickers, sawSnapshot, sawLive) = try await withDeadline(seconds: 30, "40 ticks") {
            await SimulatorHarness.sample(events, wanted: wanted, needed: 40)
        }
        #expect(sawSnapshot)
        #expect(sawLive)
        #expect(Set(tickers.map(\.marketID)) == wanted)
        await harness.stop()
    }

    @Test func afterADroppedConnectionTheBoardReconnectsAndEndsEqualToTheSimulator() async throws {
        let harness = try await SimulatorHarness.start(markets: 30, ticksPerSecond: 1000)
        let board = LiveBoard(client: harness.client)
        try await board.load()
        let updates = await board.updates()
        let states = Mutex<[ConnectionState]>([])
        let watcher = Task {
            for await update in updates {
                if case .connection(let state) = update { states.withLock { $0.append(state) } }
            }
        }
        await board.follow()
        try await waitUntil(seconds: 20, "live") { states.withLock { $0.contains(.live) } }
        try await waitUntil(seconds: 20, "client connected") { harness.simulator.connectedClients == 1 }

        harness.simulator.dropConnections()
        try await waitUntil(seconds: 20, "reconnect") {
            states.withLock { states in
                guard let dropped = states.firstIndex(where: { if case .reconnecting = $0 { true } else { false } })
                else { return false }
                return states[dropped...].contains(.live)
            }
        }
        // Let the market move on the new connection, then freeze it and wait for the board to agree.
        let ticksBefore = await board.appliedTicks
        try await waitUntil(seconds: 20, "ticks after reconnect") { await board.appliedTicks > ticksBefore + 50 }
        harness.simulator.setPaused(true)
        let expected = harness.simulatorTickers()
        try await waitUntil(seconds: 20, "board equal to the simulator") {
            let held = await board.board
            return expected.values.allSatisfy { ticker in
                held.ticker(ticker.marketID).map { sameLiveState($0, ticker) } ?? false
            }
        }
        // The BTC and USDT groups too: each moves only with its coin's trades, every move ticked.
        let groups = harness.venueTickers().values.filter { $0.marketID.quote != "KRW" }
        #expect(groups.count > 5)
        try await waitUntil(seconds: 20, "the BTC and USDT groups equal to the simulator") {
            let held = await board.board
            return groups.allSatisfy { ticker in held.ticker(ticker.marketID).map { samePrices($0, ticker) } ?? false }
        }
        watcher.cancel()
        await board.stop()
        await harness.stop()
    }
}
