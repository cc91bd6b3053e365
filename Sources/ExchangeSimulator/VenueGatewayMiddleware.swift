import ExchangeWire
import HTTPTypes
import Hummingbird
import MarketDomain
import NIOCore

/// What sits in front of the simulated Bithumb, Korbit and Binance REST APIs: each exchange's
/// rate limit with its headers, its refusal, and its JSON answer for an unknown path
/// (exchange-apis.md §2.3, §3.5, §4.1; §7.9: never plain text).
struct VenueGatewayMiddleware<Context: RequestContext>: RouterMiddleware {
    let exchange: Exchange
    let gate: RateLimitGate
    let limit: Int?
    /// Binance's weight window, which names its used-weight header.
    let windowSeconds: Int

    init(exchange: Exchange, limit: Int?, gate: RateLimitGate, windowSeconds: Int = 1) {
        self.exchange = exchange
        self.limit = limit
        self.gate = gate
        self.windowSeconds = windowSeconds
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let decision = gate.admit(group: group(of: request.uri.path), cost: weight(of: request))
        var response: Response
        if decision.admitted {
            do {
                response = try await next(request, context)
            } catch let error as HTTPError where error.status == .notFound {
                response = notFound()
            }
        } else {
            response = refusal()
        }
        // Korbit names its limit on quotation calls only: not on `/v2/time`, nor on a 404 (§3.5).
        let quoting = exchange != .korbit || (response.status != .notFound && request.uri.path != KorbitEndpoint.time)
        if quoting { addHeaders(to: &response, remaining: decision.remaining) }
        return response
    }

    /// Bithumb limits each category (ticker, candles, …) separately; Korbit and Binance count every call.
    private func group(of path: String) -> String {
        guard exchange == .bithumb else { return "all" }
        if path.hasPrefix("/v1/ticker") || path.hasPrefix("/public/ticker") { return "ticker" }
        if path.hasPrefix("/v1/candles") || path.hasPrefix("/public/candlestick") { return "candles" }
        return "default"
    }

    /// Binance weighs each request (§4.1); the others count one a request.
    private func weight(of request: Request) -> Int {
        guard exchange == .binance else { return 1 }
        let query = FormQuery(request.uri)
        return BinanceEndpoint.requestWeight(
            path: request.uri.path,
            symbols: BinanceEndpoint.symbolCount(
                symbol: query.get(BinanceEndpoint.Parameter.symbol),
                symbols: query.get(BinanceEndpoint.Parameter.symbols)))
    }

    private func notFound() -> Response {
        switch exchange {
        case .bithumb: .json(BithumbRouteError.noRoute, status: .notFound)
        case .korbit: .json(KorbitFailure(error: .notFound), status: .notFound)
        default: .json(BinanceErrorBody.notFound, status: .notFound)
        }
    }

    private func refusal() -> Response {
        Self.refusal(exchange)
    }

    /// An exchange's answer over its rate limit.
    static func refusal(_ exchange: Exchange) -> Response {
        var response: Response
        switch exchange {
        case .upbit:
            response = Response(
                status: .tooManyRequests, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "Too many API requests.")))
        case .bithumb:
            response = .json(
                UpbitErrorBody(name: .text("too_many_requests"), message: "Too many requests"), status: .tooManyRequests
            )
        case .korbit:
            response = .json(KorbitFailure(error: .tooManyRequests), status: .tooManyRequests)
        default:
            response = .json(BinanceErrorBody.tooManyRequests, status: .tooManyRequests)
        }
        response.headers[.retryAfter] = "1"
        return response
    }

    private func addHeaders(to response: inout Response, remaining: Int) {
        guard let limit else { return }
        let left = max(0, remaining == Int.max ? limit : remaining)
        switch exchange {
        case .bithumb:
            set(BithumbEndpoint.RateLimitHeader.remaining, String(left), on: &response)
            set(BithumbEndpoint.RateLimitHeader.requestedTokens, "1", on: &response)
            set(BithumbEndpoint.RateLimitHeader.burstCapacity, String(limit), on: &response)
            set(BithumbEndpoint.RateLimitHeader.replenishRate, String(limit), on: &response)
        case .korbit:
            set("Ratelimit", "limit=\(limit), remaining=\(left), reset=1", on: &response)
            set("Ratelimit-Policy", "\(limit);w=1", on: &response)
        default:
            set(BinanceEndpoint.usedWeightHeader(windowSeconds: windowSeconds), String(limit - left), on: &response)
        }
    }

    private func set(_ name: String, _ value: String, on response: inout Response) {
        if let field = HTTPField.Name(name) { response.headers[field] = value }
    }
}
