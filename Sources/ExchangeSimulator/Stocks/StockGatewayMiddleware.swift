import ExchangeWire
import Foundation
import Hummingbird
import MarketDomain
import NIOCore

/// What sits in front of the simulated KIS and Yahoo: a doubled slash in the path served as one
/// (a KIS client sends `//uapi/…`), Yahoo's plain-text 429 past its limit, and each dialect's
/// JSON answer for an unknown path (exchange-apis.md §5.5, §6.1, §7.9).
struct StockGatewayMiddleware<Context: RequestContext>: RouterMiddleware {
    let source: StockSource
    var gate: RateLimitGate?
    /// Counts every request that reaches the gateway.
    var count: @Sendable () -> Void = {}

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        count()
        var request = request
        if let path = request.head.path, path.contains("//") {
            var collapsed = path
            while collapsed.contains("//") { collapsed = collapsed.replacingOccurrences(of: "//", with: "/") }
            var head = request.head
            head.path = collapsed
            request = Request(head: head, body: request.body)
        }
        if let gate, !gate.admit(group: "all").admitted {
            return Response(
                status: .tooManyRequests, headers: [.contentType: "text/plain"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "Edge: Too Many Requests")))
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            switch source {
            case .kis:
                return .json(KISStatus(rtCd: "1", msgCd: "EGW00203", msg1: "요청하신 URL이 없습니다."), status: .notFound)
            case .yahoo:
                return .json(
                    [
                        "finance": YahooChartResponse.Chart(
                            result: nil, error: YahooError(code: "Not Found", description: "HTTP 404 Not Found"))
                    ],
                    status: .notFound)
            }
        }
    }
}
