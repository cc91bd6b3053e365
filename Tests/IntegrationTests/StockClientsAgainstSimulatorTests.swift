import AsyncHTTPClient
import ExchangeSimulator
import ExchangeWire
import Exchanges
import Foundation
import Logging
import MarketDomain
import NIOCore
import NIOFoundationEssentialsCompat
import NIOHTTP1
import Synchronization
import TestSupport
import Testing

/// The real KIS and Yahoo clients against the simulated stock market over loopback.
@Suite(.timeLimit(.minutes(5)), .serialized) struct StockClientsAgainstSimulatorTests {
    private static let samsung = StockFixtures.samsung
    private static let apple = StockFixtures.apple

    private static func logger() -> Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    private static func start(
        _ configuration: SimulatorConfiguration = SimulatorConfiguration(marketCount: 5)
    )
        async throws -> RunningSimulator
    {
        let simulator = try ExchangeSimulator(configuration: configuration, logger: logger())
        return try await withDeadline(seconds: 30, "simulator start") { try await simulator.start() }
    }

    /// A token store in memory, shared like the 0600 file between two runs.
    private static func memoryTokens() -> KISTokenStore {
        let held = Mutex<KISCachedToken?>(nil)
        return KISTokenStore(load: { held.withLock { $0 } }, save: { token in held.withLock { $0 = token } })
    }

    private static func kis(_ running: RunningSimulator, tokens: KISTokenStore, rate: Int = 18) -> StockDataClient {
        KISClient.make(
            baseURL: running.baseURL(for: .kis), credentials: KISCredentials(appKey: "app", appSecret: "secret"),
            tokens: tokens, requestsPerSecond: rate, logger: logger())
    }

    @Test func aKISTokenIsIssuedOnceAndReusedAcrossTwoRuns() async throws {
        let running = try await Self.start()
        let tokens = Self.memoryTokens()
        let first = try await Self.kis(running, tokens: tokens).fetchQuote(Self.samsung)
        let second = try await Self.kis(running, tokens: tokens).fetchQuote(Self.samsung)
        #expect(first.price > 0 && second.price == first.price)
        #expect(running.simulator.kisTokensIssued == 1)
        let expected = try #require(
            running.simulator.stocks.quote("005930", now: ExchangeSimulator.wallClockMilliseconds()))
        #expect(first.price == expected.price)
        #expect(first.previousClose == expected.previousClose)
        await running.stop()
    }

    /// The English names a KRX stock's sources tell: KIS's `search-info` and Yahoo's chart `longName`
    /// (the KRX list itself has Korean names only).
    @Test func bothSourcesTellAKRXStocksEnglishName() async throws {
        let running = try await Self.start()
        let kis = Self.kis(running, tokens: Self.memoryTokens())
        let fetch = try #require(kis.fetchEnglishName)
        #expect(try await fetch(Self.samsung) == "Samsung Electronics")
        let kakao = StockFixtures.kakao
        #expect(try await fetch(kakao) == "Kakao")
        let yahoo = YahooClient.make(baseURL: running.baseURL(for: .yahoo), logger: Self.logger())
        #expect(yahoo.fetchEnglishName == nil)
        #expect(try await yahoo.fetchSummary(Self.samsung, 5).englishName == "Samsung Electronics")
        await running.stop()
    }

    @Test func anExpiredTokenIsReplacedOnceAndTheRequestGoesThrough() async throws {
        let running = try await Self.start()
        let client = Self.kis(running, tokens: Self.memoryTokens())
        _ = try await client.fetchQuote(Self.samsung)
        running.simulator.expireKISTokens()
        let bars = try await client.fetchDailyBars(Self.samsung, 30)
        #expect(bars.count == 30)
        #expect(running.simulator.kisTokensIssued == 2)
        await running.stop()
    }

    @Test func aBurstOverEighteenASecondCompletesWithoutARefusal() async throws {
        let running = try await Self.start()
        let client = Self.kis(running, tokens: Self.memoryTokens())
        let started = ContinuousClock.now
        let prices = try await withDeadline(seconds: 60, "60 quotes") {
            try await withThrowingTaskGroup(of: Double.self) { group in
                for _ in 0..<60 { group.addTask { try await client.fetchQuote(Self.samsung).price } }
                return try await group.reduce(into: [Double]()) { $0.append($1) }
            }
        }
        #expect(prices.count == 60)
        #expect(running.simulator.kisRateLimitRefusals == 0)
        // 60 requests at 18 a second cannot take less than three seconds.
        #expect(ContinuousClock.now - started >= .seconds(3))
        await running.stop()
    }

    @Test func theSimulatorRefusesAnUnpacedBurstWithEGW00201AsHTTP500() async throws {
        // The simulator's clock stands still, so the burst falls in one second however slowly a
        // loaded machine sends it (with a moving clock, 40 requests over the pool's few
        // connections could spread over more than two seconds and never meet the limit).
        let frozen = ExchangeSimulator.wallClockMilliseconds()
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 5), now: { frozen }, logger: Self.logger())
        let running = try await withDeadline(seconds: 30, "simulator start") { try await simulator.start() }
        let client = Self.kis(running, tokens: Self.memoryTokens())
        _ = try await client.fetchQuote(Self.samsung)
        // Straight HTTP, no pacing: 40 at once must see refusals, each a 500 with the KIS body.
        let tokenReply = try await HTTPClient.shared.execute(
            {
                var request = HTTPClientRequest(url: running.baseURL(for: .kis) + KISEndpoint.token)
                request.method = .POST
                request.body = .bytes(Data(#"{"grant_type":"client_credentials","appkey":"raw","appsecret":"s"}"#.utf8))
                return request
            }(), timeout: .seconds(10))
        let token = try JSONDecoder().decode(
            KISTokenResponse.self, from: Data(buffer: try await tokenReply.body.collect(upTo: 1 << 16)))
        let url =
            running.baseURL(for: .kis) + KISEndpoint.inquirePrice + "?FID_COND_MRKT_DIV_CODE=J&FID_INPUT_ISCD=005930"
        let statuses = try await withThrowingTaskGroup(of: (UInt, String).self) { group in
            for _ in 0..<40 {
                group.addTask {
                    var request = HTTPClientRequest(url: url)
                    request.headers.add(name: "authorization", value: "Bearer \(token.accessToken)")
                    request.headers.add(name: "appkey", value: "raw")
                    request.headers.add(name: "appsecret", value: "s")
                    request.headers.add(name: "tr_id", value: KISEndpoint.TransactionID.price)
                    let reply = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
                    return (reply.status.code, String(buffer: try await reply.body.collect(upTo: 1 << 16)))
                }
            }
            return try await group.reduce(into: [(UInt, String)]()) { $0.append($1) }
        }
        let refused = statuses.filter { $0.0 == 500 }
        #expect(!refused.isEmpty)
        #expect(refused.allSatisfy { $0.1.contains("EGW00201") })
        // 18 a second for this app key (the client's first quote went under its own key).
        #expect(statuses.filter { $0.0 == 200 }.count == 18)
        #expect(refused.count == 22)
        await running.stop()
    }

    /// A watchlist row costs one request on either source, and says what the two requests said.
    @Test(arguments: [StockSource.kis, .yahoo])
    func aRowsSummaryIsOneRequestAndAgreesWithTheQuoteAndTheBars(source: StockSource) async throws {
        // The market stands still, so the three answers describe the same moment.
        let frozen = ExchangeSimulator.wallClockMilliseconds()
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 5), now: { frozen }, logger: Self.logger())
        let running = try await withDeadline(seconds: 30, "simulator start") { try await simulator.start() }
        let client =
            source == .kis
            ? Self.kis(running, tokens: Self.memoryTokens())
            : YahooClient.make(baseURL: running.baseURL(for: .yahoo), logger: Self.logger())
        _ = try await client.fetchQuote(Self.samsung)  // the KIS token is issued once, before counting
        let before = simulator.stockRequests(for: source)
        let summary = try await client.fetchSummary(Self.samsung, 30)
        #expect(simulator.stockRequests(for: source) - before == 1)
        let quote = try await client.fetchQuote(Self.samsung)
        let bars = try await client.fetchDailyBars(Self.samsung, 30)
        #expect(summary.closes == bars.map(\.close))
        #expect(summary.quote.price == quote.price)
        #expect(summary.quote.previousClose == quote.previousClose)
        #expect(summary.quote.changePrice == quote.changePrice)
        #expect(abs(summary.quote.changeRate - quote.changeRate) < 0.0001)
        #expect(summary.quote.volume == quote.volume)
        await running.stop()
    }

    /// A US stock on KIS (해외주식 현재체결가 and 기간별시세 on NAS): a summary in one request that
    /// agrees with the quote and the bars, a year of bars paged back 100 rows at a time, the same
    /// closes as Yahoo's, and a ticker on the wrong exchange or unknown reported as unknown.
    @Test func kisServesAUSStockThroughItsOverseasQuotations() async throws {
        let frozen = ExchangeSimulator.wallClockMilliseconds()
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 5), now: { frozen }, logger: Self.logger())
        let running = try await withDeadline(seconds: 30, "simulator start") { try await simulator.start() }
        let client = Self.kis(running, tokens: Self.memoryTokens())
        let quote = try await client.fetchQuote(Self.apple)
        let before = simulator.stockRequests(for: .kis)
        let summary = try await client.fetchSummary(Self.apple, 30)
        #expect(simulator.stockRequests(for: .kis) - before == 1)
        let bars = try await client.fetchDailyBars(Self.apple, 250)
        #expect(bars.count == 250)
        for (earlier, later) in zip(bars, bars.dropFirst()) { #expect(earlier.day < later.day) }
        #expect(summary.closes == bars.suffix(30).map(\.close))
        #expect(summary.quote.price == quote.price && quote.price == bars.last?.close)
        #expect(summary.quote.previousClose == quote.previousClose)
        #expect(abs(summary.quote.changePrice - quote.changePrice) < 0.0001)
        #expect(abs(summary.quote.changeRate - quote.changeRate) < 0.0001)
        #expect(quote.dayHigh == bars.last?.high && quote.dayLow == bars.last?.low)
        let yahoo = YahooClient.make(baseURL: running.baseURL(for: .yahoo), logger: Self.logger())
        #expect(try await yahoo.fetchDailyBars(Self.apple, 30).map(\.close) == summary.closes)
        // AAPL is on NASDAQ: asked on the NYSE, KIS has nothing.
        let misplaced = Stock(code: "AAPL", koreanName: "", englishName: "Apple Inc.", market: .nyse)
        await #expect(throws: ExchangeError.unknownMarket("AAPL")) { try await client.fetchQuote(misplaced) }
        let unknown = Stock(code: "NOPEX", koreanName: "", englishName: "", market: .nasdaq)
        await #expect(throws: ExchangeError.unknownMarket("NOPEX")) { try await client.fetchSummary(unknown, 30) }
        await running.stop()
    }

    @Test func yahooGivesDailyBarsAQuoteAndSearch() async throws {
        let running = try await Self.start()
        let client = YahooClient.make(baseURL: running.baseURL(for: .yahoo), logger: Self.logger())
        let bars = try await client.fetchDailyBars(Self.samsung, 30)
        #expect(bars.count == 30)
        for (earlier, later) in zip(bars, bars.dropFirst()) { #expect(earlier.day < later.day) }
        let quote = try await client.fetchQuote(Self.samsung)
        #expect(quote.price == bars.last?.close)
        let apple = try await client.fetchQuote(Self.apple)
        #expect(apple.price > 0)
        let found = try await client.searchRemote("apple")
        #expect(found.first?.code == "AAPL")
        await #expect(throws: ExchangeError.unknownMarket("NOPE")) {
            try await client.fetchQuote(Stock(code: "NOPE", koreanName: "", englishName: "", market: .nyse))
        }
        await running.stop()
    }

    @Test func afterAYahoo429TheSourceBacksOffWithoutAskingAgain() async throws {
        let running = try await Self.start(SimulatorConfiguration(marketCount: 5, yahooRequestsPerMinute: 2))
        let client = YahooClient.make(baseURL: running.baseURL(for: .yahoo), logger: Self.logger())
        _ = try await client.fetchQuote(Self.apple)
        _ = try await client.fetchQuote(Self.apple)
        do {
            _ = try await client.fetchQuote(Self.apple)
            Issue.record("a third request in the minute went through")
        } catch let error as ExchangeError {
            guard case .rateLimited(let message) = error else {
                Issue.record("expected a rate limit, got \(error)")
                return
            }
            #expect(message.contains("backing off"))
        }
        // Backed off: the next call fails at once without reaching the server.
        let started = ContinuousClock.now
        await #expect(throws: ExchangeError.self) { try await client.fetchDailyBars(Self.apple, 10) }
        #expect(ContinuousClock.now - started < .seconds(1))
        await running.stop()
    }

    @Test func theMasterFilesDownloadUnzipAndNameEveryKRXStock() async throws {
        let running = try await Self.start()
        let stocks = try await KISMasterClient.stocks(baseURL: running.baseURL(for: .kis), logger: Self.logger())
        #expect(stocks.count == 300)
        #expect(stocks.contains(StockFixtures.samsung))
        #expect(stocks.filter { $0.market == .kosdaq }.count == 100)
        await running.stop()
    }
}
