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

    @Test func followingAppliesNewerTicksAndDropsOlderOnes() async throws {
        let script = scripted()
        let board = LiveBoard(client: script.client)
        try await board.load(markets: [bitcoin.id])
        let updates = await board.updates()
        await board.follow(markets: [bitcoin.id])
        #expect(script.subscriptions == [[bitcoin.id]])

        script.send(.connection(.live))
        script.send(.ticker(MarketFixtures.ticker(bitcoin, price: 900, timestamp: 50)))  // older than the snapshot
        script.send(.ticker(MarketFixtures.ticker(bitcoin, price: 1100, timestamp: 150)))
        script.send(.connection(.reconnecting(attempt: 1, delay: .seconds(1))))

        var seen: [BoardUpdate] = []
        for await update in updates {
            seen.append(update)
            if seen.count == 3 { break }
        }
        #expect(
            seen == [
                .connection(.live),
                .quotes([Quote(market: bitcoin, ticker: MarketFixtures.ticker(bitcoin, price: 1100, timestamp: 150))]),
                .connection(.reconnecting(attempt: 1, delay: .seconds(1))),
            ])
        #expect(await board.board.ticker(bitcoin.id)?.price == 1100)
        #expect(await board.appliedTicks == 1)
        #expect(await board.connection == .reconnecting(attempt: 1, delay: .seconds(1)))
        await board.stop()
    }

    @Test func ticksThatArriveTogetherReachFollowersAsOneUpdateOfEveryRowInOrder() async throws {
        let script = scripted()
        let board = LiveBoard(client: script.client)
        try await board.load()
        let updates = await board.updates()
        await board.follow()
        let ticks = (1...2_000).map { step in
            MarketFixtures.ticker(
                step.isMultiple(of: 2) ? bitcoin : ethereum, price: Double(step), timestamp: 100 + Int64(step))
        }
        for tick in ticks { script.send(.ticker(tick)) }
        let moved = try await withDeadline(seconds: 30, "every tick") {
            var moved: [Ticker] = []
            for await update in updates {
                guard case .quotes(let quotes) = update else { continue }
                moved += quotes.map(\.ticker)
                if moved.count >= ticks.count { break }
            }
            return moved
        }
        #expect(moved == ticks)
        #expect(await board.appliedTicks == ticks.count)
        await board.stop()
    }

    @Test func aFreshSnapshotFromTheFeedReplacesOlderState() async throws {
        let script = scripted()
        let board = LiveBoard(client: script.client)
        try await board.load()
        let updates = await board.updates()
        await board.follow()
        #expect(script.subscriptions.first?.count == 4)
        script.send(.snapshot([MarketFixtures.ticker(ethereum, price: 7777, timestamp: 200)]))
        for await update in updates where update == .snapshotApplied { break }
        #expect(await board.board.ticker(ethereum.id)?.price == 7777)
        await board.stop()
    }
}
