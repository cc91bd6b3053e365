import ExchangeWire
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// What sits in front of the simulated Upbit REST API, as Upbit's gateway does: the per-group rate
/// limit with its `Remaining-Req` header, 429 when over it, and the JSON 404 for unknown paths.
struct UpbitGatewayMiddleware<Context: RequestContext>: RouterMiddleware {
    let gate: RateLimitGate

    init(gate: RateLimitGate) {
        self.gate = gate
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let group = Self.group(of: request.uri.path)
        let decision = gate.admit(group: group)
        let remaining =
            "group=\(group); min=\(decision.remaining == Int.max ? 1800 : decision.remaining * 60); sec=\(decision.remaining == Int.max ? 29 : decision.remaining)"
        var response: Response
        if decision.admitted {
            do {
                response = try await next(request, context)
            } catch let error as HTTPError where error.status == .notFound {
                response = .json(UpbitErrorBody.noRoute, status: .notFound)
            }
        } else {
            // Upbit answers 429 in plain text (pyupbit's errors.py; exchange-apis.md §1.5).
            response = Response(
                status: .tooManyRequests, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "Too many API requests.")))
        }
        if let name = HTTPField.Name(UpbitEndpoint.remainingRequestHeader) {
            response.headers[name] = remaining
        }
        return response
    }

    private static func group(of path: String) -> String {
        if path.hasPrefix("/v1/market") { return "market" }
        if path.hasPrefix("/v1/ticker") { return "ticker" }
        if path.hasPrefix("/v1/candles") { return "candles" }
        return "default"
    }
}

/// The rate limiter shared by every request. Behind a lock because requests are handled
/// concurrently on the server's event loops.
final class RateLimitGate: Sendable {
    private let limiter: Mutex<RequestRateLimiter>
    private let now: @Sendable () -> Int64
    private let refused = Mutex(0)

    init(limit: Int?, windowMilliseconds: Int64 = 1000, now: @escaping @Sendable () -> Int64) {
        limiter = Mutex(RequestRateLimiter(limit: limit, windowMilliseconds: windowMilliseconds))
        self.now = now
    }

    /// Admits (or refuses) one request of `group` weighing `cost`.
    func admit(group: String, cost: Int = 1) -> RequestRateLimiter.Decision {
        let time = now()
        let decision = limiter.withLock { $0.admit(group: group, now: time, cost: cost) }
        if !decision.admitted { refused.withLock { $0 += 1 } }
        return decision
    }

    /// How many requests were refused so far.
    var refusals: Int { refused.withLock { $0 } }
}
