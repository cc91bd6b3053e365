import MarketDomain
import MarketFeatures
import TestSupport
import Testing

@Suite struct LiveBoardTests {
    private let bitcoin = MarketFixtures.bitcoin
    private let ethereum = MarketFixtures.ethereum

    private func scripted() -> ScriptedMarketClient {
        ScriptedMarketClient(
            markets: MarketFixtures.markets,
            tickers: MarketFixtures.markets.enumerated().map { index, market in
                MarketFixtures.ticker(
                    market, price: Double(1000 * (index + 1)), value: Double(index) * 1e9, timestamp: 100)
            })
    }

    @Test func loadingMergesNamesIntoTheSnapshot() async throws {
        let board = LiveBoard(client: scripted().client)
        try await board.load()
        let quotes = await board.quotes()
        #expect(quotes.map(\.market.symbol) == ["BTT", "XRP", "ETH", "BTC"])
        #expect(quotes.last?.market.koreanName == "비트코인")
        #expect(
            await board.quotes(matching: SearchMatcher("ㅂㅌ"), order: QuoteOrder(key: .name, direction: .ascending)).map(
                \.market.symbol) == ["BTC", "BTT"])
    }

    @Test func anUnknownMarketFailsTheLoad() async {
        let board = LiveBoard(client: scripted().client)
        await #expect(throws: ExchangeError.unknownMarket("KRW-NOPE")) {
            try await board.load(markets: [MarketID("KRW-NOPE")!])
        }
    }

    /// A board following `script` on the driver (its feed task, its gathering pause on the test
    /// clock) and the log of every update it sends, read on the driver too: nothing waits on real time.
    @MainActor
    private func follow(
        _ script: ScriptedMarketClient, markets: [MarketID]? = nil, driver: TaskDriver
    ) async throws -> (board: LiveBoard, updates: OutputLog<BoardUpdate>) {
        let board = LiveBoard(client: script.client, clock: driver.clock, executor: driver)
        if let markets { try await board.load(markets: markets) } else { try await board.load() }
        let updates = await board.updates()
        let log = OutputLog<BoardUpdate>()
        _ = driver.start { @MainActor in
            for await update in updates { log.append(update) }
        }
        if let markets { await board.follow(markets: markets) } else { await board.follow() }
        await driver.settle()
        return (board, log)
    }

    @MainActor
    @Test func followingAppliesNewerTicksAndDropsOlderOnes() async throws {
        let script = scripted()
        let driver = TaskDriver()
        let (board, updates) = try await follow(script, markets: [bitcoin.id], driver: driver)
        #expect(script.subscriptions == [[bitcoin.id]])

        script.send(.connection(.live))
        script.send(.ticker(MarketFixtures.ticker(bitcoin, price: 900, timestamp: 50)))  // older than the snapshot
        script.send(.ticker(MarketFixtures.ticker(bitcoin, price: 1100, timestamp: 150)))
        script.send(.connection(.reconnecting(attempt: 1, delay: .seconds(1))))
        try await driver.advance(until: "three updates", limit: .seconds(10)) { updates.values.count >= 3 }
        #expect(
            updates.values == [
                .connection(.live),
                .quotes([Quote(market: bitcoin, ticker: MarketFixtures.ticker(bitcoin, price: 1100, timestamp: 150))]),
                .connection(.reconnecting(attempt: 1, delay: .seconds(1))),
            ])
        #expect(await board.board.ticker(bitcoin.id)?.price == 1100)
        #expect(await board.appliedTicks == 1)
        #expect(await board.connection == .reconnecting(attempt: 1, delay: .seconds(1)))
        await board.stop()
    }

    @MainActor
    @Test func ticksThatArriveTogetherReachFollowersAsOneUpdateOfEveryRowInOrder() async throws {
        let script = scripted()
        let driver = TaskDriver()
        let (board, updates) = try await follow(script, driver: driver)
        let ticks = (1...2_000).map { step in
            MarketFixtures.ticker(
                step.isMultiple(of: 2) ? bitcoin : ethereum, price: Double(step), timestamp: 100 + Int64(step))
        }
        for tick in ticks { script.send(.ticker(tick)) }
        func moved() -> [Ticker] {
            updates.values.flatMap { update -> [Ticker] in
                guard case .quotes(let quotes) = update else { return [] }
                return quotes.map(\.ticker)
            }
        }
        try await driver.advance(until: "every tick", limit: .seconds(10)) { moved().count >= ticks.count }
        #expect(moved() == ticks)
        // Gathered: far fewer updates than ticks.
        #expect(updates.values.count < ticks.count / 10)
        #expect(await board.appliedTicks == ticks.count)
        await board.stop()
    }

    /// Without followers a tick wakes nothing: the feed's events wait until someone reads the
    /// board (a view model's frame), and are applied then, in order, each move counted once.
    @MainActor
    @Test func withoutFollowersTheFeedIsAppliedWhenTheBoardIsRead() async throws {
        let script = scripted()
        let driver = TaskDriver()
        let board = LiveBoard(client: script.client, clock: driver.clock, executor: driver)
        try await board.load()
        await board.follow()
        await driver.settle()
        let first = await board.frame(since: nil)
        let jobsBefore = driver.jobsRun
        script.send(.connection(.live))
        script.send(.ticker(MarketFixtures.ticker(bitcoin, price: 1100, timestamp: 150)))
        script.send(.ticker(MarketFixtures.ticker(ethereum, price: 900, timestamp: 150)))
        await driver.settle()
        // Nothing ran on the driver: the events wait, unapplied.
        #expect(driver.jobsRun == jobsBefore)
        let next = await board.frame(since: first.version)
        #expect(next.connection == .live)
        #expect(next.board.ticker(bitcoin.id)?.price == 1100)
        #expect(
            next.changes
                == .moved([
                    MarketMove(id: bitcoin.id, direction: .rise, timestamp: 150),
                    MarketMove(id: ethereum.id, direction: .fall, timestamp: 150),
                ]))
        #expect(await board.appliedTicks == 2)

        // A follower from then on gets each batch as it arrives.
        let updates = await board.updates()
        let log = OutputLog<BoardUpdate>()
        _ = driver.start { @MainActor in
            for await update in updates { log.append(update) }
        }
        script.send(.ticker(MarketFixtures.ticker(bitcoin, price: 1200, timestamp: 160)))
        try await driver.advance(until: "the follower's update", limit: .seconds(10)) { !log.values.isEmpty }
        #expect(
            log.values.first
                == .quotes([Quote(market: bitcoin, ticker: MarketFixtures.ticker(bitcoin, price: 1200, timestamp: 160))]
                ))
        await board.stop()
    }

    @MainActor
    @Test func aFreshSnapshotFromTheFeedReplacesOlderState() async throws {
        let script = scripted()
        let driver = TaskDriver()
        let (board, updates) = try await follow(script, driver: driver)
        #expect(script.subscriptions.first?.count == 4)
        script.send(.snapshot([MarketFixtures.ticker(ethereum, price: 7777, timestamp: 200)]))
        try await driver.advance(until: "the snapshot applied", limit: .seconds(10)) {
            updates.values.contains(.snapshotApplied)
        }
        #expect(await board.board.ticker(ethereum.id)?.price == 7777)
        await board.stop()
    }
}
