import ExchangeWire
import Foundation
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// Bithumb's legacy WebSocket (issue 64, item 2): each subscribe object sets its type's pairs, and
/// a client that applies every `orderbookdepth` message to the first holds the book the REST API
/// serves at that moment.
@Suite struct BithumbLegacyFollowingTests {
    private static let now: Int64 = 1_773_240_058_519
    private let bitcoin = MarketID(quote: "KRW", base: "BTC")

    @Test func eachTypeKeepsItsOwnPairsAndAnUnknownTypeIsRefused() {
        var following = BithumbLegacyFollowing()
        let lists: (MarketID) -> Bool = { $0.base == "BTC" || $0.base == "ETH" }
        func take(_ json: String) -> Bool { following.take(Array(json.utf8), lists: lists) }
        #expect(take(#"{"type":"ticker","symbols":["BTC_KRW"],"tickTypes":["MID"]}"#))
        #expect(take(#"{"type":"transaction","symbols":["ETH_KRW","NOPE_KRW"]}"#))
        #expect(take(#"{"type":"orderbookdepth","symbols":["BTC_KRW"]}"#))
        #expect(take(#"{"type":"orderbooksnapshot","symbols":["ETH_KRW"]}"#))
        #expect(!take(#"{"type":"candles","symbols":["BTC_KRW"]}"#))
        #expect(!take("not json"))
        #expect(following.tickers == [bitcoin] && following.tickType == "MID")
        #expect(following.tapes.tapes == [MarketID(quote: "KRW", base: "ETH")])
        #expect(following.depthBooks == [bitcoin])
        #expect(following.snapshotBooks == [MarketID(quote: "KRW", base: "ETH")])
    }

    @Test func theDepthChangesKeepAClientsBookEqualToTheServedOne() throws {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 5, seed: 3), now: { Self.now })
        let venue = simulator.venue(.bithumb)
        var following = BithumbLegacyFollowing()
        let subscribed = following.take(
            Array(#"{"type":"orderbookdepth","symbols":["BTC_KRW"]}"#.utf8), lists: venue.lists)
        #expect(subscribed)
        var client = OrderBook(market: bitcoin, timestamp: 0, asks: [], bids: [])
        var sent = 0
        for step in 0..<400 {
            let time = Self.now + Int64(step) * 250
            _ = simulator.market.trade(count: 3, now: time)
            let book = try #require(
                venue.depth(bitcoin, levels: BithumbLegacyFollowing.levels, trades: 0, now: time)?.book)
            if let changes = following.depthChanges(of: bitcoin, to: book) {
                sent += 1
                if step > 0 {
                    #expect(changes.asks.count + changes.bids.count < 2 * BithumbLegacyFollowing.levels + 40)
                }
                client = changes.applied(to: client)
            }
            #expect(
                client.asks == book.asks && client.bids == book.bids,
                "step \(step): \(client.asks.prefix(3)) \(book.asks.prefix(3)) \(client.asks.count) \(book.asks.count)")
            #expect((client.bids.first?.price ?? 0) < (client.asks.first?.price ?? .infinity))
        }
        #expect(sent > 100)
    }
}
