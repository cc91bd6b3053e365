import ExchangeWire
import Foundation
import MarketDomain
import Testing

@testable import ExchangeSimulator

/// Binance's diff-depth stream (issue 64, item 7; ccxt.pro's `watch_order_book`): a client that
/// takes a REST snapshot after subscribing, drops the events its snapshot already holds, starts at
/// the one whose `U - 1 … u` holds its `lastUpdateId` and applies each after holds the book the
/// REST API serves, whatever moment it took the snapshot at.
@Suite struct BinanceDiffDepthTests {
    private static let start: Int64 = 1_773_240_058_519
    private let bitcoin = MarketID(quote: "USDT", base: "BTC")

    @Test(arguments: [0, 3, 7])
    func aSnapshotAndTheEventsAfterItKeepTheBook(snapshotRound: Int) throws {
        let clock = ManualMilliseconds(Self.start)
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 6, seed: 9), now: { clock.now })
        let venue = simulator.venue(.binance)
        let journal = BinanceBookJournal()
        func served() -> BinanceBookJournal.Version? {
            journal.latest(of: bitcoin, now: clock.now) {
                venue.depth(bitcoin, levels: BinanceBookJournal.levels, trades: 0, now: clock.now)?.book
            }
        }
        var diff = BinanceDiffDepth()
        diff.follow([bitcoin], now: clock.now)
        var client: OrderBook?
        var nonce: Int64 = 0
        var applied = 0
        for round in 0..<12 {
            for _ in 0..<20 {
                clock.advance(by: 37)
                _ = simulator.market.trade(count: 6, now: clock.now)
                // Other clients' snapshots make versions between this session's events.
                if Int(clock.now % 5) == 0 { _ = served() }
            }
            if round == snapshotRound, let snapshot = served() {
                (client, nonce) = (snapshot.book, snapshot.id)
            }
            clock.advance(by: 1_000)
            for event in diff.events(on: venue, journal: journal, now: clock.now) {
                guard let book = client, event.finalUpdateID > nonce else { continue }
                #expect(event.firstUpdateID - 1 <= nonce, "the next event follows on")
                let changes = BookChanges(
                    asks: event.asks.map { OrderBook.Level(price: $0[0].value ?? 0, size: $0[1].value ?? 0) },
                    bids: event.bids.map { OrderBook.Level(price: $0[0].value ?? 0, size: $0[1].value ?? 0) })
                client = changes.applied(to: book)
                nonce = event.finalUpdateID
                applied += 1
            }
            if round > snapshotRound, let book = client, let now = journal.versions(of: bitcoin, after: nonce - 1).last
            {
                #expect(now.version.id == nonce)
                #expect(book.asks == now.version.book.asks && book.bids == now.version.book.bids, "round \(round)")
            }
        }
        #expect(applied > 5)
    }
}
