import Foundation
import Hummingbird
import HummingbirdTesting
import MarketDomain
import Synchronization
import Testing

@testable import ExchangeSimulator

/// Numbers a request names at their extremes (issue 64, item 1): `max - min` of the random
/// numbers trapped on overflow and took the whole simulator (every exchange port) with it; a
/// Binance `endTime` or a Korbit `end` of Int64.max did too. Each is answered, never a trap.
@Suite struct ExtremeParameterTests {
    private static let now: Int64 = 1_773_240_058_519
    private static let extremes = ["-9223372036854775808", "-1", "0", "1", "9223372036854775807"]

    private static func simulator() throws -> ExchangeSimulator {
        try ExchangeSimulator(configuration: SimulatorConfiguration(marketCount: 3, seed: 5), now: { now })
    }

    /// The status and body of `uri` on `router`.
    private static func answer(_ router: Router<BasicRequestContext>, _ uri: String) async throws -> (Int, Data) {
        let app = Application(router: router)
        let captured = Mutex<(Int, Data)>((0, Data()))
        try await app.test(.router) { client in
            try await client.execute(uri: uri, method: .get) { response in
                captured.withLock { $0 = (response.status.code, Data(response.body.readableBytesView)) }
            }
        }
        return captured.withLock { $0 }
    }

    @Test func randomNumbersOfAnyRangeStayInsideIt() async throws {
        let router = try Self.simulator().buildRouter(for: ExampleService.randomNumbers)
        let ranges: [(Int, Int)] = [(-1, .max), (.min, .max), (.min, .min), (.max, .max), (.min, 0), (-5, 5)]
        for (low, high) in ranges {
            let (status, body) = try await Self.answer(router, "/api/v1.0/random?min=\(low)&max=\(high)&count=50")
            #expect(status == 200, "\(low)…\(high)")
            let numbers = try #require(try JSONSerialization.jsonObject(with: body) as? [NSNumber]).map(\.int64Value)
            #expect(numbers.count == 50 && numbers.allSatisfy { $0 >= low && $0 <= high }, "\(low)…\(high)")
        }
        let (refused, _) = try await Self.answer(router, "/api/v1.0/random?min=5&max=1")
        #expect(refused == 400)
    }

    @Test func timesAtTheirExtremesAreAnsweredOnBinanceAndKorbit() async throws {
        let simulator = try Self.simulator()
        let binance = simulator.buildRouter(for: .binance)
        let korbit = simulator.buildRouter(for: .korbit)
        for value in Self.extremes {
            for query in ["startTime=\(value)", "endTime=\(value)", "startTime=\(value)&endTime=\(value)"] {
                let (status, _) = try await Self.answer(
                    binance, "/api/v3/klines?symbol=BTCUSDT&interval=1M&limit=1000&\(query)")
                #expect(status == 200, "binance \(query)")
            }
            for query in ["start=\(value)", "end=\(value)"] {
                let (status, _) = try await Self.answer(
                    korbit, "/v2/candles?symbol=btc_krw&interval=1W&limit=200&\(query)")
                #expect(status == 200, "korbit \(query)")
            }
        }
        let (illegal, _) = try await Self.answer(binance, "/api/v3/klines?symbol=BTCUSDT&interval=1m&startTime=soon")
        #expect(illegal == 400)
    }

    /// A search page past GitHub's first 1,000 results is GitHub's 422; a page of Int.max trapped.
    @Test func aGitHubSearchPagePastTheFirstThousandResultsIsRefused() async throws {
        let router = try Self.simulator().buildRouter(for: ExampleService.github)
        for page in ["9223372036854775807", "11", "-9223372036854775808"] {
            let (status, body) = try await Self.answer(router, "/search/repositories?q=swift&per_page=100&page=\(page)")
            let refused = page == "-9223372036854775808" ? 200 : 422
            #expect(status == refused, "page \(page): \(String(decoding: body, as: UTF8.self))")
        }
        let (first, _) = try await Self.answer(router, "/search/repositories?q=swift&per_page=100&page=10")
        #expect(first == 200)
    }

    @Test func yahooPeriodsAtTheirExtremesAreAnswered() async throws {
        let router = try Self.simulator().buildRouter(for: StockSource.yahoo)
        for first in Self.extremes {
            for last in Self.extremes {
                let (status, _) = try await Self.answer(
                    router, "/v8/finance/chart/AAPL?period1=\(first)&period2=\(last)&interval=1d")
                #expect(status == 200 || status == 422, "period1=\(first) period2=\(last): \(status)")
            }
        }
    }
}
