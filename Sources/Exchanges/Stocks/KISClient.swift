import AsyncHTTPClient
import ExchangeWire
import Foundation
public import Logging
public import MarketDomain
import NIOCore
import NIOHTTP1
import SiseSupport

/// KIS's app key and secret (from `KIS_APP_KEY`/`KIS_APP_SECRET` or a 0600 config file; never
/// printed or logged).
public struct KISCredentials: Sendable, Equatable {
    public var appKey: String
    public var appSecret: String

    /// Makes credentials.
    public init(appKey: String, appSecret: String) {
        self.appKey = appKey
        self.appSecret = appSecret
    }

    /// A short, non-reversible tag of the app key, to tell cached tokens apart.
    public var appKeyTag: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in appKey.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}

/// The real KIS client (exchange-apis.md §5): a token issued once and reused (cached between runs)
/// until ten minutes before it expires, the current price and daily history one stock per
/// request (KRX stocks through the domestic quotations, US stocks through the overseas ones on
/// their exchange, NAS or NYS), paced under the app key's limit; `EGW00201` backs off and retries, `EGW00123` (or
/// `EGW00121`) gets one new token and retries.
public enum KISClient {
    /// The real host: `https://openapi.koreainvestment.com:9443`; mock trading on port 29443.
    public static let liveBaseURL = "https://openapi.koreainvestment.com:9443"
    public static let mockBaseURL = "https://openapivts.koreainvestment.com:29443"

    /// A stock-data client for a KIS-dialect server.
    public static func make(
        baseURL: String, credentials: KISCredentials, tokens: KISTokenStore = .none,
        requestsPerSecond: Int = 18, logger: Logger = Logger(label: "sise.kis")
    ) -> StockDataClient {
        let session = KISSession(
            transport: RESTTransport(baseURL: baseURL, httpClient: .sise, timeout: .seconds(10), logger: logger),
            credentials: credentials, tokens: tokens,
            // A slot cools a little over a second after each answer, for clock skew and rounding.
            pacer: RequestPacer(limit: requestsPerSecond, window: .milliseconds(1020), clock: ContinuousClock()),
            logger: logger)
        return StockDataClient(
            source: .kis,
            fetchQuote: { try await session.quote($0) },
            fetchDailyBars: { try await session.dailyBars($0, days: $1) },
            searchRemote: { _ in [] },
            fetchSummary: { try await session.summary($0, closes: $1) },
            fetchEnglishName: { try await session.englishName($0) }
        )
    }
}
