import ExchangeWire
import Foundation
public import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
public import Logging
public import MarketDomain
import NIOCore
import ServiceLifecycle
import Synchronization

/// The stock sources' dialects (KIS, Yahoo): their routers and servers, the KIS tokens issued
/// and refused, and the requests each received.
extension ExchangeSimulator {
    /// The routes of a stock source's dialect, behind its gateway and any faults.
    public func buildRouter(for source: StockSource) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        if configuration.faults.isActive {
            router.add(
                middleware: FaultMiddleware(faults: configuration.faults) {
                    source == .kis
                        ? .json(KISStatus.rateLimited, status: .internalServerError)
                        : Response(
                            status: .tooManyRequests, headers: [.contentType: "text/plain"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: "Edge: Too Many Requests")))
                })
        }
        switch source {
        case .kis:
            router.add(middleware: StockGatewayMiddleware(source: .kis, count: { self.countRequest(.kis) }))
            let gate = RateLimitGate(limit: configuration.kisRequestsPerSecond, now: now)
            KISRESTController(market: stocks, tokens: kisTokens, gate: gate, now: now).register(on: router)
        case .yahoo:
            router.add(
                middleware: StockGatewayMiddleware(
                    source: .yahoo,
                    gate: RateLimitGate(
                        limit: configuration.yahooRequestsPerMinute, windowMilliseconds: 60_000, now: now),
                    count: { self.countRequest(.yahoo) }))
            YahooRESTController(
                market: stocks, now: now, usdKRW: { self.market.usdKRW() },
                pastUSDKRW: { self.market.pastUSDKRW(today: $0) }
            ).register(on: router)
        }
        return router
    }

    /// The server of a stock source's dialect, at the root of its own port.
    func buildApplication(
        for source: StockSource, onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        let router = buildRouter(for: source)
        return Application(
            router: router,
            server: .upgradeScreened { HTTP1Channel(responder: $0) },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port(for: source))),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger
        )
    }

    /// Makes every KIS token issued so far expire (a test's way to skip a day).
    public func expireKISTokens() {
        kisTokens.expireAll()
    }

    /// How many KIS tokens were issued (repeats of a live token not counted).
    public var kisTokensIssued: Int { kisTokens.issued.withLock { $0 } }

    func countRequest(_ source: StockSource) {
        stockRequestCounts.withLock { $0[source, default: 0] += 1 }
    }

    /// How many requests the stock source's dialect received.
    public func stockRequests(for source: StockSource) -> Int {
        stockRequestCounts.withLock { $0[source] ?? 0 }
    }

    /// How many KIS requests were refused for the per-second limit (`EGW00201`).
    public var kisRateLimitRefusals: Int { kisTokens.refusals.withLock { $0 } }
}
