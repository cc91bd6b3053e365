import ExchangeWire
import NIOHTTP1
import Synchronization
import Testing

@testable import Exchanges

/// Binance's request weights (exchange-apis.md §4.1) and the client's budget of them per window,
/// on a wall clock the test sets.
@Suite struct RequestWeightBudgetTests {
    /// A wall clock in Unix milliseconds that only the test moves.
    private final class WallClock: Sendable {
        private let milliseconds = Mutex<Int64>(0)
        var now: Int64 { milliseconds.withLock { $0 } }
        func set(_ value: Int64) { milliseconds.withLock { $0 = value } }
    }

    @Test func eachRequestWeighsWhatTheDocsSay() {
        #expect(BinanceEndpoint.requestWeight(path: BinanceEndpoint.ticker24h, symbols: 1) == 2)
        #expect(BinanceEndpoint.requestWeight(path: BinanceEndpoint.ticker24h, symbols: 20) == 2)
        #expect(BinanceEndpoint.requestWeight(path: BinanceEndpoint.ticker24h, symbols: 21) == 40)
        #expect(BinanceEndpoint.requestWeight(path: BinanceEndpoint.ticker24h, symbols: 100) == 40)
        #expect(BinanceEndpoint.requestWeight(path: BinanceEndpoint.ticker24h, symbols: 101) == 80)
        #expect(BinanceEndpoint.requestWeight(path: BinanceEndpoint.ticker24h, symbols: nil) == 80)
        #expect(BinanceEndpoint.requestWeight(path: BinanceEndpoint.klines, symbols: 1) == 2)
        #expect(BinanceEndpoint.requestWeight(path: BinanceEndpoint.exchangeInfo, symbols: nil) == 20)
        #expect(BinanceEndpoint.requestWeight(path: BinanceEndpoint.trades, symbols: 1) == 25)
        #expect(BinanceEndpoint.requestWeight(path: BinanceEndpoint.historicalTrades, symbols: 1) == 25)
        #expect(BinanceEndpoint.symbolCount(symbol: nil, symbols: #"["BTCUSDT","ETHUSDT","XRPUSDT"]"#) == 3)
        #expect(BinanceEndpoint.symbolCount(symbol: "BTCUSDT", symbols: nil) == 1)
        let weigh = try! #require(RESTRateLimits.Policy.binance.weight)
        #expect(weigh(BinanceEndpoint.ticker24h, [("symbols", #"["BTCUSDT","ETHUSDT"]"#)]) == 2)
        #expect(weigh(BinanceEndpoint.ticker24h, []) == 80)
    }

    @Test func theUsedWeightHeaderNamesItsWindow() {
        #expect(BinanceEndpoint.usedWeightWindow(header: "X-MBX-USED-WEIGHT-1M") == 60)
        #expect(BinanceEndpoint.usedWeightWindow(header: "x-mbx-used-weight-10s") == 10)
        #expect(BinanceEndpoint.usedWeightWindow(header: "X-MBX-USED-WEIGHT-1D") == 86_400)
        #expect(BinanceEndpoint.usedWeightWindow(header: "X-MBX-USED-WEIGHT") == nil)
        #expect(BinanceEndpoint.usedWeightWindow(header: "X-MBX-ORDER-COUNT-10S") == nil)
        #expect(BinanceEndpoint.usedWeightHeader(windowSeconds: 60) == "X-MBX-USED-WEIGHT-1M")
        #expect(BinanceEndpoint.usedWeightHeader(windowSeconds: 2) == "X-MBX-USED-WEIGHT-2S")
    }

    @Test func aRequestThatWouldPassTheLimitWaitsForTheNextWindow() {
        let clock = WallClock()
        clock.set(60_000)
        let budget = RequestWeightBudget(limit: 100, windowSeconds: 60, now: { clock.now })
        #expect(budget.reserve(80) == nil)
        #expect(budget.reserve(20) == nil)
        // Full: the next request waits for the next minute (and a margin).
        clock.set(90_000)
        #expect(budget.reserve(2) == .milliseconds(30_250))
        // The server counted requests of this IP the client did not send.
        clock.set(120_000)
        #expect(budget.reserve(2) == nil)
        budget.told(used: 99, windowSeconds: 60)
        #expect(budget.reserve(2) == .milliseconds(60_250))
    }

    @Test func aRequestNearAWindowsEndCountsInTheNextToo() {
        let clock = WallClock()
        clock.set(59_900)
        let budget = RequestWeightBudget(limit: 10, windowSeconds: 60, now: { clock.now })
        #expect(budget.reserve(8) == nil)
        clock.set(60_010)
        #expect(budget.reserve(2) == nil)
        #expect(budget.reserve(2) != nil, "the 8 sent at 59.9 s may have been counted in this minute")
    }

    /// On a loaded machine a request weighed early may reach the server seconds later: after a
    /// slow round trip, requests further from the edge count in both windows, and the margin
    /// shrinks back as replies come quickly again (a refusal in the full suite, issue 26 session).
    @Test func aSlowRoundTripWidensTheMarginAtTheWindowsEdge() {
        let clock = WallClock()
        clock.set(58_500)
        let budget = RequestWeightBudget(limit: 10, windowSeconds: 60, now: { clock.now })
        budget.noteRoundTrip(milliseconds: 900)
        #expect(budget.currentMarginMilliseconds == 1_800)
        #expect(budget.reserve(8) == nil)  // 1.5 s before the edge: within the margin
        clock.set(60_100)
        #expect(budget.reserve(4) != nil, "the 8 weighed at 58.5 s may land in this minute")
        for _ in 0..<40 { budget.noteRoundTrip(milliseconds: 5) }
        #expect(budget.currentMarginMilliseconds < 300)
        budget.noteRoundTrip(milliseconds: 60_000)
        #expect(budget.currentMarginMilliseconds == RequestWeightBudget.maximumMarginMilliseconds)
    }

    @Test func aRefusalTellsTheLimitAndTheWaitAndAnotherWindowIsAdopted() {
        let clock = WallClock()
        clock.set(1_000)
        let budget = RequestWeightBudget(limit: 6_000, windowSeconds: 60, now: { clock.now })
        #expect(budget.reserve(2) == nil)
        // The server's header names a 1 s window; it refuses at 10.
        budget.told(used: 10, windowSeconds: 1)
        budget.refused(used: 10, retryAfter: .seconds(1))
        #expect(budget.limit.weight == 10 && budget.limit.windowSeconds == 1)
        #expect(budget.reserve(2) == .seconds(1))
        clock.set(2_000)
        for _ in 0..<5 { #expect(budget.reserve(2) == nil) }
        #expect(budget.reserve(2) == .milliseconds(1_250))
    }

    @Test func thePublishedLimitReplacesTheDocumentedOne() {
        let clock = WallClock()
        clock.set(10_000)
        let budget = RequestWeightBudget(limit: 6_000, windowSeconds: 60, now: { clock.now })
        #expect(budget.reserve(20) == nil)
        budget.setLimit(30, windowSeconds: 2)
        // The 20 of exchange info still count in the new window.
        #expect(budget.reserve(10) == nil)
        #expect(budget.reserve(2) == .milliseconds(2_250))
    }
}
