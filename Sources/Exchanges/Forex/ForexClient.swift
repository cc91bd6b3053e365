public import ExchangeWire
public import Foundation
public import Logging
public import MarketDomain
import NIOCore
import NIOHTTP1

/// The USD/KRW rate (issue 29, exchange-apis.md §9.1): Dunamu's forex quote first, Yahoo's
/// `KRW=X` chart when Dunamu fails or says something implausible. A rate outside 500–3,000 is
/// refused from either; when both fail the error says why each did.
public struct ForexClient: Sendable {
    /// Reads the rate now.
    public var fetchUSDKRW: @Sendable () async throws -> ForexRate
    /// Reads the dollar's daily closes of the last year, by UTC day (Yahoo's `KRW=X` chart):
    /// what the premium history's back-fill measures past days against.
    public var fetchDailyUSDKRW: @Sendable () async throws -> [TradingDay: Double]

    /// A client of these reads (no daily closes unless given).
    public init(
        fetchUSDKRW: @escaping @Sendable () async throws -> ForexRate,
        fetchDailyUSDKRW: @escaping @Sendable () async throws -> [TradingDay: Double] = {
            throw ExchangeError.unavailable("no daily USD/KRW source")
        }
    ) {
        self.fetchUSDKRW = fetchUSDKRW
        self.fetchDailyUSDKRW = fetchDailyUSDKRW
    }

    /// Yahoo's symbol of the dollar in won.
    public static let yahooSymbol = "KRW=X"

    /// A client of a Dunamu-dialect server at `dunamuBaseURL` and a Yahoo-dialect one at
    /// `yahooBaseURL`.
    public static func make(
        dunamuBaseURL: String, yahooBaseURL: String, logger: Logger = Logger(label: "sise.forex")
    ) -> ForexClient {
        let dunamu = RESTTransport(
            baseURL: dunamuBaseURL, httpClient: .sise, timeout: .seconds(10), logger: logger, serverName: "Dunamu")
        let yahoo = YahooSession(
            transport: RESTTransport(baseURL: yahooBaseURL, httpClient: .sise, timeout: .seconds(10), logger: logger),
            backOff: .seconds(300), names: { _ in nil })
        return ForexClient(
            fetchUSDKRW: {
                do {
                    return try await fromDunamu(dunamu)
                } catch let first {
                    do {
                        return try await fromYahoo(yahoo)
                    } catch {
                        throw ExchangeError.unavailable(
                            "USD/KRW: Dunamu: \(String(describing: first)); Yahoo: \(String(describing: error))")
                    }
                }
            },
            fetchDailyUSDKRW: { try await dailyFromYahoo(yahoo) })
    }

    /// The daily closes of Yahoo's `KRW=X` chart over a year; a close outside 500–3,000 is left out.
    static func dailyFromYahoo(_ session: YahooSession) async throws -> [TradingDay: Double] {
        let bars = try await session.chart(symbol: yahooSymbol, range: "1y").dailyBars()
        var closes: [TradingDay: Double] = [:]
        for bar in bars where ForexRate.plausible.contains(bar.close) { closes[bar.day] = bar.close }
        guard !closes.isEmpty else { throw ExchangeError.badResponse("Yahoo \(yahooSymbol): no daily closes") }
        return closes
    }

    /// The rate in Dunamu's quote.
    static func fromDunamu(_ transport: RESTTransport) async throws -> ForexRate {
        let reply = try await transport.get(
            DunamuForexEndpoint.recent, [(DunamuForexEndpoint.codes, DunamuForexEndpoint.usdKRW)])
        guard reply.status == .ok else {
            throw RESTTransport.error(
                status: reply.status, message: RESTTransport.excerpt(reply.body, status: reply.status))
        }
        let quotes = try RESTTransport.decode(
            [DunamuForexQuote].self, from: reply.body, path: DunamuForexEndpoint.recent)
        return try rate(of: quotes)
    }

    /// The rate of Dunamu's array: its first quote's `basePrice`, timed by its `timestamp` (or
    /// its KST `date` and `time`); a quote with no time is timed when it was read, `readAt` (never
    /// 1970, issue 63).
    public static func rate(
        of quotes: [DunamuForexQuote], readAt: Int64 = Int64(Date().timeIntervalSince1970 * 1000)
    ) throws -> ForexRate {
        guard let quote = quotes.first, let price = quote.basePrice else {
            throw ExchangeError.badResponse("Dunamu forex: no basePrice in the answer")
        }
        let time =
            quote.timestamp ?? quote.date.flatMap { date in
                quote.time.flatMap { KoreanTime.milliseconds(date: date, clock: $0) }
            }
            ?? readAt
        guard let rate = ForexRate(usdKRW: price, source: .dunamu, provider: quote.provider, time: time) else {
            throw ExchangeError.badResponse("Dunamu forex: \(price) is not a plausible USD/KRW (500–3,000)")
        }
        return rate
    }

    /// The rate in Yahoo's `KRW=X` chart: its market price and time.
    static func fromYahoo(_ session: YahooSession) async throws -> ForexRate {
        let result = try await session.chart(symbol: yahooSymbol, range: "5d")
        guard let price = result.meta.regularMarketPrice else {
            throw ExchangeError.badResponse("Yahoo \(yahooSymbol): no market price")
        }
        let time = result.meta.regularMarketTime.map { $0 * 1000 } ?? Int64(Date().timeIntervalSince1970 * 1000)
        guard let rate = ForexRate(usdKRW: price, source: .yahoo, time: time) else {
            throw ExchangeError.badResponse("Yahoo \(yahooSymbol): \(price) is not a plausible USD/KRW (500–3,000)")
        }
        return rate
    }

}
