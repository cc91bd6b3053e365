import MarketDomain
import MarketFeatures
import TestSupport
import Testing

@Suite struct ExchangeBoardsTests {
    private static let tether = Market(id: MarketID("KRW-USDT")!, koreanName: "테더", englishName: "Tether")
    private static let globalBitcoin = Market(id: MarketID("USDT-BTC")!, koreanName: "", englishName: "")

    private struct Fixture {
        let upbit = ScriptedMarketClient(
            markets: [MarketFixtures.bitcoin, tether],
            tickers: [
                MarketFixtures.ticker(MarketFixtures.bitcoin, price: 100_000_000),
                MarketFixtures.ticker(tether, price: 1_400),
            ])
        let bithumb = ScriptedMarketClient(
            markets: [MarketFixtures.bitcoin, tether],
            tickers: [
                MarketFixtures.ticker(MarketFixtures.bitcoin, price: 100_400_000),
                MarketFixtures.ticker(tether, price: 1_401),
            ], exchange: .bithumb)
        let binance = ScriptedMarketClient(
            markets: [globalBitcoin], tickers: [MarketFixtures.ticker(globalBitcoin, price: 70_000)], exchange: .binance
        )

        var boards: ExchangeBoards { boards() }

        /// The boards, on `driver`'s clock and executor when given.
        func boards(on driver: TaskDriver? = nil) -> ExchangeBoards {
            let clients: [Exchange: MarketDataClient] = [
                .upbit: upbit.client, .bithumb: bithumb.client, .binance: binance.client,
                .korbit: ScriptedMarketClient.unreachable(.korbit),
            ]
            guard let driver else { return ExchangeBoards(clients: clients) }
            return ExchangeBoards(clients: clients, clock: driver.clock, executor: driver)
        }
    }

    @Test func anExchangeThatFailsToLoadLeavesTheOthersCompared() async throws {
        let fixture = Fixture()
        let boards = fixture.boards
        let failures = await boards.load()
        #expect(Array(failures.keys) == [.korbit])
        let rows = await boards.comparisons(symbols: ["BTC"])
        let bitcoin = try #require(rows.first)
        #expect(rows.count == 1)
        #expect(bitcoin.prices == [.upbit: 100_000_000, .bithumb: 100_400_000])
        #expect(bitcoin.spread == 400_000)
        #expect(abs(try #require(bitcoin.premium) - (100_000_000 / (70_000.0 * 1_400) - 1)) < 1e-12)
    }

    @MainActor
    @Test func aFailingFeedNeverStallsTheOthers() async throws {
        let fixture = Fixture()
        let driver = TaskDriver()
        let boards = fixture.boards(on: driver)
        await boards.load()
        await boards.follow()
        try await driver.advance(until: "feeds subscribed", limit: .seconds(10)) {
            !fixture.upbit.subscriptions.isEmpty && !fixture.bithumb.subscriptions.isEmpty
        }
        fixture.upbit.send(.connection(.live))
        fixture.upbit.send(.ticker(MarketFixtures.ticker(MarketFixtures.bitcoin, price: 101_000_000, timestamp: 2_000)))
        fixture.bithumb.send(.connection(.live))
        try await driver.advance(until: "Upbit's tick compared", limit: .seconds(10)) {
            await boards.comparisons(symbols: ["BTC"]).first?.prices[.upbit] == 101_000_000
        }
        let states = await boards.connections()
        #expect(states[.upbit] == .live)
        #expect(states[.bithumb] == .live)
        #expect(states[.korbit] == .reconnecting(attempt: 1, delay: .seconds(30)))
        await boards.stop()
    }
}
