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
        _ market: MarketID, history: InMemoryPremiumHistory = InMemoryPremiumHistory(),
        depth: DetailViewModel.DepthSource? = nil,
        binanceBook: (@Sendable (MarketID) async throws -> OrderBook)? = nil,
        recorder: PremiumRecorder? = nil, feeds: PremiumFeeds? = nil, minutesAgo: ClosedRange<Int64> = 1...5
    ) async throws -> (DetailViewModel, TaskDriver) {
        let today = PremiumInterval.day.start(of: now)
        _ = try history.store.addDays(
            (1...100).map { back in
                let value = Double(100 - back) / 10_000
                return PremiumBar(
                    symbol: "BTC", interval: .day, start: today - Int64(back) * 86_400_000, usdt: PremiumOHLC(value),
                    fx: PremiumOHLC(value + 0.01))
            })
        let minutes = minutesAgo.map { back in
            PremiumBar(
                symbol: "BTC", interval: .minute, start: PremiumInterval.minute.start(of: now) - Int64(back) * 60_000,
                usdt: PremiumOHLC(0.015), fx: PremiumOHLC(0.025))
        }
        _ = try history.store.record(minutes, "test", now)
        let tether = Market(id: CoinComparison.usdtMarket, koreanName: "테더", englishName: "Tether")
        let script = ScriptedMarketClient(
            markets: MarketFixtures.markets + [tether],
            tickers: [
                MarketFixtures.ticker(bitcoin, price: 136_500_000, change: 0, value: 300e9, timestamp: now),
                MarketFixtures.ticker(tether, price: 1_400, change: 0, value: 1e9, timestamp: now),
            ])
        let board = LiveBoard(client: script.client)
        try await board.load()
        let driver = TaskDriver()
        let loader = DailyCandleLoader(
            exchange: .upbit, fetch: script.client.fetchDailyCandles, store: InMemoryPreferenceStore().store)
        let source = PremiumHistorySource(
            store: history.store, recorder: recorder, now: { self.now }, binanceBook: binanceBook, feeds: feeds)
        let viewModel = DetailViewModel(
            market: market, board: board, loader: loader, depth: depth, premium: source, clock: driver.clock)
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

    @Test func whatBothBooksWouldFillIsShownForTheAmountAndPlusAndMinusStepIt() async throws {
        // Korea's asks 100,000,000 × 0.05 then 101,000,000 × 5; Binance's bids 70,000 × 0.02
        // then 69,000 × 10 (and the other sides a step worse); KRW-USDT at 1,400.
        let korean = OrderBook(
            market: bitcoin.id, timestamp: now,
            asks: [.init(price: 100_000_000, size: 0.05), .init(price: 101_000_000, size: 5)],
            bids: [.init(price: 99_900_000, size: 0.05), .init(price: 99_000_000, size: 10)])
        let global = OrderBook(
            market: MarketID(quote: "USDT", base: "BTC"), timestamp: now,
            asks: [.init(price: 70_010, size: 0.02), .init(price: 71_000, size: 10)],
            bids: [.init(price: 70_000, size: 0.02), .init(price: 69_000, size: 10)])
        let asked = Mutex<[MarketID]>([])
        let (viewModel, driver) = try await detail(
            bitcoin.id,
            depth: { _ in
                AsyncStream { continuation in continuation.yield(.snapshot(korean, [])) }
            },
            binanceBook: { market in
                asked.withLock { $0.append(market) }
                return global
            })
        let task = driver.start { await viewModel.run() }
        defer { task.cancel() }
        await driver.settle()
        viewModel.send(.chartChosen(.premium))
        await driver.advance(by: .seconds(5))
        let expected = FillablePremium.of(amount: 10_000_000, korean: korean, binance: global, rate: 1_400)
        let buy = NumberFormat.changeRate(try #require(expected.buyKorea))
        let sell = NumberFormat.changeRate(try #require(expected.sellKorea))
        #expect(viewModel.output.premium?.fillable == "₩10,000,000 filled: 한국 매수 \(buy) · 한국 매도 \(sell) (vs USDT)")
        #expect(asked.withLock { $0 }.first == MarketID(quote: "USDT", base: "BTC"))
        // + steps to ₩100,000,000, measured again at once; past the last step it stays.
        viewModel.send(.fillAmountStepped(by: 1))
        await driver.settle()
        #expect(viewModel.output.premium?.fillAmount == 100_000_000)
        #expect(viewModel.output.premium?.fillable?.hasPrefix("₩100,000,000 filled: 한국 매수 +") == true)
        viewModel.send(.fillAmountStepped(by: 5))
        #expect(viewModel.output.premium?.fillAmount == 1_000_000_000)
        await driver.settle()
        // ₩1,000,000,000 is more than Korea's asks hold: the buying side is too thin to say.
        #expect(viewModel.output.premium?.fillable?.contains("한국 매수 too thin") == true)
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

    @Test func aPremiumOfNowWaitsForItsFeedsInsteadOfShowingTheLastBackFilledDay() async throws {
        // A new database: a hundred back-filled days and minutes recorded an hour ago, nothing
        // live. The chart starts the feeds and says what it waits for until they answer.
        let answering = Mutex(false)
        let asked = Mutex(0)
        let feeds = PremiumFeeds {
            asked.withLock { $0 += 1 }
            return answering.withLock { $0 } ? [] : ["Bithumb", "Binance"]
        }
        let samples = Mutex<[PremiumSample]>([])
        let recorder = PremiumRecorder(
            sample: { samples.withLock { $0 } }, store: InMemoryPremiumHistory().store, writer: "test",
            now: { self.now })
        let (viewModel, driver) = try await detail(
            bitcoin.id, recorder: recorder, feeds: feeds, minutesAgo: 60...64)
        let task = driver.start { await viewModel.run() }
        defer { task.cancel() }
        await driver.settle()
        #expect(asked.withLock { $0 } == 0)
        viewModel.send(.chartChosen(.premium))
        await driver.settle()
        #expect(asked.withLock { $0 } == 1)
        let waiting = try #require(viewModel.output.premium)
        #expect(waiting.headline == "김프 waiting for Bithumb, Binance…")
        #expect(waiting.standing == "")
        // The bars are still drawn: only the figure of now waits.
        #expect(waiting.bars.count == 5)

        // The feeds answer and the recorder samples: the next read (within five seconds) shows it.
        answering.withLock { $0 = true }
        samples.withLock { $0 = [PremiumSample(symbol: "BTC", usdt: 0.032, fx: 0.017)] }
        await recorder.recordOnce()
        await driver.advance(by: .seconds(5))
        let live = try #require(viewModel.output.premium)
        #expect(live.headline == "김프 vs USDT +3.20% · vs USD/KRW +1.70%")
        #expect(live.standing.hasPrefix("1d p"))

        // Feeds that answer but have not been sampled yet say so without naming one.
        samples.withLock { $0 = [] }
        let (unsampled, _) = try await detail(
            bitcoin.id,
            recorder: PremiumRecorder(
                sample: { [] }, store: InMemoryPremiumHistory().store, writer: "t", now: { self.now }),
            feeds: PremiumFeeds { [] }, minutesAgo: 60...64)
        unsampled.send(.chartChosen(.premium))
        #expect(unsampled.output.premium?.headline == "김프 waiting for the live premium…")
    }
}
