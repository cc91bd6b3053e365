import ExchangeSimulator
import Exchanges
import MarketDomain
import MarketFeatures
import Synchronization
import TestSupport
import Testing

/// The real Bithumb, Korbit and Binance clients against the simulator's dialects over loopback:
/// the snapshot, candles, the live stream and a reconnect, as for Upbit.
@Suite(.timeLimit(.minutes(5)), .serialized) struct ExchangeClientsAgainstSimulatorTests {
    static let exchanges: [Exchange] = [.bithumb, .korbit, .binance]

    @Test(arguments: exchanges)
    func theSnapshotMatchesTheSimulatorsState(exchange: Exchange) async throws {
        let harness = try await SimulatorHarness.start(exchange)
        harness.simulator.setPaused(true)
        let venue = harness.simulator.venue(exchange)

        let markets = try await harness.client.fetchMarkets()
        #expect(Set(markets) == Set(venue.markets))
        #expect(markets.allSatisfy { exchange.quoteGroups.contains($0.quote) })
        switch exchange {
        case .bithumb: #expect(markets.allSatisfy { !$0.koreanName.isEmpty && !$0.englishName.isEmpty })
        case .korbit: #expect(markets.allSatisfy { $0.koreanName.isEmpty && !$0.englishName.isEmpty })
        default: #expect(markets.allSatisfy { $0.koreanName.isEmpty && $0.englishName.isEmpty })
        }

        let tickers = try await harness.client.fetchTickers([])
        let expected = harness.venueTickers()
        #expect(tickers.count == venue.markets.count)
        for ticker in tickers {
            let held = try #require(expected[ticker.marketID])
            #expect(samePrices(ticker, held), "\(ticker) != \(held)")
            #expect(ticker.price > 0 && ticker.tradeValue24h > 0)
        }
        let some = Array(venue.markets.prefix(3).map(\.id))
        let chosen = try await harness.client.fetchTickers(some)
        #expect(chosen.map(\.marketID).sorted() == some.sorted())
        await harness.stop()
    }

    @Test(arguments: exchanges)
    func unknownMarketsAreReportedOrLeftOutAsTheExchangeDoes(exchange: Exchange) async throws {
        let harness = try await SimulatorHarness.start(exchange)
        let quote = exchange.quoteCurrency
        let known = MarketID(quote: quote, base: "BTC")
        let unknown = MarketID(quote: quote, base: "NOPE")
        if exchange == .korbit {
            // Korbit answers unknown symbols with an empty list (exchange-apis.md §3.3).
            let rows = try await harness.client.fetchTickers([known, unknown])
            #expect(rows.map(\.marketID) == [known])
        } else {
            await #expect(throws: ExchangeError.self) { try await harness.client.fetchTickers([known, unknown]) }
            do {
                _ = try await harness.client.fetchTickers([known, unknown])
            } catch let error as ExchangeError {
                guard case .unknownMarket = error else {
                    Issue.record("expected an unknown market, got \(error)")
                    return
                }
            }
        }
        do {
            _ = try await harness.client.fetchDailyCandles(unknown, 5)
            Issue.record("candles of an unknown market")
        } catch let error as ExchangeError {
            guard case .unknownMarket = error else {
                Issue.record("expected an unknown market, got \(error)")
                return
            }
        }
        await harness.stop()
    }

    @Test(arguments: exchanges)
    func candlesPageBackAYearEndingAtTheLivePrice(exchange: Exchange) async throws {
        let harness = try await SimulatorHarness.start(exchange)
        harness.simulator.setPaused(true)
        let bitcoin = MarketID(quote: exchange.quoteCurrency, base: "BTC")
        let candles = try await harness.client.fetchDailyCandles(bitcoin, 365)
        #expect(candles.count == 365)
        for (earlier, later) in zip(candles, candles.dropFirst()) {
            #expect(later.day == earlier.day.adding(days: 1))
        }
        #expect(candles.allSatisfy { $0.low <= min($0.open, $0.close) && $0.high >= max($0.open, $0.close) })
        let today = TradingDay(unixMilliseconds: ExchangeSimulator.wallClockMilliseconds())
        #expect(candles.last?.day == today)
        #expect(candles.last?.close == harness.venueTickers()[bitcoin]?.price)
        await harness.stop()
    }

    /// Issue 30: each client pages back through its exchange's intraday candles (Upbit's and
    /// Bithumb's `to`, Korbit's `end`, Binance's `endTime`): contiguous, newest last, ending in the
    /// live minute; an interval the exchange lacks is said, not made up.
    @Test(arguments: [Exchange.upbit] + exchanges)
    func intradayCandlesPageBackContiguouslyToTheLiveOne(exchange: Exchange) async throws {
        let harness = try await SimulatorHarness.start(exchange)
        let paused = ExchangeSimulator.wallClockMilliseconds()
        harness.simulator.setPaused(true)
        let bitcoin = MarketID(quote: exchange.quoteCurrency, base: "BTC")
        let fives = try await harness.client.fetchCandles(bitcoin, .fiveMinutes, nil, 450)
        #expect(fives.count == 450)
        #expect(zip(fives, fives.dropFirst()).allSatisfy { $1.start - $0.start == 300_000 }, "contiguous")
        // The live five minutes, as of the pause or of now: an exchange makes a candle at its
        // first trade, so a boundary passed while paused has no candle yet.
        let live = [paused, ExchangeSimulator.wallClockMilliseconds()].map {
            CandleInterval.fiveMinutes.start(containing: $0)
        }
        #expect(
            fives.last.map { live.contains($0.start) } == true, "\(String(describing: fives.last?.start)) in \(live)")
        #expect(fives.last?.close == harness.venueTickers()[bitcoin]?.price)
        let hours = try await harness.client.fetchCandles(bitcoin, .hour, fives[100].start, 30)
        #expect(hours.count == 30)
        #expect(hours.last?.start == CandleInterval.hour.start(containing: fives[99].start))
        if exchange == .binance {
            // More than one page of 1,000 (`endTime` set from the first page's oldest open time).
            let minutes = try await harness.client.fetchCandles(bitcoin, .minute, nil, 1_500)
            #expect(minutes.count == 1_500)
            #expect(zip(minutes, minutes.dropFirst()).allSatisfy { $1.start - $0.start == 60_000 }, "contiguous")
        }
        let missing: CandleInterval =
            switch exchange {
            case .korbit: .threeMinutes
            case .binance: .tenMinutes
            default: .second
            }
        if exchange != .upbit {
            await #expect(throws: ExchangeError.self) {
                try await harness.client.fetchCandles(bitcoin, missing, nil, 5)
            }
        }
        await harness.stop()
    }

    @Test(arguments: exchanges)
    func theStreamDeliversTicksForExactlyTheSubscribedMarkets(exchange: Exchange) async throws {
        let harness = try await SimulatorHarness.start(exchange, markets: 20, ticksPerSecond: 2000)
        let wanted: Set<MarketID> = [
            MarketID(quote: exchange.quoteCurrency, base: "BTC"), MarketID(quote: exchange.quoteCurrency, base: "ETH"),
        ]
        // Binance sends each symbol's ticker at most once a second.
        let needed = exchange == .binance ? 6 : 40
        let events = harness.client.liveTickers(Array(wanted))
        let (tickers, sawSnapshot, sawLive) = try await withDeadline(seconds: 30, "\(needed) ticks") {
            await SimulatorHarness.sample(events, wanted: wanted, needed: needed)
        }
        #expect(sawSnapshot)
        #expect(sawLive)
        #expect(Set(tickers.map(\.marketID)) == wanted)
        await harness.stop()
    }

    @Test(arguments: exchanges)
    func afterADroppedConnectionTheBoardReconnectsAndEndsEqualToTheSimulator(exchange: Exchange) async throws {
        let harness = try await SimulatorHarness.start(exchange, markets: 30, ticksPerSecond: 1000)
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
        let ticksBefore = await board.appliedTicks
        try await waitUntil(seconds: 20, "ticks after reconnect") { await board.appliedTicks > ticksBefore + 10 }
        harness.simulator.setPaused(true)
        let expected = harness.venueTickers()
        try await waitUntil(seconds: 20, "board equal to the simulator") {
            let held = await board.board
            return expected.values.allSatisfy { ticker in
                held.ticker(ticker.marketID).map { samePrices($0, ticker) } ?? false
            }
        }
        watcher.cancel()
        await board.stop()
        await harness.stop()
    }
}
