import Clocks
import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The Market tab's market groups (SPEC §1.13): KRW · BTC · USDT on an exchange that lists them,
/// each group's prices in its own quote currency, `[`/`]` cycling them.
@MainActor
@Suite struct BoardQuoteGroupTests {
    private let rippleInBitcoin = Market(id: MarketID("BTC-XRP")!, koreanName: "엑스알피", englishName: "XRP")
    private let etherInBitcoin = Market(id: MarketID("BTC-ETH")!, koreanName: "이더리움", englishName: "Ethereum")
    private let bitcoinInTether = Market(id: MarketID("USDT-BTC")!, koreanName: "비트코인", englishName: "Bitcoin")

    private func viewModel(exchange: Exchange = .upbit) async throws -> BoardViewModel {
        let markets = MarketFixtures.markets + [rippleInBitcoin, etherInBitcoin, bitcoinInTether]
        let script = ScriptedMarketClient(
            markets: markets,
            tickers: [
                MarketFixtures.ticker(MarketFixtures.bitcoin, price: 140_000_000, value: 300e9),
                MarketFixtures.ticker(MarketFixtures.ripple, price: 3_500, value: 200e9),
                MarketFixtures.ticker(rippleInBitcoin, price: 0.000_025_21, change: 0.000_000_21, value: 49.7),
                MarketFixtures.ticker(etherInBitcoin, price: 0.035_383_37, value: 33.2),
                MarketFixtures.ticker(bitcoinInTether, price: 96_605.24, change: -13.12, value: 5_000_000),
            ], exchange: exchange)
        let board = LiveBoard(client: script.client)
        try await board.load()
        let viewModel = BoardViewModel(
            board: board, store: InMemoryPreferenceStore().store, clock: ViewClock(TestClock<Duration>()),
            isSimulated: true)
        await viewModel.prepare()
        viewModel.send(.viewportResized(rows: 10))
        viewModel.frame()
        return viewModel
    }

    private func step(_ viewModel: BoardViewModel, _ input: BoardInput) -> BoardOutput {
        viewModel.send(input)
        viewModel.frame()
        return viewModel.output
    }

    @Test func theMarketTabShowsOneGroupAtATimeInItsOwnCurrency() async throws {
        let viewModel = try await viewModel()
        var output = viewModel.output
        #expect(output.quoteGroups == ["KRW", "BTC", "USDT"] && output.quoteGroup == "KRW")
        #expect(output.rows.map(\.id.rawValue) == ["KRW-BTC", "KRW-XRP"])
        #expect(output.rows[0].tradeValue == "300,000백만")

        output = step(viewModel, .nextQuoteGroupChosen)
        #expect(output.quoteGroup == "BTC")
        #expect(output.rows.map(\.id.rawValue) == ["BTC-XRP", "BTC-ETH"])
        #expect(output.rows[0].price == "0.00002521" && output.rows[0].changePrice == "+0.00000021")
        #expect(output.rows[0].tradeValue == "49.700 BTC")
        #expect(output.selectedRowIndex == 0)

        output = step(viewModel, .nextQuoteGroupChosen)
        #expect(output.quoteGroup == "USDT")
        #expect(output.rows.map(\.price) == ["96,605.24"] && output.rows[0].tradeValue == "5,000K USDT")

        output = step(viewModel, .nextQuoteGroupChosen)
        #expect(output.quoteGroup == "KRW")
        output = step(viewModel, .previousQuoteGroupChosen)
        #expect(output.quoteGroup == "USDT")
        output = step(viewModel, .quoteGroupChosen("btc"))
        #expect(output.quoteGroup == "BTC")
        // A group the exchange does not list is ignored.
        output = step(viewModel, .quoteGroupChosen("ETH"))
        #expect(output.quoteGroup == "BTC")
        // Search works within the group.
        output = step(viewModel, .searchTextChanged("ㅇㄷ"))
        #expect(output.rows.map(\.id.rawValue) == ["BTC-ETH"])
    }

    @Test func otherTabsIgnoreTheGroupAndAnExchangeOfOneGroupShowsNoChoice() async throws {
        let upbit = try await viewModel()
        _ = step(upbit, .tabChosen(.favorites))
        #expect(step(upbit, .nextQuoteGroupChosen).quoteGroup == "KRW")
        let korbit = try await viewModel(exchange: .korbit)
        #expect(korbit.output.quoteGroups.isEmpty)
        #expect(korbit.output.rows.map(\.id.rawValue) == ["KRW-BTC", "KRW-XRP"])
    }
}
