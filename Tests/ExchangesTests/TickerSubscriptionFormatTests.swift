import ExchangeWire
import Exchanges
import Foundation
import MarketDomain
import TestSupport
import Testing

/// Upbit's tickers are asked for in SIMPLE keys (half the bytes), Bithumb's in the DEFAULT keys
/// it documents; either way the frames that come back read as the same ticker.
@Suite struct TickerSubscriptionFormatTests {
    private let markets = [MarketID("KRW-BTC")!, MarketID("KRW-ETH")!]

    @Test func upbitAsksForSimpleKeysAndBithumbForDefaultOnes() throws {
        let upbit = try FeedProtocol.upbit(ticket: { "t" }).subscribeMessage(markets)
        let bithumb = try FeedProtocol.bithumb(ticket: { "t" }).subscribeMessage(markets)
        #expect(upbit == #"[{"ticket":"t"},{"codes":["KRW-BTC","KRW-ETH"],"type":"ticker"},{"format":"SIMPLE"}]"#)
        #expect(bithumb == #"[{"ticket":"t"},{"codes":["KRW-BTC","KRW-ETH"],"type":"ticker"},{"format":"DEFAULT"}]"#)
    }

    @Test func theDocumentedTickerReadsTheSameInEitherSpelling() throws {
        let simple = UpbitFrameDecoder.decode(Array(UpbitDocPayloads.streamTickerSimple.utf8))
        let full = UpbitFrameDecoder.decode(Array(UpbitDocPayloads.streamTicker.utf8))
        #expect(simple == full)
        guard case .ticker(let ticker) = simple else {
            Issue.record("no ticker read: \(simple)")
            return
        }
        #expect(ticker.price == 32_287_000)
    }
}
