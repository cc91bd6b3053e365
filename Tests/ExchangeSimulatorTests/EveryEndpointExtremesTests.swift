import Foundation
import Hummingbird
import HummingbirdTesting
import MarketDomain
import Synchronization
import Testing

@testable import ExchangeSimulator

/// Every simulated endpoint's numeric parameters at their extremes (issue 64, done-when): Int.min,
/// −1, 0, Int.max, 1e300 and NaN, each answered (a 2xx or the service's 4xx, never a 5xx) and
/// the simulator still answering after — a trap would end this test's process.
@Suite struct EveryEndpointExtremesTests {
    private static let now: Int64 = 1_773_240_058_519
    private static let extremes = ["-9223372036854775808", "-1", "0", "9223372036854775807", "1e300", "NaN"]

    /// Each dialect's addresses with `{}` where an extreme goes.
    private static let endpoints: [(Exchange, [String])] = [
        (
            .upbit,
            [
                "/v1/candles/days?market=KRW-BTC&count={}", "/v1/candles/minutes/{}?market=KRW-BTC&count=10",
                "/v1/candles/seconds?market=KRW-BTC&count={}", "/v1/candles/weeks?market=KRW-BTC&count={}",
                "/v1/candles/days?market=KRW-BTC&to={}", "/v1/trades/ticks?market=KRW-BTC&count={}",
                "/v1/trades/ticks?market=KRW-BTC&cursor={}", "/v1/trades/ticks?market=KRW-BTC&days_ago={}",
                "/v1/orderbook?markets=KRW-BTC&level={}",
            ]
        ),
        (
            .bithumb,
            [
                "/public/orderbook/BTC_KRW?count={}", "/public/transaction_history/BTC_KRW?count={}",
                "/public/candlestick/BTC_KRW/{}", "/v1/candles/days?market=KRW-BTC&count={}",
                "/v1/candles/minutes/{}?market=KRW-BTC", "/v1/trades/ticks?market=KRW-BTC&count={}",
            ]
        ),
        (
            .korbit,
            [
                "/v2/candles?symbol=btc_krw&interval=1&limit={}", "/v2/candles?symbol=btc_krw&interval={}",
                "/v2/orderbook?symbol=btc_krw&level={}", "/v2/trades?symbol=btc_krw&limit={}",
            ]
        ),
        (
            .binance,
            [
                "/api/v3/depth?symbol=BTCUSDT&limit={}", "/api/v3/trades?symbol=BTCUSDT&limit={}",
                "/api/v3/historicalTrades?symbol=BTCUSDT&fromId={}", "/api/v3/aggTrades?symbol=BTCUSDT&limit={}",
                "/api/v3/aggTrades?symbol=BTCUSDT&fromId={}", "/api/v3/aggTrades?symbol=BTCUSDT&startTime={}",
                "/api/v3/aggTrades?symbol=BTCUSDT&endTime={}", "/api/v3/klines?symbol=BTCUSDT&interval=1m&limit={}",
                "/api/v3/klines?symbol=BTCUSDT&interval=1d&startTime={}&endTime={}",
            ]
        ),
    ]

    private static func answer(_ app: some ApplicationProtocol, _ uri: String) async throws -> Int {
        let captured = Mutex(0)
        try await app.test(.router) { client in
            try await client.execute(uri: uri, method: .get) { response in
                captured.withLock { $0 = Int(response.status.code) }
            }
        }
        return captured.withLock { $0 }
    }

    @Test func everyExchangeEndpointAnswersEveryExtreme() async throws {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 3, seed: 5, restRequestsPerSecond: nil),
            now: { Self.now })
        for (exchange, addresses) in Self.endpoints {
            let app = Application(router: simulator.buildRouter(for: exchange))
            for address in addresses {
                for value in Self.extremes {
                    let uri = address.replacingOccurrences(of: "{}", with: value)
                    let status = try await Self.answer(app, uri)
                    #expect((200..<500).contains(status), "\(exchange) \(uri): \(status)")
                }
            }
            // Still answering.
            let probe = addresses[0].replacingOccurrences(of: "{}", with: "1")
            #expect(try await Self.answer(app, probe) == 200, "\(exchange) \(probe)")
        }
    }

    @Test func everyExampleEndpointAnswersEveryExtreme() async throws {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 3, seed: 5, restRequestsPerSecond: nil),
            now: { Self.now })
        let github = Application(router: simulator.buildRouter(for: ExampleService.github))
        let random = Application(router: simulator.buildRouter(for: ExampleService.randomNumbers))
        for value in Self.extremes {
            // GitHub allows ten searches a minute: a 403 is its answer past them.
            for uri in [
                "/search/repositories?q=swift&per_page=\(value)",
                "/search/repositories?q=swift&page=\(value)&sort=stars",
            ] {
                let status = try await Self.answer(github, uri)
                #expect((200..<500).contains(status), "\(uri): \(status)")
            }
            for uri in [
                "/api/v1.0/random?min=\(value)&max=10", "/api/v1.0/random?max=\(value)",
                "/api/v1.0/random?count=\(value)",
            ] {
                let status = try await Self.answer(random, uri)
                #expect(status == 200 || status == 400, "\(uri): \(status)")
            }
        }
        #expect(try await Self.answer(random, "/api/v1.0/random?min=1&max=2") == 200)
    }
}
