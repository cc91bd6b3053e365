import ExchangeWire
import Foundation
import Hummingbird
import MarketDomain
import NIOCore
import SiseSupport

/// The simulated Upbit quotation REST API: markets, tickers, daily candles and order books, with Upbit's
/// error bodies (exchange-apis.md §1.1–§1.4).
struct UpbitRESTController<Context: RequestContext> {
    let venue: SimulatedVenue
    let now: @Sendable () -> Int64

    func register(on router: Router<Context>) {
        router.get(RouterPath(UpbitEndpoint.marketAll)) { request, _ in marketAll(request) }
        router.get(RouterPath(UpbitEndpoint.ticker)) { request, _ in tickers(request) }
        router.get(RouterPath(UpbitEndpoint.tickerAll)) { request, _ in tickerAll(request) }
        router.get(RouterPath(UpbitEndpoint.candlesDays)) { request, _ in candles(request) }
        router.get(RouterPath(UpbitEndpoint.candlesSeconds)) { request, _ in candles(request, .second) }
        router.get(RouterPath(UpbitEndpoint.candlesWeeks)) { request, _ in candles(request, .week) }
        router.get(RouterPath(UpbitEndpoint.candlesMonths)) { request, _ in candles(request, .month) }
        router.get(RouterPath(UpbitEndpoint.candlesMinutes)) { request, context in
            candles(request, UpbitIntervalCandleRows.minutes(context.parameters.get("unit")))
        }
        router.get(RouterPath(UpbitEndpoint.tradesTicks)) { request, _ in
            UpbitTradeRows.answer(FormQuery(request.uri), venue: venue, now: now(), unknownStatus: .notFound)
        }
        router.get(RouterPath(UpbitEndpoint.orderbook)) { request, _ in
            UpbitOrderbookRows.answer(
                FormQuery(request.uri), venue: venue, now: now(), unknownStatus: .notFound, groups: true)
        }
        router.get(RouterPath(UpbitEndpoint.orderbookSupportedLevels)) { request, _ in
            UpbitOrderbookRows.supportedLevels(FormQuery(request.uri), venue: venue, now: now())
        }
        router.get(RouterPath(UpbitWalletStatusDTO.path)) { request, _ in walletStatus(request) }
    }

    /// Every KRW coin's wallet, for a request signed with the simulator's keys (§9.2); Upbit's
    /// 401 bodies otherwise.
    private func walletStatus(_ request: Request) -> Response {
        guard let authorization = request.headers[.authorization], authorization.hasPrefix("Bearer ") else {
            return .json(
                UpbitErrorBody(name: .text("no_authorization_token"), message: "Authorization token does not exist."),
                status: .unauthorized)
        }
        let keys = UpbitKeys.simulated
        guard UpbitJWT.accessKey(of: String(authorization.dropFirst(7)), secretKey: keys.secretKey) == keys.accessKey
        else {
            return .json(
                UpbitErrorBody(name: .text("jwt_verification"), message: "Failed to verify Jwt token."),
                status: .unauthorized)
        }
        let time = now()
        let rows = venue.markets(at: time).filter { $0.id.quote == "KRW" }.map { market in
            let status = venue.notices.wallet(of: market.symbol, on: .upbit, at: time)
            return UpbitWalletStatusDTO(
                currency: market.symbol,
                walletState: UpbitWalletStatusDTO.state(deposit: status.deposit, withdrawal: status.withdrawal),
                blockState: "normal", blockHeight: time / 12_000,
                blockUpdatedAt: UpbitTime.isoLocal(unixMilliseconds: time) + "+00:00",
                blockElapsedMinutes: 0, netType: market.symbol, networkName: market.englishName)
        }
        return .json(rows)
    }

    private func marketAll(_ request: Request) -> Response {
        let details = FormQuery(request.uri).get(UpbitEndpoint.Parameter.isDetails) == "true"
        let now = now()
        let rows = venue.markets(at: now).map { market in
            let flags = venue.notices.flags(of: market.id, on: .upbit, at: now)
            return UpbitMarketDTO(
                market: market.id.rawValue, koreanName: market.koreanName, englishName: market.englishName,
                marketEvent: details ? .init(warning: flags.warning, caution: flags.cautions) : nil)
        }
        return .json(rows: rows, bytesPerRow: 320) { $0.writeJSON(into: &$1) }
    }

    private func tickers(_ request: Request) -> Response {
        // A comma-joined list, repeated names (`markets=A&markets=B`, as Python's `requests`
        // sends a list), or both.
        let codes = FormQuery(request.uri).list(UpbitEndpoint.Parameter.markets)
        guard !codes.isEmpty else {
            return .json(UpbitErrorBody.missingParameter, status: .badRequest)
        }
        var ids: [MarketID] = []
        for code in codes {
            // One unknown code fails the whole call, as on Upbit.
            guard let id = MarketID(code), venue.lists(id) else {
                return .json(UpbitErrorBody.codeNotFound, status: .notFound)
            }
            ids.append(id)
        }
        return .json(rows: venue.figures(ids, now: now()).map { $0.upbitTicker() }, bytesPerRow: 720) {
            $0.writeJSON(into: &$1)
        }
    }

    private func tickerAll(_ request: Request) -> Response {
        let list = FormQuery(request.uri).list(UpbitEndpoint.Parameter.quoteCurrencies)
        guard !list.isEmpty else {
            return .json(UpbitErrorBody.missingParameter, status: .badRequest)
        }
        let quotes = Set(list.map { $0.uppercased() })
        guard quotes.isSubset(of: ["KRW", "BTC", "USDT"]) else {
            return .json(UpbitErrorBody.invalidParameter, status: .badRequest)
        }
        let now = now()
        let listed = Set(venue.markets(at: now).map(\.id.rawValue))
        let rows = venue.allFigures(now: now).map { $0.upbitTicker() }.filter {
            quotes.contains(String($0.market.prefix { $0 != "-" })) && listed.contains($0.market)
        }
        return .json(rows: rows, bytesPerRow: 720) { $0.writeJSON(into: &$1) }
    }

    private func candles(_ request: Request) -> Response {
        UpbitCandleRows.answer(
            FormQuery(request.uri), venue: venue, now: now(), readTo: UpbitTime.parseTo, unknownStatus: .notFound)
    }

    private func candles(_ request: Request, _ interval: CandleInterval?) -> Response {
        UpbitIntervalCandleRows.answer(
            FormQuery(request.uri), interval: interval, venue: venue, now: now(), readTo: UpbitTime.parseTo,
            unknownStatus: .notFound)
    }

}

extension Response {
    /// A JSON array of `rows`, each written by `write` without `JSONEncoder` (the big lists:
    /// every market, every ticker).
    static func json<Row>(
        rows: [Row], bytesPerRow: Int, _ write: (Row, inout JSONTextWriter) -> Void
    ) -> Response {
        var writer = JSONTextWriter(capacity: rows.count * bytesPerRow + 2)
        writer.beginArray()
        for row in rows { write(row, &writer) }
        writer.endArray()
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: writer.bytes)))
    }

    /// A JSON response; an unencodable value becomes a 500 with Upbit's error body.
    static func json(
        _ value: some Encodable, status: HTTPResponse.Status = .ok, headers extra: HTTPFields = [:]
    ) -> Response {
        let data: Data
        do {
            data = try JSONEncoder().encode(value)
        } catch {
            let body = #"{"error":{"name":500,"message":"Internal server error"}}"#
            return Response(
                status: .internalServerError, headers: [.contentType: "application/json; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
