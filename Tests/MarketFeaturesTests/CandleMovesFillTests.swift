import MarketDomain
import Synchronization
import TestSupport
import Testing

@testable import MarketFeatures

/// The movers at a new start (issue 65): the move windows are filled from one-minute candles, the
/// panel saying how far the fill has come, instead of waiting fifteen minutes for the ticks.
@Suite struct CandleMovesFillTests {
    /// The markets whose candles were asked for, in order.
    final class Asked: Sendable {
        let ids = Mutex<[MarketID]>([])
    }

    /// 2026-11-26 12:00:30 UTC.
    private let now: Int64 = 1_795_694_430_000

    /// A board of the fixtures' markets at their tickers' prices, whose client serves 17 minutes
    /// of candles for Bitcoin (from 100 to 110 million) and Ethereum (5,000,000 to 4,500,000), and
    /// none for the others.
    private func board() async throws -> (LiveBoard, Asked) {
        let script = ScriptedMarketClient(
            markets: MarketFixtures.markets,
            tickers: MarketFixtures.markets.map { market in
                let price = market.symbol == "BTC" ? 110_000_000.0 : market.symbol == "ETH" ? 4_500_000 : 1_000
                return MarketFixtures.ticker(market, price: price, change: 0, value: 1e9, timestamp: now)
            })
        let asked = Asked()
        var client = script.client
        let minute = now - now % 60_000
        client.fetchCandles = { id, interval, before, count in
            asked.ids.withLock { $0.append(id) }
            #expect(interval == .minute && before == nil && count == 17)
            let (first, last): (Double, Double)
            switch id.base {
            case "BTC": (first, last) = (100_000_000, 110_000_000)
            case "ETH": (first, last) = (5_000_000, 4_500_000)
            default: throw ExchangeError.unavailable("no candles")
            }
            return (0..<count).map { index in
                let start = minute - Int64(count - 1 - index) * 60_000
                let price = first + (last - first) * Double(index) / Double(count - 1)
                return IntervalCandle(
                    start: start, open: price, high: price, low: price, close: price, volume: 1, value: price)
            }
        }
        let board = LiveBoard(client: client)
        try await board.load()
        return (board, asked)
    }

    @Test func theWindowsFillFromCandlesWithTheirProgressAndTheMoversShowThem() async throws {
        let (board, asked) = try await board()
        let before = await board.board
        // Before the fill, nothing reaches back fifteen minutes: the panel says so.
        let waiting = MoversPanel.of(
            before, key: .move15m, quote: "KRW", markets: nil, language: .korean,
            filling: "Filling 15m from one-minute candles: 0 of 4 markets")
        #expect(waiting.placeholder == "Filling 15m from one-minute candles: 0 of 4 markets…")

        var seen: [CandleMovesFill.Progress] = []
        await CandleMovesFill.fill(
            before.recentPrices, ids: before.markets.map(\.id), from: board.client, window: CandleMovesFill.window,
            now: { self.now }
        ) { seen.append($0) }
        #expect(seen.first == CandleMovesFill.Progress(done: 0, total: 4, failed: 0))
        #expect(seen.map(\.done) == [0, 1, 2, 3, 4])
        #expect(seen.last == CandleMovesFill.Progress(done: 4, total: 4, failed: 2))
        #expect(seen.last?.text == nil)
        #expect(seen.first?.text == "Filling 15m from one-minute candles: 0 of 4 markets")
        #expect(Set(asked.ids.withLock { $0 }) == Set(MarketFixtures.markets.map(\.id)))

        let filled = await board.board
        let panel = MoversPanel.of(filled, key: .move15m, quote: "KRW", markets: nil, language: .korean)
        #expect(panel.placeholder == nil)
        #expect(panel.risers.map(\.symbol) == ["BTC"])
        #expect(panel.fallers.map(\.symbol) == ["ETH"])
        // Fifteen minutes back is the open of the candle then (100M + 10M × 1/16 = 100,625,000),
        // and the move up to 110M since: +9.32 %.
        #expect(panel.risers.first?.change == "+9.32%")
    }

    @Test func aFillStartsOnceHoweverOftenAskedAndSaysHowFarItHasCome() async throws {
        let (board, asked) = try await board()
        let fill = CandleMovesFill(board: board, now: { self.now })
        #expect(fill.progress == nil)
        fill.start(first: "KRW")
        fill.start(first: "KRW")
        while fill.progress?.isFinished != true { await Task.yield() }
        #expect(asked.ids.withLock { $0 }.count == 4)
        #expect(fill.progress == CandleMovesFill.Progress(done: 4, total: 4, failed: 2))
        fill.stop()
    }
}
