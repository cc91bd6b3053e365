import ExchangeWire
import Foundation
import HTTPTypes
import Hummingbird
import MarketDomain
import NIOCore
import NIOFoundationEssentialsCompat
import Synchronization

/// The simulated KIS Open API (exchange-apis.md §5, §5.5): the token, the current price, the last
/// 30 days, longer history 100 rows at a time, and product info, for the KRX stocks of the
/// simulated market. Every value a string; `rt_cd` `"0"` on success; an expired or unknown token
/// and the per-second limit answered with HTTP 500 and `EGW00123`/`EGW00121`/`EGW00201`.
struct KISRESTController<Context: RequestContext> {
    let market: SimulatedStockMarket
    let tokens: KISTokenIssuer
    let gate: RateLimitGate
    let now: @Sendable () -> Int64

    func register(on router: Router<Context>) {
        router.post(RouterPath(KISEndpoint.token)) { request, _ in try await token(request) }
        router.get(RouterPath(KISEndpoint.inquirePrice)) { request, _ in
            quotation(request, KISEndpoint.TransactionID.price) { price($0) }
        }
        router.get(RouterPath(KISEndpoint.inquireDailyPrice)) { request, _ in
            quotation(request, KISEndpoint.TransactionID.dailyPrice) { dailyPrice($0) }
        }
        router.get(RouterPath(KISEndpoint.inquireDailyChartPrice)) { request, _ in
            quotation(request, KISEndpoint.TransactionID.chartPrice) { chartPrice($0) }
        }
        router.get(RouterPath(KISEndpoint.searchInfo)) { request, _ in
            quotation(request, KISEndpoint.TransactionID.searchInfo) { searchInfo($0) }
        }
        router.get(RouterPath(KISOverseas.pricePath)) { request, _ in
            quotation(request, KISOverseas.priceTransaction) { overseasPrice($0) }
        }
        router.get(RouterPath(KISOverseas.dailyPricePath)) { request, _ in
            quotation(request, KISOverseas.dailyPriceTransaction) { overseasDailyPrice($0) }
        }
        // The master files (on their own download host in reality; here beside the API).
        let zips = KISMasterZips(market: market)
        for kind in KISMasterFile.Kind.allCases {
            router.get(RouterPath(kind.path)) { _, _ -> Response in
                guard let data = zips.zip(kind) else { return Response(status: .internalServerError) }
                return Response(
                    status: .ok, headers: [.contentType: "application/zip"],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
            }
        }
    }

    private func token(_ request: Request) async throws -> Response {
        let body = try await request.body.collect(upTo: 64 << 10)
        guard let asked = try? JSONDecoder().decode(KISTokenRequest.self, from: Data(buffer: body)),
            !asked.appkey.isEmpty, !asked.appsecret.isEmpty
        else {
            return .json(
                KISTokenError(errorCode: "EGW00105", errorDescription: "유효하지 않은 AppSecret입니다."), status: .forbidden)
        }
        let time = now()
        let token = tokens.token(for: asked.appkey, now: time)
        return .json(
            KISTokenResponse(
                accessToken: token.value,
                accessTokenTokenExpired: KISTime.kstDateTime(unixMilliseconds: token.expires),
                expiresIn: Int((token.expires - time) / 1000)))
    }

    /// Checks the token and the per-second limit, then answers with `body`.
    private func quotation(
        _ request: Request, _ transaction: String, _ body: (Query) -> Response
    ) -> Response {
        let headers = request.headers
        let bearer = headers[.authorization].map { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : $0 } ?? ""
        let appKey = HTTPField.Name("appkey").flatMap { headers[$0] } ?? ""
        let time = now()
        switch tokens.check(bearer, now: time) {
        case .expired: return kis(.json(KISStatus.tokenExpired, status: .internalServerError), transaction)
        case .unknown: return kis(.json(KISStatus.tokenInvalid, status: .internalServerError), transaction)
        case .valid: break
        }
        guard gate.admit(group: appKey).admitted else {
            tokens.refusals.withLock { $0 += 1 }
            return kis(.json(KISStatus.rateLimited, status: .internalServerError), transaction)
        }
        return kis(body(Query(FormQuery(request.uri))), transaction)
    }

    /// Adds the lower-case `tr_id`, `tr_cont` and `gt_uid` headers KIS sends.
    private func kis(_ response: Response, _ transaction: String) -> Response {
        var response = response
        for (name, value) in [("tr_id", transaction), ("tr_cont", "D"), ("gt_uid", UUID().uuidString)] {
            if let field = HTTPField.Name(name) { response.headers[field] = value }
        }
        return response
    }

    private func price(_ query: Query) -> Response {
        guard let code = query[KISEndpoint.Parameter.code], let stock = market.stock(code), stock.market.isKorean,
            let output = market.read(code, now: now(), { $0.kisPrice() })
        else {
            return .json(KISStatus(rtCd: "1", msgCd: "OPSQ0002", msg1: "없는 종목코드 입니다."))
        }
        return .json(KISPriceResponse.Wire(output: output))
    }

    private func dailyPrice(_ query: Query) -> Response {
        guard let code = query[KISEndpoint.Parameter.code], market.stock(code)?.market.isKorean == true,
            let bars = market.bars(code, now: now())
        else {
            return .json(KISStatus(rtCd: "1", msgCd: "OPSQ0002", msg1: "없는 종목코드 입니다."))
        }
        let rows = Array(SimulatedStock.kisRows(bars).reversed().prefix(30))
        return .json(KISDailyPriceResponse(output: rows))
    }

    private func chartPrice(_ query: Query) -> Response {
        guard let code = query[KISEndpoint.Parameter.code], let stock = market.stock(code), stock.market.isKorean,
            let (bars, summary) = market.read(code, now: now(), { ($0.bars, $0.kisChartSummary()) })
        else {
            return .json(
                KISChartPriceResponse.Wire(
                    summary: WithExtraFields(
                        KISChartSummary(
                            htsKorIsnm: "", stckShrnIscd: "", stckPrpr: WireDecimal(text: "0"),
                            stckPrdyClpr: WireDecimal(text: "0")), extra: []), rows: []))
        }
        // Compare the dates as strings: `00000101` is a valid lower bound (§5.5).
        let from = query[KISEndpoint.Parameter.from] ?? "00000101"
        let to = query[KISEndpoint.Parameter.to] ?? "99991231"
        let rows = SimulatedStock.kisRows(bars).filter { $0.stckBsopDate >= from && $0.stckBsopDate <= to }
        let page = rows.reversed().prefix(KISEndpoint.maxChartRows).map {
            WithExtraFields($0, extra: [("prtt_rate", "0.00"), ("mod_yn", "N"), ("revl_issu_reas", "")])
        }
        return .json(KISChartPriceResponse.Wire(summary: summary, rows: Array(page)))
    }

    private func searchInfo(_ query: Query) -> Response {
        guard let code = query[KISEndpoint.Parameter.productNumber], let stock = market.stock(code),
            stock.market.isKorean
        else {
            return .json(KISStatus.noData)
        }
        let output = KISSearchInfoOutput(
            shtnPdno: code, stdPdno: "KR7\(code)00\(code.last.map(String.init) ?? "0")", prdtAbrvName: stock.koreanName,
            prdtName120: stock.koreanName, prdtEngAbrvName: stock.englishName, prdtEngName120: stock.englishName)
        return .json(KISSearchInfoResponse(output: output))
    }

    /// The US stock a query names by exchange code and ticker; `nil` when the ticker is not listed
    /// on that exchange (KIS then answers `rt_cd` 0 with empty fields).
    private func overseasStock(_ query: Query) -> (Stock, KISOverseas.ExchangeCode)? {
        guard let code = query[KISOverseas.Parameter.exchange].flatMap(KISOverseas.ExchangeCode.init(rawValue:)),
            let symbol = query[KISOverseas.Parameter.symbol]?.uppercased(), let stock = market.stock(symbol),
            KISOverseas.ExchangeCode(stock.market) == code
        else { return nil }
        return (stock, code)
    }

    private func overseasPrice(_ query: Query) -> Response {
        guard let (stock, exchange) = overseasStock(query),
            let output = market.read(stock.code, now: now(), { $0.kisOverseasPrice(exchange: exchange) })
        else {
            let empty = WireDecimal(text: "")
            return .json(
                KISOverseasPriceResponse(
                    output: KISOverseasPriceOutput(
                        rsym: "", zdiv: "0", base: empty, pvol: empty, last: empty, sign: "", diff: empty, rate: empty,
                        tvol: empty, tamt: empty, ordy: "")))
        }
        return .json(KISOverseasPriceResponse(output: output))
    }

    /// The 100 daily rows up to `BYMD` (today when empty), newest first.
    private func overseasDailyPrice(_ query: Query) -> Response {
        guard let (stock, exchange) = overseasStock(query), let bars = market.bars(stock.code, now: now()) else {
            return .json(
                KISOverseasDailyResponse(summary: KISOverseasDailySummary(rsym: "", zdiv: "0", nrec: "0"), rows: []))
        }
        let through = query[KISOverseas.Parameter.baseDate].flatMap { $0.isEmpty ? nil : $0 } ?? "99991231"
        let rows = SimulatedStock.kisOverseasRows(bars).filter { $0.xymd <= through }.reversed()
            .prefix(KISOverseas.maxDailyRows)
        return .json(
            KISOverseasDailyResponse(
                summary: KISOverseasDailySummary(
                    rsym: "D\(exchange.rawValue)\(stock.code)", zdiv: "4", nrec: String(rows.count)),
                rows: Array(rows)))
    }

    /// Query parameters by name in upper or lower case, as working clients send both.
    struct Query {
        let parameters: FormQuery

        init(_ parameters: FormQuery) {
            self.parameters = parameters
        }

        subscript(name: String) -> String? {
            parameters.get(name) ?? parameters.get(name.lowercased())
        }
    }
}

extension KISPriceResponse {
    /// What the simulator sends: the output with every listed field.
    struct Wire: Encodable, Sendable {
        let output: WithExtraFields<KISPriceOutput>

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(output, forKey: AnyCodingKey("output"))
            try KISStatus.ok.encode(to: encoder)
        }
    }
}

extension KISChartPriceResponse {
    /// What the simulator sends: the summary with every listed field, and the rows.
    struct Wire: Encodable, Sendable {
        let summary: WithExtraFields<KISChartSummary>
        let rows: [WithExtraFields<KISDailyRow>]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(summary, forKey: AnyCodingKey("output1"))
            try container.encode(rows, forKey: AnyCodingKey("output2"))
            try KISStatus.ok.encode(to: encoder)
        }
    }
}

/// The reply of `search-info`.
struct KISSearchInfoResponse: Encodable, Sendable {
    let output: KISSearchInfoOutput

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(output, forKey: AnyCodingKey("output"))
        try KISStatus.ok.encode(to: encoder)
    }
}
