import AsyncHTTPClient
import ExchangeWire
import Foundation
public import Logging
public import MarketDomain
import NIOCore
import NIOHTTP1
import Synchronization

/// The real Yahoo Finance client (exchange-apis.md §6): the chart of one symbol for its quote and
/// daily bars, and the Latin-script search. It sends a browser's User-Agent, reads every field as
/// optional, and after a 429 backs the whole source off for minutes instead of hammering it.
public enum YahooClient {
    /// The real host.
    public static let liveBaseURL = "https://query1.finance.yahoo.com"

    /// A stock-data client for a Yahoo-dialect server; `names` names the stocks it finds by symbol.
    public static func make(
        baseURL: String, backOff: Duration = .seconds(300),
        names: @escaping @Sendable (String) -> Stock? = { _ in nil },
        logger: Logger = Logger(label: "sise.yahoo")
    ) -> StockDataClient {
        let client = YahooSession(
            transport: RESTTransport(baseURL: baseURL, httpClient: .sise, timeout: .seconds(10), logger: logger),
            backOff: backOff, names: names)
        return StockDataClient(
            source: .yahoo,
            fetchQuote: { try await client.quote($0) },
            fetchDailyBars: { try await client.dailyBars($0, days: $1) },
            searchRemote: { try await client.search($0) },
            fetchSummary: { try await client.summary($0, closes: $1) }
        )
    }

    /// Yahoo's symbol of a stock: `005930.KS`, `035720.KQ`, `AAPL`.
    public static func symbol(_ stock: Stock) -> String { stock.code + stock.market.yahooSuffix }
}

/// One Yahoo connection's state: when a 429 blocked it until.
final class YahooSession: Sendable {
    let transport: RESTTransport
    let backOff: Duration
    let names: @Sendable (String) -> Stock?
    private let blockedUntil = Mutex<Date?>(nil)

    init(transport: RESTTransport, backOff: Duration, names: @escaping @Sendable (String) -> Stock?) {
        self.transport = transport
        self.backOff = backOff
        self.names = names
    }

    func quote(_ stock: Stock) async throws -> StockQuote {
        let result = try await chart(stock, range: "5d")
        guard let quote = result.quote(code: stock.code) else {
            throw ExchangeError.badResponse("Yahoo chart of \(YahooClient.symbol(stock)): no market price")
        }
        return quote
    }

    /// The quote (from the chart's `meta`) and the last closes from one chart request.
    func summary(_ stock: Stock, closes: Int) async throws -> StockSummary {
        let result = try await chart(stock, range: Self.range(forDays: closes))
        guard let quote = result.quote(code: stock.code) else {
            throw ExchangeError.badResponse("Yahoo chart of \(YahooClient.symbol(stock)): no market price")
        }
        let name = (result.meta.longName ?? result.meta.shortName).map {
            DisplayWidth.sanitized($0).trimmingCharacters(in: .whitespaces)
        }
        return StockSummary(
            quote: quote, closes: result.dailyBars().suffix(closes).map(\.close),
            englishName: name?.isEmpty == false ? name : nil)
    }

    /// The chart range that holds `days` trading days: calendar days hold about five in seven,
    /// so a little more is asked and the rest cut.
    static func range(forDays days: Int) -> String {
        switch days {
        case ...18: "1mo"
        case ...55: "3mo"
        case ...115: "6mo"
        case ...240: "1y"
        case ...480: "2y"
        default: "5y"
        }
    }

    func dailyBars(_ stock: Stock, days: Int) async throws -> [StockBar] {
        guard days > 0 else { return [] }
        return Array(try await chart(stock, range: Self.range(forDays: days)).dailyBars().suffix(days))
    }

    func search(_ query: String) async throws -> [Stock] {
        let reply = try await get(
            YahooEndpoint.search, [(YahooEndpoint.Parameter.query, query), ("quotesCount", "10"), ("newsCount", "0")])
        guard reply.status == .ok else {
            throw RESTTransport.error(
                status: reply.status, message: RESTTransport.excerpt(reply.body, status: reply.status))
        }
        let answer = try RESTTransport.decode(YahooSearchResponse.self, from: reply.body, path: YahooEndpoint.search)
        return answer.quotes.compactMap { quote in
            if let known = names(quote.symbol) { return known }
            let suffix = quote.symbol.split(separator: ".").last.map(String.init)
            let market: StockMarket =
                suffix == "KS" ? .kospi : suffix == "KQ" ? .kosdaq : quote.exchange == "NMS" ? .nasdaq : .nyse
            let code = market.isKorean ? String(quote.symbol.prefix { $0 != "." }) : quote.symbol
            let name = DisplayWidth.sanitized(quote.longname ?? quote.shortname ?? quote.symbol)
            return Stock(code: code, koreanName: "", englishName: name, market: market)
        }
    }

    private func chart(_ stock: Stock, range: String) async throws -> YahooChartResult {
        try await chart(symbol: YahooClient.symbol(stock), range: range)
    }

    /// The daily chart of a Yahoo symbol (`005930.KS`, `KRW=X`) over `range`.
    func chart(symbol: String, range: String) async throws -> YahooChartResult {
        let path =
            YahooEndpoint.chartPrefix + (symbol.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? symbol)
        let reply = try await get(
            path, [(YahooEndpoint.Parameter.range, range), (YahooEndpoint.Parameter.interval, "1d")])
        let answer = try? JSONDecoder().decode(YahooChartResponse.self, from: reply.body)
        if let error = answer?.chart.error {
            if error.code == YahooError.notFound.code { throw ExchangeError.unknownMarket(symbol) }
            throw RESTTransport.error(
                status: reply.status == .ok ? .badRequest : reply.status, message: "\(error.code): \(error.description)"
            )
        }
        guard reply.status == .ok, let result = answer?.chart.result?.first else {
            throw RESTTransport.error(
                status: reply.status, message: RESTTransport.excerpt(reply.body, status: reply.status))
        }
        return result
    }

    /// A GET that refuses at once while the source is backed off, and starts the back-off on a 429.
    private func get(_ path: String, _ query: [(String, String)]) async throws -> RESTTransport.Reply {
        if let until = blockedUntil.withLock({ $0 }), until > Date() {
            throw ExchangeError.rateLimited("Yahoo is rate-limiting; backing off until \(Self.clock(until))")
        }
        let reply = try await transport.get(
            path, query, headers: [("User-Agent", YahooEndpoint.browserUserAgent)])
        if reply.status == .tooManyRequests {
            let seconds = Double(backOff.components.seconds) + Double(backOff.components.attoseconds) / 1e18
            let until = Date().addingTimeInterval(seconds)
            blockedUntil.withLock { $0 = until }
            throw ExchangeError.rateLimited("Yahoo is rate-limiting; backing off until \(Self.clock(until))")
        }
        return reply
    }

    /// `HH:mm:ss` local time.
    private static func clock(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970) % 86_400
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)) UTC"
    }
}
