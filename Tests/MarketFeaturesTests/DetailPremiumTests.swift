import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The premium history in a coin's detail (issue 29): `k` draws it, `i` chooses minutes, hours
/// or days, `p` the basis; the premium of now on both bases and where it stands.
@MainActor
@Suite struct DetailPremiumTests {
    private let bitcoin = MarketFixtures.bitcoin
    /// 2026-11-26 12:00:30 UTC.
    private let now: Int64 = 1_795_694_430_000

    /// A detail of `market` over a history with 100 days of premium (from 0 % to 0.99 %, over
    /// the bank rate one point more) and five minutes recorded just now at 1.5 %.
    private func detail(
        _ market: MarketID, history: InMemoryPremiumHistory = InMemoryPremiumHistory()
    ) async throws -> (DetailViewModel, TaskDriver) {
        let today = PremiumInterval.day.start(of: now)
        _ = try history.store.addDays(
            (1...100).map { back in
                let value = Double(100 - back) / 10_000
                return PremiumBar(
                    symbol: "BTC", interval: .day, start: today - Int64(back) * 86_400_000, usdt: PremiumOHLC(value),
                    fx: PremiumOHLC(value + 0.01))
            })
        let minutes = (1...5).map { back in
            PremiumBar(
                symbol: "BTC", interval: .minute, start: PremiumInterval.minute.start(of: now) - Int64(back) * 60_000,
                usdt: PremiumOHLC(0.015), fx: PremiumOHLC(0.025))
        }
        _ = try history.store.record(minutes, "test", now)
        let script = ScriptedMarketClient(
            markets: MarketFixtures.markets,
            tickers: [MarketFixtures.ticker(bitcoin, price: 136_500_000, change: 0, value: 300e9, timestamp: now)])
        let board = LiveBoard(client: script.client)
        try await board.load()
        let driver = TaskDriver()
        let loader = DailyCandleLoader(
            exchange: .upbit, fetch: script.client.fetchDailyCandles, store: InMemoryPreferenceStore().store)
        let source = PremiumHistorySource(store: history.store, recorder: nil, now: { self.now })
        let viewModel = DetailViewModel(
            market: market, board: board, loader: loader, premium: source, clock: driver.clock)
        return (viewModel, driver)
    }

    @Test func kDrawsThePremiumHistoryAndIAndPChooseItsBarsAndBasis() async throws {
        let (viewModel, driver) = try await detail(bitcoin.id)
        let task = driver.start { await viewModel.run() }
        defer { task.cancel() }
        await driver.settle()
        #expect(viewModel.output.chart == .price)
        viewModel.send(.chartToggled)
        let minutes = try #require(viewModel.output.premium)
        #expect(viewModel.output.chart == .premium)
        #expect(minutes.interval == .minute && minutes.basis == .usdt)
        #expect(minutes.bars.count == 5)
        #expect(minutes.headline == "김프 vs USDT +1.50% · vs USD/KRW +2.50%")
        // Five minutes rank the day (all equal: the middle); the week, month and 90 days rank
        // against the days (today's among them, the highest).
        #expect(minutes.standing == "1d p50 · 1w p93 · 1m p98 · 90d p99")
        #expect(minutes.intervalChoices == "[1m] 1h 1d")
        #expect(minutes.status == nil)

        viewModel.send(.nextPremiumIntervalChosen)
        #expect(viewModel.output.premium?.interval == .hour)
        #expect(viewModel.output.premium?.bars.count == 1)
        viewModel.send(.premiumIntervalChosen(.day))
        let days = try #require(viewModel.output.premium)
        // Ninety days of days (the chart's span is two years; the back-fill had 100), and today.
        #expect(days.bars.count == 101)
        #expect(days.bars.last?.start == PremiumInterval.day.start(of: now))

        viewModel.send(.premiumBasisToggled)
        #expect(viewModel.output.premium?.headline == "김프 vs USD/KRW +2.50% · vs USDT +1.50%")
        #expect(viewModel.output.premium?.basis == .fx)
        // The chart is read again every five seconds while it shows.
        viewModel.send(.chartToggled)
        #expect(viewModel.output.chart == .price)
    }

    @Test func aMarketWithoutAPremiumHasNoneAndAFailingHistoryIsSaid() async throws {
        let (bitcoinInBitcoin, _) = try await detail(MarketID(quote: "BTC", base: "ETH"))
        #expect(bitcoinInBitcoin.output.premium == nil)
        bitcoinInBitcoin.send(.chartToggled)
        #expect(bitcoinInBitcoin.output.chart == .price)

        let history = InMemoryPremiumHistory()
        let (viewModel, _) = try await detail(bitcoin.id, history: history)
        history.fail()
        viewModel.send(.chartChosen(.premium))
        #expect(viewModel.output.premium?.status == "Premium history unavailable: disk full")

        let (empty, _) = try await detail(MarketID(quote: "KRW", base: "ETH"))
        empty.send(.chartChosen(.premium))
        #expect(empty.output.premium?.status == "No 1m premium of ETH over USDT recorded yet")
    }
}
