import Foundation
import MarketDomain
import MarketStore
import TestSupport
import Testing

/// Candles of every interval in the store (issue 30, migration v8): kept by exchange, market,
/// interval and start, replaced by a later copy, with the span they are complete over, across a
/// reopen.
@Suite struct CandleStoreTests {
    private let bitcoin = MarketID("KRW-BTC")!

    @Test func candlesAndTheirSpanAreKeptAcrossAReopenAndReplacedByALaterCopy() throws {
        let folder = TestScratch.folder.appendingPathComponent("sise-candles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("sise.sqlite").path
        let candles = (0..<3).map { index in
            IntervalCandle(
                start: Int64(index) * 300_000, open: 1, high: 2, low: 0.5, close: Double(index), volume: 3, value: 4)
        }
        do {
            let store = try MarketStore.open(path: path).candleStore
            try store.save(.upbit, bitcoin, .fiveMinutes, candles, .init(from: 0, to: 600_000))
            var live = candles[2]
            live.close = 9
            try store.save(.upbit, bitcoin, .fiveMinutes, [live], .init(from: 0, to: 600_000))
            #expect(try store.candles(.bithumb, bitcoin, .fiveMinutes, 0).isEmpty)
            #expect(try store.candles(.upbit, bitcoin, .minute, 0).isEmpty)
        }
        let reopened = try MarketStore.open(path: path).candleStore
        let kept = try reopened.candles(.upbit, bitcoin, .fiveMinutes, 300_000)
        #expect(kept.map(\.start) == [300_000, 600_000])
        #expect(kept.last?.close == 9)
        #expect(try reopened.coverage(.upbit, bitcoin, .fiveMinutes) == .init(from: 0, to: 600_000))
        #expect(try reopened.coverage(.upbit, bitcoin, .hour) == nil)
    }
}
