import Clocks
import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The Compare tab of the board view model: every exchange's scripted board, a test clock, and
/// whole outputs after each step.
@MainActor
@Suite struct BoardViewModelCompareTests {
    private static let tether = Market(id: MarketID("KRW-USDT")!, koreanName: "테더", englishName: "Tether")
    private static let bitcoin = MarketFixtures.bitcoin
    private static let ripple = MarketFixtures.ripple

    private static func global(_ symbol: String) -> Market {
        Market(id: MarketID(quote: "USDT", base: symbol), koreanName: "", englishName: "")
    }

    private struct Harness {
        let viewModel: BoardViewModel
        let clock: TestClock<Duration>
        let upbit: ScriptedMarketClient

        @MainActor func step(_ input: BoardInput) -> BoardOutput {
            viewModel.send(input)
            viewModel.frame()
            return viewModel.output
        }

        @MainActor func live(_ update: BoardUpdate, from exchange: Exchange) async -> BoardOutput {
            await viewModel.exchangeBoards?.boards[exchange]?.handle(update.feedEvents)
            await viewModel.takeBoardFrames()
            await clock.advance(by: .seconds(1))
            viewModel.frame()
            return viewModel.output
        }
    }

    private func harness(forex: ForexWatch? = nil, wallets: WalletWatch? = nil) async throws -> Harness {
        let upbit = ScriptedMarketClient(
            markets: [Self.bitcoin, Self.ripple, Self.tether],
            tickers: [
                MarketFixtures.ticker(Self.bitcoin, price: 100_000_000, value: 300e9),
                MarketFixtures.ticker(Self.ripple, price: 3_000, value: 200e9),
                MarketFixtures.ticker(Self.tether, price: 1_400, value: 50e9),
            ])
        let bithumb = ScriptedMarketClient(
            markets: [Self.bitcoin, Self.ripple, Self.tether],
            tickers: [
                MarketFixtures.ticker(Self.bitcoin, price: 100_500_000),
                MarketFixtures.ticker(Self.ripple, price: 3_003),
                MarketFixtures.ticker(Self.tether, price: 1_401),
            ], exchange: .bithumb)
        let binance = ScriptedMarketClient(
            markets: [Self.global("BTC"), Self.global("XRP")],
            tickers: [
                MarketFixtures.ticker(Self.global("BTC"), price: 68_000),
                MarketFixtures.ticker(Self.global("XRP"), price: 2),
            ], exchange: .binance)
        let boards = ExchangeBoards(clients: [
            .upbit: upbit.client, .bithumb: bithumb.client, .binance: binance.client,
            .korbit: ScriptedMarketClient.unreachable(.korbit),
        ])
        await boards.load()
        let clock = TestClock<Duration>()
        let store = InMemoryPreferenceStore()
        let viewModel = BoardViewModel(
            board: try #require(boards.boards[.upbit]), store: store.store, clock: ViewClock(clock),
            isSimulated: true, exchangeBoards: boards, forex: forex, wallets: wallets)
        await viewModel.prepare()
        viewModel.send(.viewportResized(rows: 10))
        viewModel.frame()
        return Harness(viewModel: viewModel, clock: clock, upbit: upbit)
    }

    @Test func theCompareTabListsEachCoinWithItsPricesSpreadAndPremium() async throws {
        let h = try await harness()
        let output = h.step(.tabChosen(.compare))
        #expect(output.rows.isEmpty)
        #expect(output.placeholder == nil)
        // Sorted by the premium, the highest first: XRP +7.14 %, BTC +5.04 %, tether none (last).
        #expect(output.order == QuoteOrder(key: .change, direction: .descending))
        #expect(output.compareRows.map(\.symbol) == ["XRP", "BTC", "USDT"])
        let bitcoin = try #require(output.compareRows.first { $0.symbol == "BTC" })
        #expect(bitcoin.name == "비트코인")
        #expect(bitcoin.prices == ["100,000,000", "100,500,000", "—"])
        #expect(bitcoin.highestIndex == 1)
        #expect(bitcoin.lowestIndex == 0)
        #expect(bitcoin.spread == "0.50%")
        #expect(bitcoin.globalPrice == "68,000.00")
        // 100,000,000 / (68,000 × 1,400) − 1 = +5.04 %
        #expect(bitcoin.premium == "+5.04%")
        #expect(bitcoin.premiumDirection == .rise)
        let tether = try #require(output.compareRows.first { $0.symbol == "USDT" })
        #expect(tether.premium == "—")
        #expect(output.status.feeds.map(\.exchange) == ["Upbit", "Bithumb", "Korbit", "Binance"])
        #expect(output.status.feeds.first { $0.exchange == "Korbit" }?.connection == .connecting)
    }

    @Test func thePremiumAgainstTheBankRateTetherSoneAndTheLineSayingWhichIsShown() async throws {
        let time: Int64 = 1_795_682_028_000
        let rate = try #require(ForexRate(usdKRW: 1_350, source: .dunamu, provider: "하나은행", time: time))
        let forex = ForexWatch { rate }
        await forex.refresh()
        let h = try await harness(forex: forex)
        let usdt = h.step(.tabChosen(.compare))
        let clock = KoreanTime.clock(time)
        // Tether over the dollar: 1,400 / 1,350 − 1 = +3.70 %.
        #expect(
            usdt.forexLine
                == "김프 vs USDT · USD/KRW 1,350.00 Dunamu (하나은행) \(clock) KST · 테더 +3.70% · p: vs USD/KRW")
        #expect(usdt.compareRows.first { $0.symbol == "BTC" }?.premium == "+5.04%")
        // `p`: against the bank rate, 100,000,000 / (68,000 × 1,350) − 1 = +8.93 %, and the sort follows.
        let fx = h.step(.premiumBasisToggled)
        #expect(fx.forexLine?.hasPrefix("김프 vs USD/KRW · USD/KRW 1,350.00") == true)
        #expect(fx.forexLine?.hasSuffix("p: vs USDT") == true)
        #expect(fx.compareRows.first { $0.symbol == "BTC" }?.premium == "+8.93%")
        // XRP 3,000 / (2 × 1,350) − 1 = +11.11 % first, then BTC; tether has no global price.
        // (Compare is sorted by the premium from the start; 3 again reverses it, 3 once more back.)
        #expect(fx.compareRows.map(\.symbol) == ["XRP", "BTC", "USDT"])
        #expect(fx.compareRows.first?.premium == "+11.11%")
        let reversed = h.step(.sortKeyChosen(.change))
        #expect(reversed.compareRows.map(\.symbol).filter { $0 != "USDT" } == ["BTC", "XRP"])
        // Another tab has no such line.
        #expect(h.step(.tabChosen(.market)).forexLine == nil)
    }

    @Test func aCoinWhoseWithdrawalsAnExchangeSuspendsSaysSoOnItsRowUntilTheyReopen() async throws {
        let bithumb = Mutex(["XRP": WalletStatus(deposit: true, withdrawal: false)])
        let wallets = WalletWatch(fetchers: [
            .bithumb: { bithumb.withLock { $0 } },
            .upbit: { throw ExchangeError.unavailable("no wallet status without a key") },
        ])
        await wallets.refresh()
        let h = try await harness(wallets: wallets)
        let suspended = h.step(.tabChosen(.compare))
        #expect(suspended.compareRows.first { $0.symbol == "XRP" }?.wallet == "⛔빗썸 출금")
        #expect(suspended.compareRows.first { $0.symbol == "BTC" }?.wallet == nil)
        #expect(wallets.failure(.upbit) == "exchange unavailable: no wallet status without a key")
        // Reopened, and Upbit's deposits of BTC suspended: the rows follow at the next read.
        bithumb.withLock { $0 = ["XRP": WalletStatus(deposit: true, withdrawal: true)] }
        await wallets.refresh()
        let reopened = h.step(.selectionMoved(by: 1))
        #expect(reopened.compareRows.first { $0.symbol == "XRP" }?.wallet == nil)
        #expect(
            WalletStatus.summary([
                .upbit: WalletStatus(deposit: false, withdrawal: true),
                .bithumb: WalletStatus(deposit: false, withdrawal: false),
            ]) == "Upbit 입금 중단 · Bithumb 입출금 중단")
        #expect(WalletStatus.marker([.bithumb: WalletStatus(deposit: false, withdrawal: false)]) == "⛔빗썸 입출금")
    }

    @Test func withoutARateTheLineSaysWhyAndThePremiumAgainstItIsBlank() async throws {
        let forex = ForexWatch { throw ExchangeError.unavailable("USD/KRW: Dunamu: down; Yahoo: down") }
        await forex.refresh()
        let h = try await harness(forex: forex)
        let output = h.step(.tabChosen(.compare))
        #expect(
            output.forexLine
                == "김프 vs USDT · USD/KRW unavailable: USD/KRW: Dunamu: down; Yahoo: down · p: vs USD/KRW")
        #expect(output.compareRows.first { $0.symbol == "BTC" }?.premium == "+5.04%")
        #expect(h.step(.premiumBasisToggled).compareRows.first { $0.symbol == "BTC" }?.premium == "—")
    }

    /// The other exchanges' feeds start when the Compare tab first shows: until then the status
    /// says they are not started, never `connecting` (issue 27, point 2).
    @Test func feedsNotStartedSaySoUntilTheCompareTabShows() async throws {
        let h = try await harness()
        let boards = try #require(h.viewModel.exchangeBoards)
        await boards.boards[.upbit]?.follow()
        let before = await h.live(.connection(.live), from: .upbit)
        let bithumb = try #require(before.status.feeds.first { $0.exchange == "Bithumb" })
        #expect(bithumb.feed == "idle" && bithumb.label == "with Compare")
        let upbit = try #require(before.status.feeds.first { $0.exchange == "Upbit" })
        #expect(upbit.feed == "live" && upbit.label == "live")
        // Compare shows: the feeds start, and say where they stand.
        await boards.boards[.bithumb]?.follow()
        let after = await h.live(.connection(.connecting), from: .bithumb)
        #expect(after.status.feeds.first { $0.exchange == "Bithumb" }?.feed == "connecting")
        await boards.stop()
    }

    @Test func sortingBySpreadAndPremiumAndSearchingByInitials() async throws {
        let h = try await harness()
        _ = h.step(.tabChosen(.compare))
        // The spread (key 4), widest first: BTC 0.50 %, XRP 0.10 %, USDT 0.07 %; again, narrowest first.
        #expect(h.step(.sortKeyChosen(.value)).compareRows.map(\.symbol) == ["BTC", "XRP", "USDT"])
        #expect(h.step(.sortKeyChosen(.value)).compareRows.map(\.symbol) == ["USDT", "XRP", "BTC"])
        // Premium: BTC +5.04 %, XRP +7.14 %, USDT none (last).
        #expect(h.step(.sortKeyChosen(.change)).compareRows.map(\.symbol) == ["XRP", "BTC", "USDT"])
        _ = h.step(.searchFocused)
        #expect(h.step(.searchTextChanged("ㅂㅌ")).compareRows.map(\.symbol) == ["BTC"])
    }

    @Test func aLiveTickMovesItsCompareRowAndAFeedChangeShowsInTheStatusBar() async throws {
        let h = try await harness()
        _ = h.step(.tabChosen(.compare))
        let tick = MarketFixtures.ticker(Self.bitcoin, price: 101_000_000, value: 300e9, timestamp: 5_000)
        let moved = await h.live(.quotes([Quote(market: Self.bitcoin, ticker: tick)]), from: .upbit)
        let bitcoin = try #require(moved.compareRows.first { $0.symbol == "BTC" })
        #expect(bitcoin.prices[0] == "101,000,000")
        #expect(bitcoin.highestIndex == 0)
        #expect(bitcoin.lowestIndex == 1)
        let reconnecting = ConnectionState.reconnecting(attempt: 2, delay: .seconds(4))
        let output = await h.live(.connection(reconnecting), from: .bithumb)
        #expect(output.status.feeds.first { $0.exchange == "Bithumb" }?.connection == reconnecting)
        #expect(output.status.feeds.first { $0.exchange == "Upbit" }?.connection == .connecting)
    }

    /// Only the coins that moved are compared again; after any mix of moves on any exchange
    /// (the KRW-USDT rate and a coin's delisting among them) the rows are what comparing every
    /// coin from scratch gives.
    @Test func comparingOnlyTheCoinsThatMovedGivesWhatComparingAllGives() async throws {
        let h = try await harness()
        _ = h.step(.tabChosen(.compare))
        let markets: [(Exchange, Market)] = [
            (.upbit, Self.bitcoin), (.upbit, Self.ripple), (.upbit, Self.tether), (.bithumb, Self.bitcoin),
            (.bithumb, Self.ripple), (.bithumb, Self.tether), (.binance, Self.global("BTC")),
            (.binance, Self.global("XRP")),
        ]
        var generator = SystemRandomNumberGenerator()
        for step in 1...400 {
            let (exchange, market) = markets.randomElement(using: &generator)!
            // Now and then a price of 0: the coin drops out of the comparison until it trades again.
            let price = Int.random(in: 0..<20, using: &generator) == 0 ? 0 : Double.random(in: 1...200_000_000)
            let tick = MarketFixtures.ticker(market, price: price, value: 1e9, timestamp: Int64(10_000 + step))
            await h.viewModel.exchangeBoards?.boards[exchange]?.handle([.ticker(tick)])
            await h.viewModel.takeBoardFrames()
            guard step % 7 == 0 else { continue }
            h.viewModel.recomputeComparisons()
            let everyCoin = CoinComparison.compare(h.viewModel.compareSnapshots.mapValues(\.quotes))
            #expect(h.viewModel.comparisons == Dictionary(uniqueKeysWithValues: everyCoin.map { ($0.id, $0) }))
        }
    }

    @Test func theDetailOpensOnlyForACoinTheBoardLists() async throws {
        let h = try await harness()
        _ = h.step(.tabChosen(.compare))
        _ = h.step(.selectionMovedToFirst)
        let output = h.step(.detailOpened)
        #expect(output.detailMarket == output.compareRows.first?.id)
    }

    /// Everything runs on the driver (the boards' feed tasks, the view model's run), so every
    /// step below happens at a known point of the test clock.
    @Test func theOtherExchangesFeedsStartOnlyOnceTheCompareTabShowsAndTheMainTicksComeOnce() async throws {
        let driver = TaskDriver()
        let upbit = ScriptedMarketClient(
            markets: [Self.bitcoin], tickers: [MarketFixtures.ticker(Self.bitcoin, price: 100_000_000, timestamp: 1)])
        let bithumb = ScriptedMarketClient(
            markets: [Self.bitcoin], tickers: [MarketFixtures.ticker(Self.bitcoin, price: 100_500_000)],
            exchange: .bithumb)
        let boards = ExchangeBoards(
            clients: [.upbit: upbit.client, .bithumb: bithumb.client], clock: driver.clock, executor: driver)
        let main = try #require(boards.boards[.upbit])
        try await main.load()
        await main.follow()
        let viewModel = BoardViewModel(
            board: main, store: InMemoryPreferenceStore().store, clock: ViewClock(driver.clock), isSimulated: true,
            exchangeBoards: boards)
        let running = driver.start { await viewModel.run() }
        defer { running.cancel() }
        await driver.settle()
        // A tick of the main exchange reaches the Compare tab's copy too, with no feed of its own,
        // at the next frame.
        #expect(upbit.send(.ticker(MarketFixtures.ticker(Self.bitcoin, price: 101_000_000, timestamp: 2))))
        await driver.advance(by: .milliseconds(100))
        #expect(viewModel.compareSnapshots[.upbit]?.ticker(Self.bitcoin.id)?.price == 101_000_000)
        await driver.advance(by: .seconds(1))
        #expect(bithumb.subscriptions.isEmpty)
        #expect(await !(boards.boards[.bithumb]?.isFollowing ?? true))

        viewModel.send(.tabChosen(.compare))
        viewModel.frame()
        await driver.advance(by: .milliseconds(100))
        #expect(bithumb.subscriptions == [[Self.bitcoin.id]])
        #expect(upbit.subscriptions.count == 1)
        running.cancel()
        await driver.settle()
    }
}
