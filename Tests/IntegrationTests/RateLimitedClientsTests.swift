import ExchangeSimulator
import Foundation
import MarketDomain
import TestSupport
import Testing

/// The real clients against a simulator that allows only 2 REST requests a second per group
/// (`sise simulate --rest-limit 2`): they pace themselves to what the server's replies say it
/// allows, so busy work completes without a single refusal where the dialect tells its limit,
/// and retries after a refusal where it does not.
@Suite(.timeLimit(.minutes(5))) struct RateLimitedClientsTests {
    private static let bitcoin = MarketID("KRW-BTC")!

    @Test(arguments: Exchange.allCases)
    func concurrentPagedCandlesAndTickersAllCompleteWithinTheLimit(exchange: Exchange) async throws {
        let harness = try await SimulatorHarness.start(exchange, markets: 30, restLimit: 2)
        let client = harness.client
        let listed = try await client.fetchMarkets()
        let markets = listed.map(\.id)
        let bitcoin = try #require(listed.first { $0.symbol == "BTC" }?.id)
        let available = try #require(harness.simulator.venue(exchange).candles(bitcoin)).count
        let results = try await withDeadline(seconds: 120, "\(exchange): paced requests") {
            try await withThrowingTaskGroup(of: (candles: Int, tickers: Int).self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        async let candles = client.fetchDailyCandles(bitcoin, 1000)
                        async let tickers = client.fetchTickers(markets)
                        return (try await candles.count, try await tickers.count)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(results.count == 3)
        #expect(results.allSatisfy { $0.candles == min(1000, available) }, "\(results), \(available) available")
        #expect(results.allSatisfy { $0.tickers == markets.count })
        #expect(harness.simulator.restRefusals(for: exchange) == 0)
        await harness.stop()
    }

    /// Binance weighs requests (a 24h ticker of one symbol 2, exchange info 20) against a budget
    /// per window that `exchangeInfo` publishes; here 30 weight per 2 s. The client reads the
    /// budget, weighs each request before it goes and the used weight each reply tells, and waits
    /// for the next window instead of meeting a refusal.
    @Test func binanceRequestsWaitForTheNextWeightWindowInsteadOfBeingRefused() async throws {
        let budget = BinanceRequestWeight(limit: 30, windowSeconds: 2)
        let harness = try await SimulatorHarness.start(
            .binance, markets: 10, restLimit: 10, binanceRequestWeight: budget)
        let client = harness.client
        let markets = try await client.fetchMarkets().map(\.id)
        let started = ContinuousClock.now
        // 20 one-symbol tickers weigh 40 with the 20 of exchange info: three windows' worth.
        let prices = try await withDeadline(seconds: 60, "weighed tickers") {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<20 {
                    let id = markets[index % markets.count]
                    group.addTask { try await client.fetchTickers([id]).count }
                }
                return try await group.reduce(0, +)
            }
        }
        #expect(prices == 20)
        #expect(harness.simulator.restRefusals(for: .binance) == 0)
        // 60 weight at 30 per 2 s window cannot all fit in the first window and its next.
        #expect(ContinuousClock.now - started >= .seconds(1))
        await harness.stop()
    }

    /// Without the published budget (no exchange info asked), a refusal is met once, its
    /// `Retry-After` kept, and everything still completes. The 12 tickers weigh 24 against 10 per
    /// 5 s window: only requests spread over more than 10 s could all pass, which the 12 sent at
    /// once never are, however loaded the machine (a 1 s window once let them through on CI).
    @Test func binanceWithoutThePublishedBudgetRetriesTheRefusalAndCompletes() async throws {
        let budget = BinanceRequestWeight(limit: 10, windowSeconds: 5)
        let harness = try await SimulatorHarness.start(
            .binance, markets: 10, restLimit: 10, binanceRequestWeight: budget)
        let id = MarketID("USDT-BTC")!
        let count = try await withDeadline(seconds: 90, "tickers past the budget") {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<12 { group.addTask { try await harness.client.fetchTickers([id]).count } }
                return try await group.reduce(0, +)
            }
        }
        #expect(count == 12)
        #expect(harness.simulator.restRefusals(for: .binance) >= 1)
        await harness.stop()
    }

    @Test func candlesOf1000DaysAgainstALimitOf2ExitsZeroWithEveryCandle() async throws {
        let harness = try await SimulatorHarness.start(.upbit, markets: 10, restLimit: 2)
        let available = try #require(harness.simulator.venue(.upbit).candles(Self.bitcoin)).count
        let baseURL = "http://127.0.0.1:\(harness.running.port)"
        // Five at once, as five terminals would: each paces itself and retries the refusals the
        // others cause.
        let results = try await withThrowingTaskGroup(of: SiseProcess.Finished.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    try await SiseProcess.run(
                        ["candles", "KRW-BTC", "--days", "1000", "--format", "csv", "--base-url", baseURL],
                        seconds: 120)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.lines.count == 1 + min(1000, available))
        }
        await harness.stop()
    }
}
