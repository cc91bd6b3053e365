import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The listing watch on a live board over a scripted exchange, its minutes on a test clock: a
/// warning raised shows within a minute, a market listed since the first list is NEW for a day.
@MainActor
@Suite struct ListingWatchTests {
    /// The listed markets kept in memory, as the store keeps them.
    private final class Listings: Sendable {
        private let known = Mutex<[MarketID: Int64]>([:])

        var store: ListingStore {
            ListingStore { _, markets, now in
                self.known.withLock { known in
                    let first = known.isEmpty
                    for id in markets where known[id] == nil { known[id] = first ? 0 : now }
                    return Set(markets.filter { (known[$0] ?? 0) > 0 && now - known[$0]! < ListingStore.newFor })
                }
            }
        }
    }

    @Test func aWarningRaisedAndANewListingReachTheBoardAtTheNextMinute() async throws {
        let driver = TaskDriver()
        let markets = [MarketFixtures.bitcoin, MarketFixtures.ethereum]
        let tickers = markets.map { MarketFixtures.ticker($0, price: 100, timestamp: 1_000) }
        let script = ScriptedMarketClient(markets: markets, tickers: tickers)
        let board = LiveBoard(client: script.client, clock: driver.clock, executor: driver)
        try await board.load()
        await board.follow()
        let now = Mutex<Int64>(1_795_615_200_000)
        driver.start {
            await ListingWatch.run(
                board: board, store: Listings().store, clock: driver.clock,
                now: { now.withLock { $0 } })
        }
        await driver.settle()
        #expect(await board.board.newMarkets.isEmpty)
        #expect(script.subscriptions.count == 1)

        let caution = MarketWarning(level: .caution, reasons: ["가격 급등락"])
        let warnedEthereum = Market(
            id: MarketFixtures.ethereum.id, koreanName: "이더리움", englishName: "Ethereum", warning: caution)
        script.setMarkets([MarketFixtures.bitcoin, warnedEthereum, MarketFixtures.ripple])
        script.setTickers(tickers + [MarketFixtures.ticker(MarketFixtures.ripple, price: 3_000, timestamp: 2_000)])
        now.withLock { $0 += 60_000 }
        await driver.advance(by: .seconds(59), step: .seconds(1))
        #expect(await board.board.market(MarketFixtures.ethereum.id)?.warning == nil)
        await driver.advance(by: .seconds(1))
        let shown = await board.board
        #expect(shown.market(MarketFixtures.ethereum.id)?.warning == caution)
        #expect(shown.newMarkets == [MarketFixtures.ripple.id])
        #expect(shown.ticker(MarketFixtures.ripple.id)?.price == 3_000)
        // The feed follows the new market too.
        #expect(script.subscriptions.last?.contains(MarketFixtures.ripple.id) == true)

        // A day later it is not new any more; the warning cleared shows as cleared.
        script.setMarkets([MarketFixtures.bitcoin, MarketFixtures.ethereum, MarketFixtures.ripple])
        now.withLock { $0 += ListingStore.newFor }
        await driver.advance(by: .seconds(60), step: .seconds(1))
        #expect(await board.board.newMarkets.isEmpty)
        #expect(await board.board.market(MarketFixtures.ethereum.id)?.warning == nil)
        #expect(script.subscriptions.count == 2)
    }

    @Test func theBoardRowsCarryTheBadgesAndTheDetailTheReason() {
        let warned = Market(
            id: MarketFixtures.ripple.id, koreanName: "엑스알피", englishName: "XRP",
            warning: MarketWarning(level: .warning, reasons: ["투자유의 지정"]))
        #expect(RowBadge.of(warned, isNew: true) == [.warning, .new])
        #expect(RowBadge.of(MarketFixtures.bitcoin, isNew: false) == [])
        #expect(warned.warning?.description == "유의: 투자유의 지정")
    }
}
