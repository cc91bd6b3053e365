import ExchangeWire
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// The tickers a simulated Upbit client subscribed, and which of a batch of trades go out to it,
/// without a socket.
@Suite struct UpbitTickerSubscriptionTests {
    private let venue: SimulatedVenue

    init() throws {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 20), now: { 1_773_240_058_519 })
        venue = simulator.venue(.upbit)
    }

    private func position(_ code: String) throws -> Int {
        try #require(venue.worldPosition(of: MarketID(code)!))
    }

    @Test func onlyListedUpperCaseCodesAreFollowedAndOnlySnapshotMeansNoLiveTickers() throws {
        let request = UpbitSubscriptionRequest(
            ticket: "t", types: [.init(type: "ticker", codes: ["KRW-BTC", "krw-eth", "KRW-NOPE", "BTC-ETH"])])
        let subscription = UpbitTickerSubscription(request, venue: venue)
        #expect(subscription.codes == [MarketID("KRW-BTC")!])
        #expect(subscription.crossCodes == (venue.lists(MarketID("BTC-ETH")!) ? [MarketID("BTC-ETH")!] : []))
        #expect(subscription.realtime)
        let snapshotOnly = UpbitTickerSubscription(
            UpbitSubscriptionRequest(
                ticket: "t", types: [.init(type: "ticker", codes: ["KRW-BTC"], isOnlySnapshot: true)],
                format: .simple),
            venue: venue)
        #expect(!snapshotOnly.realtime && snapshotOnly.format == .simple)
    }

    @Test func aBatchGivesEachSubscribedMarketOnceInTradeOrder() throws {
        let request = UpbitSubscriptionRequest(
            ticket: "t", types: [.init(type: "ticker", codes: ["KRW-BTC", "KRW-ETH", "BTC-ETH"])])
        var subscription = UpbitTickerSubscription(request, venue: venue)
        let bitcoin = try position("KRW-BTC")
        let ether = try position("KRW-ETH")
        let other = try position("KRW-XRP")
        let batch = TradedMarkets(positions: [ether, other, bitcoin, ether, bitcoin])
        var picked = subscription.tickers(of: batch)
        #expect(picked.positions == [ether, bitcoin])
        #expect(picked.cross == subscription.crossCodes.sorted())
        // The next batch starts afresh.
        picked = subscription.tickers(of: TradedMarkets(positions: [bitcoin]))
        #expect(picked.positions == [bitcoin] && picked.cross.isEmpty)
        var none = UpbitTickerSubscription()
        picked = none.tickers(of: batch)
        #expect(picked.positions.isEmpty && picked.cross.isEmpty)
    }
}
