import MarketDomain
import MarketFeatures
import Synchronization
import TestSupport
import Testing

/// The candle cache (issue 30): the store's candles where it has them, the exchange's only where it
/// lacks them — each gap filled once.
@Suite struct CandleCacheTests {
    private let bitcoin = MarketID("KRW-BTC")!
    /// 2026-11-26 13:00:30 UTC.
    private let start: Int64 = 1_795_698_030_000

    /// A candle a minute, its close the minute's number: what the exchange serves.
    private static func minute(_ start: Int64) -> IntervalCandle {
        let number = Double(start / 60_000 % 100_000)
        return IntervalCandle(
            start: start, open: number, high: number + 1, low: number - 1, close: number, volume: 1, value: number)
    }

    /// The exchange's clock and the requests it was sent.
    final class CandleServer: Sendable {
        let now: Mutex<Int64>
        let requests = Mutex<[String]>([])

        init(now: Int64) { self.now = Mutex(now) }
    }

    /// Just past a minute's boundary the exchange has no candle of the new minute (no trade
    /// yet): the count asked for still comes whole, ending at the exchange's newest.
    @Test func justPastABoundaryTheCountComesWholeEndingAtTheExchangesNewest() async throws {
        let exchange = CandleServer(now: start)
        let local = CandleInterval.minute.start(containing: start) + 60_000 + 200
        let cache = CandleCache(store: .inMemory(), client: client(exchange)) { local }
        let candles = try await cache.candles(bitcoin, .minute, count: 10)
        #expect(candles.count == 10)
        #expect(candles.last?.start == CandleInterval.minute.start(containing: start))
    }

    /// A client serving that series up to the exchange's now, noting each request (before, count).
    private func client(_ exchange: CandleServer) -> MarketDataClient {
        var client = MarketDataClient.failing()
        client.fetchCandles = { _, interval, before, count in
            let end = before ?? .max
            let newest = CandleInterval.minute.start(containing: exchange.now.withLock { $0 })
            exchange.requests.withLock { $0.append("\(before.map { String($0) } ?? "now") \(count)") }
            let last = min(newest, CandleInterval.minute.start(containing: end - 1))
            return (0..<count).reversed().map { Self.minute(last - Int64($0) * 60_000) }
        }
        return client
    }

    @Test func eachGapIsFetchedOnceAndTheNewestCandleAgain() async throws {
        let exchange = CandleServer(now: start)
        let cache = CandleCache(store: .inMemory(), client: client(exchange)) { exchange.now.withLock { $0 } }
        let newest = CandleInterval.minute.start(containing: start)
        let first = try await cache.candles(bitcoin, .minute, count: 10)
        #expect(first.map(\.start) == (0..<10).reversed().map { newest - Int64($0) * 60_000 })
        #expect(exchange.requests.withLock { $0 } == ["now 10"])

        // The same span again: only the candle still trading.
        _ = try await cache.candles(bitcoin, .minute, count: 10)
        #expect(exchange.requests.withLock { $0.last } == "now 1")

        // Three minutes on: those three and the one trading now.
        exchange.now.withLock { $0 += 180_000 }
        let later = try await cache.candles(bitcoin, .minute, count: 10)
        #expect(exchange.requests.withLock { $0.last } == "now 4")
        #expect(later.last?.start == newest + 180_000)
        #expect(zip(later, later.dropFirst()).allSatisfy { $1.start - $0.start == 60_000 })

        // A longer span: only what lies before the kept one, and the newest.
        let longer = try await cache.candles(bitcoin, .minute, count: 20)
        #expect(longer.count == 20)
        #expect(longer == longer.map { Self.minute($0.start) })
        #expect(exchange.requests.withLock { Array($0.suffix(2)) } == ["\(newest + 180_000 - 12 * 60_000) 7", "now 1"])
    }

    @Test func aSpanThatDoesNotMeetTheKeptOneIsFetchedWhole() async throws {
        let exchange = CandleServer(now: start)
        let cache = CandleCache(store: .inMemory(), client: client(exchange)) { exchange.now.withLock { $0 } }
        _ = try await cache.candles(bitcoin, .minute, count: 5)
        exchange.now.withLock { $0 += 3_600_000 }
        let after = try await cache.candles(bitcoin, .minute, count: 5)
        #expect(exchange.requests.withLock { $0 } == ["now 5", "now 5"])
        #expect(after.count == 5 && after.last?.start == CandleInterval.minute.start(containing: start + 3_600_000))
    }
}
