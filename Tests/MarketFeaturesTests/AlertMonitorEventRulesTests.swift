import MarketDomain
import TestSupport
import Testing

@testable import MarketFeatures

/// The monitor's rules that watch more than one price: a large trade (the market's trade feed),
/// the premium (three prices on two exchanges), a warning and a listing (the market list), on
/// boards fed by the test, its tasks on a driver.
@MainActor
@Suite struct AlertMonitorEventRulesTests {
    private static let bitcoin = MarketFixtures.bitcoin
    private static let tether = Market(id: CoinComparison.usdtMarket, koreanName: "테더", englishName: "Tether")
    private static let globalBitcoin = Market(id: MarketID("USDT-BTC")!, koreanName: "", englishName: "Bitcoin")
    private nonisolated static let start: Int64 = 1_795_615_200_000

    @MainActor private struct Harness {
        let driver: TaskDriver
        let upbit: ScriptedMarketClient
        let upbitBoard: LiveBoard
        let binanceBoard: LiveBoard
        let alerts: InMemoryAlertStore
        let monitor: AlertMonitor
        let events: OutputLog<AlertEvent>
        let listWatchesAsked: OutputLog<Exchange>

        var firings: [AlertFiring] {
            events.values.compactMap { if case .fired(let firing, _) = $0 { firing } else { nil } }
        }

        /// A tick of `market` on `board` at `price`, `seconds` after the start.
        func tick(_ market: Market, _ price: Double, on board: LiveBoard, seconds: Int64 = 0) async {
            let ticker = MarketFixtures.ticker(market, price: price, value: 1e9, timestamp: start + seconds * 1000)
            await board.handle([.ticker(ticker)])
            await driver.settle()
        }
    }

    private func harness(_ rules: [AlertRule], markets: [Market]? = nil) async throws -> Harness {
        let driver = TaskDriver()
        let upbit = ScriptedMarketClient(markets: markets ?? [Self.bitcoin, MarketFixtures.ripple, Self.tether])
        let binance = ScriptedMarketClient(markets: [Self.globalBitcoin], exchange: .binance)
        let upbitBoard = LiveBoard(client: upbit.client)
        let binanceBoard = LiveBoard(client: binance.client)
        try await upbitBoard.load()
        try await binanceBoard.load()
        let alerts = InMemoryAlertStore(rules: rules)
        let asked = OutputLog<Exchange>()
        let monitor = AlertMonitor(
            store: alerts.store,
            boards: { exchange in exchange == .upbit ? upbitBoard : exchange == .binance ? binanceBoard : nil },
            clock: driver.clock, utcOffsetSeconds: 9 * 3600,
            keepListCurrent: { exchange in await MainActor.run { asked.append(exchange) } },
            now: { Self.start + 90_000 }, executor: driver)
        let events = OutputLog<AlertEvent>()
        let stream = monitor.events()
        driver.start { @MainActor in
            for await event in stream { events.append(event) }
        }
        driver.start { await monitor.run() }
        await driver.settle()
        return Harness(
            driver: driver, upbit: upbit, upbitBoard: upbitBoard, binanceBoard: binanceBoard, alerts: alerts,
            monitor: monitor, events: events, listWatchesAsked: asked)
    }

    private func trade(_ price: Double, _ size: Double, id: Int64, side: Trade.Side = .buy) -> Trade {
        Trade(market: Self.bitcoin.id, price: price, size: size, side: side, timestamp: Self.start + id, id: id)
    }

    @Test func aLargeTradeFiresFromTheMarketsTradeFeedButTheSnapshotsPastTradesDoNot() async throws {
        let h = try await harness([
            AlertRule(exchange: .upbit, market: Self.bitcoin.id, condition: .tradeOver(50_000_000))
        ])
        let book = OrderBook(market: Self.bitcoin.id, timestamp: Self.start, asks: [], bids: [])
        #expect(h.upbit.sendDepth(.snapshot(book, [trade(100_000_000, 2, id: 1)]), of: Self.bitcoin.id))
        await h.driver.settle()
        h.upbit.sendDepth(
            .trades([trade(100_000_000, 0.6, id: 3, side: .sell), trade(100_000_000, 0.1, id: 2), trade(1, 1, id: 1)]),
            of: Self.bitcoin.id)
        await h.driver.settle()
        #expect(h.firings.map(\.price) == [100_000_000])
        #expect(h.firings.map(\.direction) == ["sell"])
        #expect(h.firings.first?.kind == "trade")
        #expect(
            h.firings.first?.message
                == "KRW-BTC: a sell of 60,000,000 KRW at 100,000,000 (trade over 50,000,000 KRW) on Upbit")
        // Each large trade fires: there is no level to go back past.
        h.upbit.sendDepth(.trades([trade(100_000_000, 0.5, id: 4)]), of: Self.bitcoin.id)
        await h.driver.settle()
        #expect(h.firings.count == 2)
        #expect(h.alerts.history.count == 2)
    }

    @Test func thePremiumCrossingALevelFiresFromAnyOfItsThreePrices() async throws {
        let h = try await harness([
            AlertRule(exchange: .upbit, market: Self.bitcoin.id, condition: .premiumAbove(5)),
            AlertRule(exchange: .upbit, market: Self.bitcoin.id, condition: .premiumBelow(-1)),
        ])
        #expect(await h.monitor.followedExchanges == [.upbit, .binance])
        await h.tick(Self.tether, 1_400, on: h.upbitBoard)
        await h.tick(Self.globalBitcoin, 100_000, on: h.binanceBoard)
        // 143,000,000 / (100,000 × 1,400) − 1 = 2.14 %.
        await h.tick(Self.bitcoin, 143_000_000, on: h.upbitBoard)
        #expect(h.firings.isEmpty)
        // Binance falls: 143 M / (97,000 × 1,400) − 1 = 5.30 %.
        await h.tick(Self.globalBitcoin, 97_000, on: h.binanceBoard, seconds: 1)
        #expect(h.firings.map(\.kind) == ["premiumAbove"])
        #expect(h.firings.first?.message == "KRW-BTC premium rose to 5.30% (premium above 5%) on Upbit")
        // Hovering past the level does not fire again; tether's rise to 1,480 takes it to −0.29 %,
        // then Bitcoin's fall to −1.68 % crosses −1 %.
        await h.tick(Self.globalBitcoin, 96_900, on: h.binanceBoard, seconds: 2)
        await h.tick(Self.tether, 1_480, on: h.upbitBoard, seconds: 3)
        await h.tick(Self.bitcoin, 141_000_000, on: h.upbitBoard, seconds: 4)
        #expect(h.firings.map(\.kind) == ["premiumAbove", "premiumBelow"])
        #expect(h.firings.last.map { $0.level } == -1)
        #expect(h.firings.last.map { $0.price } == 141_000_000)
    }

    @Test func aNewWarningAndANewListingFireFromTheMarketListAndTheListIsKeptCurrent() async throws {
        let h = try await harness([
            AlertRule(exchange: .upbit, market: MarketFixtures.ripple.id, condition: .warning),
            AlertRule(exchange: .upbit, market: .anyMarket(quote: "KRW"), condition: .listing),
        ])
        #expect(h.listWatchesAsked.values == [.upbit])
        var warned = MarketFixtures.ripple
        warned.warning = MarketWarning(level: .caution, reasons: ["가격 급등락"])
        let newcomer = Market(id: MarketID("KRW-NEWC")!, koreanName: "뉴코인", englishName: "Newcoin")
        // A warning on another market is not this rule's; nothing was listed.
        var other = Self.bitcoin
        other.warning = MarketWarning(level: .warning)
        await h.upbitBoard.applyListing([other, MarketFixtures.ripple, Self.tether], newMarkets: [])
        await h.driver.settle()
        #expect(h.firings.isEmpty)
        await h.upbitBoard.applyListing([other, warned, Self.tether, newcomer], newMarkets: [newcomer.id])
        await h.driver.settle()
        #expect(h.firings.map(\.kind) == ["warning", "listing"])
        #expect(h.firings.map(\.market) == [MarketFixtures.ripple.id, newcomer.id])
        #expect(h.firings.map(\.at) == [Self.start + 90_000, Self.start + 90_000])
        #expect(h.firings.first?.message == "KRW-XRP is under 주의: 가격 급등락 on Upbit")
        #expect(h.firings.last?.message == "KRW-NEWC (뉴코인 · Newcoin) listed on Upbit")
        // The same list again says nothing new; a caution become 유의 does.
        await h.upbitBoard.applyListing([other, warned, Self.tether, newcomer], newMarkets: [])
        warned.warning = MarketWarning(level: .warning, reasons: ["가격 급등락"])
        await h.upbitBoard.applyListing([other, warned, Self.tether, newcomer], newMarkets: [])
        await h.driver.settle()
        #expect(h.firings.map(\.direction) == ["caution", "new", "warning"])
    }
}
