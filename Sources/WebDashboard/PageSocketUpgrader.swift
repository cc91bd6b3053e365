import NIOCore
import NIOHTTP1
import WebSocketFrames

/// The server's side of a page's WebSocket opening handshake (RFC 6455 §4.2), for NIO's typed
/// HTTP server upgrade: a version-13 request with a client's key, on a path with a route and
/// from the server's own page, is answered 101 with the accept its key calls for (and no
/// extension); the route then puts its handlers on the connection, which read and write the
/// frames themselves.
struct PageSocketUpgrader: NIOTypedHTTPServerProtocolUpgrader {
    /// Why a request is not upgraded (it is then answered 400).
    struct Refusal: Error {}

    let supportedProtocol = "websocket"
    let requiredUpgradeHeaders: [String] = []
    /// The route of a request that may upgrade, `nil` to refuse it; asked first for every request.
    let route: @Sendable (HTTPRequestHead) -> DashboardChildChannel.Route?

    func buildUpgradeResponse(
        channel: any Channel, upgradeRequest: HTTPRequestHead, initialResponseHeaders: HTTPHeaders
    ) -> EventLoopFuture<HTTPHeaders> {
        let keys = upgradeRequest.headers["Sec-WebSocket-Key"]
        guard route(upgradeRequest) != nil, keys.count == 1, let key = keys.first, WebSocketHandshake.isKey(key),
            upgradeRequest.headers["Sec-WebSocket-Version"] == ["13"]
        else { return channel.eventLoop.makeFailedFuture(Refusal()) }
        var headers = initialResponseHeaders
        headers.replaceOrAdd(name: "Upgrade", value: "websocket")
        headers.replaceOrAdd(name: "Connection", value: "upgrade")
        headers.add(name: "Sec-WebSocket-Accept", value: WebSocketHandshake.accept(for: key))
        return channel.eventLoop.makeSucceededFuture(headers)
    }

    func upgrade(
        channel: any Channel, upgradeRequest: HTTPRequestHead
    ) -> EventLoopFuture<DashboardChildChannel.Opening> {
        channel.eventLoop.makeCompletedFuture {
            guard let route = route(upgradeRequest) else { throw Refusal() }
            // The request is answered: the guard of its head has nothing more to do.
            let sync = channel.pipeline.syncOperations
            if let guardContext = try? sync.context(handlerType: RequestHeadGuard.self) {
                sync.removeHandler(context: guardContext, promise: nil)
            }
            try route(channel)
            return .webSocket
        }
    }
}
