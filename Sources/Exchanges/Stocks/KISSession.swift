import AsyncHTTPClient
import ExchangeWire
import Foundation
import Logging
import MarketDomain
import NIOCore
import NIOHTTP1
import SiseSupport

/// One KIS app key's session: its token and its pace. An actor because concurrent requests share
/// the token (one issuance for all) and the pacer.
actor KISSession {
    let transport: RESTTransport
    let credentials: KISCredentials
    let tokens: KISTokenStore
    let pacer: RequestPacer<ContinuousClock>
    let logger: Logger
    private var token: KISCachedToken?
    private var issuing: Task<KISCachedToken, any Error>?

    init(
        transport: RESTTransport, credentials: KISCredentials, tokens: KISTokenStore,
        pacer: RequestPacer<ContinuousClock>, logger: Logger
    ) {
        self.transport = transport
        self.credentials = credentials
        self.tokens = tokens
        self.pacer = pacer
        self.logger = logger
    }

    func quote(_ stock: Stock) async throws -> StockQuote {
        if let exchange = KISOverseas.ExchangeCode(stock.market) { return try await overseasQuote(stock, on: exchange) }
        let reply: KISPriceResponse = try await get(
            KISEndpoint.inquirePrice, transaction: KISEndpoint.TransactionID.price,
            [(KISEndpoint.Parameter.market, "J"), (KISEndpoint.Parameter.code, stock.code)])
        guard let quote = reply.output?.toDomain(time: Self.nowMilliseconds()) else {
            throw ExchangeError.unknownMarket(stock.code)
        }
        return quote
    }

    /// The quote and up to 30 last closes from one `inquire-daily-price` request (its rows carry
    /// today's price, change and volume); more closes take the two requests.
    func summary(_ stock: Stock, closes: Int) async throws -> StockSummary {
        if let exchange = KISOverseas.ExchangeCode(stock.market), closes <= KISOverseas.maxDailyRows {
            // One `dailyprice` request: its newest row is the day's quote, the rest the closes.
            let reply = try await overseasDailyPrices(stock, on: exchange, through: "")
            guard let quote = reply.quote(code: stock.code, time: Self.nowMilliseconds()) else {
                throw ExchangeError.unknownMarket(stock.code)
            }
            let bars = reply.rows.compactMap { $0.toDomain() }
            return StockSummary(quote: quote, closes: bars.prefix(closes).reversed().map(\.close))
        }
        guard closes <= 30 else {
            return StockSummary(
                quote: try await quote(stock), closes: try await dailyBars(stock, days: closes).map(\.close))
        }
        let reply = try await dailyPrices(stock)
        guard let quote = reply.quote(code: stock.code, time: Self.nowMilliseconds()) else {
            throw ExchangeError.unknownMarket(stock.code)
        }
        let bars = reply.output.compactMap { $0.toDomain() }
        return StockSummary(quote: quote, closes: bars.prefix(closes).reversed().map(\.close))
    }

    /// The English name KIS keeps for a stock (`search-info`'s `prdt_eng_name120`, else its
    /// abbreviation); `nil` when it has none.
    func englishName(_ stock: Stock) async throws -> String? {
        guard stock.market.isKorean else { return stock.englishName.isEmpty ? nil : stock.englishName }
        let reply: KISSearchInfoReply = try await get(
            KISEndpoint.searchInfo, transaction: KISEndpoint.TransactionID.searchInfo,
            [(KISEndpoint.Parameter.productNumber, stock.code), (KISEndpoint.Parameter.productType, "300")])
        guard let output = reply.output else { return nil }
        let name = output.prdtEngName120.isEmpty ? output.prdtEngAbrvName : output.prdtEngName120
        let clean = DisplayWidth.sanitized(name).trimmingCharacters(in: .whitespaces)
        return clean.isEmpty ? nil : clean
    }

    /// The 30 daily rows of `inquire-daily-price`, newest first.
    private func dailyPrices(_ stock: Stock) async throws -> KISDailyPriceResponse {
        try await get(
            KISEndpoint.inquireDailyPrice, transaction: KISEndpoint.TransactionID.dailyPrice,
            [
                (KISEndpoint.Parameter.market, "J"), (KISEndpoint.Parameter.code, stock.code),
                (KISEndpoint.Parameter.period, "D"), (KISEndpoint.Parameter.adjusted, "0"),
            ])
    }

    /// The last `days` bars, oldest first: the 30-row endpoint when it is enough, else pages of
    /// 100 rows back through `inquire-daily-itemchartprice`.
    func dailyBars(_ stock: Stock, days: Int) async throws -> [StockBar] {
        guard days > 0 else { return [] }
        if let exchange = KISOverseas.ExchangeCode(stock.market) {
            return try await overseasDailyBars(stock, on: exchange, days: days)
        }
        if days <= 30 {
            let reply = try await dailyPrices(stock)
            let bars = reply.output.compactMap { $0.toDomain() }
            guard !bars.isEmpty else { throw ExchangeError.unknownMarket(stock.code) }
            return Array(bars.prefix(days).reversed())
        }
        var newestFirst: [StockBar] = []
        var to = "99991231"
        while newestFirst.count < days {
            let reply: KISChartPriceResponse = try await get(
                KISEndpoint.inquireDailyChartPrice, transaction: KISEndpoint.TransactionID.chartPrice,
                [
                    (KISEndpoint.Parameter.market, "J"), (KISEndpoint.Parameter.code, stock.code),
                    (KISEndpoint.Parameter.from, "00000101"), (KISEndpoint.Parameter.to, to),
                    (KISEndpoint.Parameter.period, "D"), (KISEndpoint.Parameter.adjusted, "0"),
                ])
            if newestFirst.isEmpty, reply.output1?.stckPrpr.value == 0 { throw ExchangeError.unknownMarket(stock.code) }
            let page = reply.output2.compactMap { $0.toDomain() }
            newestFirst += page
            guard let oldest = page.last, page.count == KISEndpoint.maxChartRows else { break }
            to = KISTime.compact(oldest.day.adding(days: -1))
        }
        return Array(newestFirst.prefix(days).reversed())
    }

    /// A US stock's quote: `price` (해외주식 현재체결가) for the price, the previous close and the
    /// day's volume, the day's range from the newest `dailyprice` row.
    private func overseasQuote(_ stock: Stock, on exchange: KISOverseas.ExchangeCode) async throws -> StockQuote {
        let reply: KISOverseasPriceResponse = try await get(
            KISOverseas.pricePath, transaction: KISOverseas.priceTransaction,
            [
                (KISOverseas.Parameter.auth, ""), (KISOverseas.Parameter.exchange, exchange.rawValue),
                (KISOverseas.Parameter.symbol, stock.code),
            ])
        guard let output = reply.output, output.last.value.map({ $0 > 0 }) == true else {
            throw ExchangeError.unknownMarket(stock.code)
        }
        let today = try await overseasDailyPrices(stock, on: exchange, through: "").rows.first?.toDomain()
        guard let quote = output.toDomain(code: stock.code, time: Self.nowMilliseconds(), today: today) else {
            throw ExchangeError.unknownMarket(stock.code)
        }
        return quote
    }

    /// One page of `dailyprice` (해외주식 기간별시세): up to 100 daily rows through `through`
    /// (`yyyyMMdd`, today when empty), newest first, adjusted for splits.
    private func overseasDailyPrices(
        _ stock: Stock, on exchange: KISOverseas.ExchangeCode, through: String
    ) async throws -> KISOverseasDailyResponse {
        try await get(
            KISOverseas.dailyPricePath, transaction: KISOverseas.dailyPriceTransaction,
            [
                (KISOverseas.Parameter.auth, ""), (KISOverseas.Parameter.exchange, exchange.rawValue),
                (KISOverseas.Parameter.symbol, stock.code), (KISOverseas.Parameter.period, "0"),
                (KISOverseas.Parameter.baseDate, through), (KISOverseas.Parameter.adjusted, "1"),
            ])
    }

    /// The last `days` daily bars of a US stock, oldest first, paging back 100 rows at a time.
    private func overseasDailyBars(
        _ stock: Stock, on exchange: KISOverseas.ExchangeCode, days: Int
    ) async throws -> [StockBar] {
        var newestFirst: [StockBar] = []
        var through = ""
        while newestFirst.count < days {
            let page = try await overseasDailyPrices(stock, on: exchange, through: through).rows.compactMap {
                $0.toDomain()
            }
            if newestFirst.isEmpty, page.isEmpty { throw ExchangeError.unknownMarket(stock.code) }
            newestFirst += page
            guard let oldest = page.last, page.count == KISOverseas.maxDailyRows else { break }
            through = KISTime.compact(oldest.day.adding(days: -1))
        }
        return Array(newestFirst.prefix(days).reversed())
    }

    /// A quotation GET with the token and keys, paced; retries the rate limit with back-off and
    /// an expired token once with a new one.
    private func get<Response: Decodable>(
        _ path: String, transaction: String, _ query: [(String, String)]
    ) async throws -> Response {
        var renewed = false
        var attempt = 0
        while true {
            let token = try await currentToken()
            let transport = transport
            let headers = [
                ("authorization", "Bearer \(token.token)"), ("appkey", credentials.appKey),
                ("appsecret", credentials.appSecret), ("tr_id", transaction), ("custtype", "P"),
            ]
            let reply = try await pacer.perform { try await transport.get(path, query, headers: headers) }
            let status = try? JSONDecoder().decode(KISStatus.self, from: reply.body)
            switch status?.msgCd {
            case KISEndpoint.ErrorCode.rateLimited:
                attempt += 1
                guard attempt <= 6 else { throw ExchangeError.rateLimited("KIS: \(KISEndpoint.ErrorCode.rateLimited)") }
                logger.info("KIS rate limit hit; retrying (\(attempt))")
                try await Task.sleep(for: .milliseconds(100 * attempt))
                continue
            case KISEndpoint.ErrorCode.tokenExpired, KISEndpoint.ErrorCode.tokenInvalid:
                guard !renewed else { throw ExchangeError.unavailable("KIS refused a fresh token") }
                renewed = true
                forget(token)
                continue
            default:
                break
            }
            if let status, status.rtCd != "0" {
                throw ExchangeError.badRequest("KIS \(status.msgCd): \(DisplayWidth.sanitized(status.msg1))")
            }
            guard reply.status == .ok else {
                throw RESTTransport.error(
                    status: reply.status, message: RESTTransport.excerpt(reply.body, status: reply.status))
            }
            return try RESTTransport.decode(Response.self, from: reply.body, path: path)
        }
    }

    /// The token to use: the one held or cached while more than ten minutes remain, else a new one
    /// (one issuance shared by every request waiting for it).
    private func currentToken() async throws -> KISCachedToken {
        let margin: Int64 = 10 * 60_000
        let now = Self.nowMilliseconds()
        if let token, token.expires - margin > now { return token }
        if let cached = tokens.load(), cached.appKeyHash == credentials.appKeyTag, cached.expires - margin > now {
            token = cached
            return cached
        }
        if let issuing { return try await issuing.value }
        let task = Task { try await issue() }
        issuing = task
        defer { issuing = nil }
        let fresh = try await task.value
        token = fresh
        tokens.save(fresh)
        return fresh
    }

    private func forget(_ stale: KISCachedToken) {
        if token == stale { token = nil }
        if tokens.load() == stale {
            tokens.save(KISCachedToken(appKeyHash: stale.appKeyHash, token: "", expires: 0))
        }
    }

    private func issue() async throws -> KISCachedToken {
        let body = try JSONEncoder().encode(
            KISTokenRequest(appkey: credentials.appKey, appsecret: credentials.appSecret))
        let reply = try await transport.post(KISEndpoint.token, json: body)
        if let error = try? JSONDecoder().decode(KISTokenError.self, from: reply.body) {
            throw ExchangeError.unavailable(
                "KIS token: \(error.errorCode) \(DisplayWidth.sanitized(error.errorDescription))")
        }
        guard reply.status == .ok else {
            throw RESTTransport.error(
                status: reply.status, message: RESTTransport.excerpt(reply.body, status: reply.status))
        }
        let answer = try RESTTransport.decode(KISTokenResponse.self, from: reply.body, path: KISEndpoint.token)
        let expires =
            KISTime.parseKSTDateTime(answer.accessTokenTokenExpired)
            ?? Self.nowMilliseconds() + Int64(answer.expiresIn) * 1000
        logger.info("KIS token issued")
        return KISCachedToken(appKeyHash: credentials.appKeyTag, token: answer.accessToken, expires: expires)
    }

    static func nowMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }
}
