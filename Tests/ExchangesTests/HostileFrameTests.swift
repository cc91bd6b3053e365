import Clocks
import ConcurrencyExtras
import Exchanges
import Foundation
import MarketDomain
import TestSupport
import Testing

/// A hostile-frame corpus through the live feed of every dialect: every frame is counted and
/// skipped, nothing crashes or hangs, and the feed is still live (same socket) after it.
@MainActor
@Suite struct HostileFrameTests {
    /// The corpus built from a real frame of a dialect.
    static func corpus(from frame: String) -> [[UInt8]] {
        let bytes = Array(frame.utf8)
        var frames: [[UInt8]] = []
        // A truncation at every byte of a real frame.
        for length in 0..<bytes.count { frames.append(Array(bytes.prefix(length))) }
        // Wrong types for fields the board reads, and numbers out of range.
        for (from, to) in [
            ("32287000", #""32287000""#), ("32287000", "true"), ("\"KRW-BTC\"", "12"), ("\"KRW-BTC\"", "[\"KRW-BTC\"]"),
            ("1676965262177", "\"1676965262177\""), ("\"ticker\"", "{}"), ("\"btc_krw\"", "null"),
            ("1672515782136", "1.5"), ("\"BNBBTC\"", "7"), ("32287000", "1e400"), ("100650000", "1e400"),
            ("\"0.0025\"", "\"1e400\""), ("1676965262177", "99999999999999999999"),
            ("1730365099072", "99999999999999999999"),
        ] where frame.contains(from) {
            frames.append(Array(frame.replacingOccurrences(of: from, with: to).utf8))
        }
        // Huge: a 10 MB frame (one long unknown string in a ticker), and 10,000-deep nesting.
        let huge = String(repeating: "x", count: 10_000_000)
        frames.append(Array(#"{"type":"ticker","e":"24hrTicker","junk":""#.utf8) + Array(huge.utf8) + Array("\"}".utf8))
        frames.append(Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8))
        frames.append(Array(("{\"a\":" + String(repeating: "{\"a\":", count: 10_000)).utf8))
        frames.append(Array(("{\"type\":\"ticker\",\"e\":1,\"x\":" + String(repeating: "[", count: 10_000)).utf8))
        // Bytes that are not JSON at all.
        frames.append([0xFF, 0xFE, 0x00, 0x7B])
        return frames
    }

    private func run(
        dialect: FeedProtocol, realFrame: String, expectedPrice: Double
    ) async throws {
        let connector = ScriptedConnector()
        // The feed runs on the driver, which the test drains; the clock never moves.
        let driver = TaskDriver()
        let feed = ReconnectingFeed(
            connector: connector.connector, dialect: dialect, fetchSnapshot: { _ in [] }, clock: driver.clock,
            jitter: { 0.5 }, executor: driver)
        let log = EventLog()
        await log.collect(feed.events(for: [MarketFixtures.bitcoin.id]), on: driver)
        await driver.settle()
        try #require(connector.openedSockets == 1)

        let corpus = Self.corpus(from: realFrame)
        for frame in corpus { connector.push(bytes: frame) }
        connector.push(realFrame)
        await driver.settle()

        let skipped = await log.events.count { if case .frameSkipped = $0 { true } else { false } }
        // Every hostile frame was skipped; only a truncation that left a complete, smaller JSON
        // value behind (none of a ticker's prefixes is one) could have been read.
        #expect(skipped == corpus.count)
        #expect(await log.tickers.map(\.price) == [expectedPrice])
        #expect(connector.openedSockets == 1)
        #expect(await log.states == [.connecting, .live])
        await log.stop()
    }

    @Test func upbitFeedSkipsTheCorpusAndStaysLive() async throws {
        try await run(
            dialect: .upbit(ticket: { "t" }), realFrame: UpbitDocPayloads.streamTicker, expectedPrice: 32_287_000)
    }

    @Test func korbitFeedSkipsTheCorpusAndStaysLive() async throws {
        try await run(dialect: .korbit, realFrame: KorbitDocPayloads.streamSnapshot, expectedPrice: 100_650_000)
    }

    @Test func binanceFeedSkipsTheCorpusAndStaysLive() async throws {
        try await run(dialect: .binance, realFrame: BinanceDocPayloads.streamTicker, expectedPrice: 0.0025)
    }
}
