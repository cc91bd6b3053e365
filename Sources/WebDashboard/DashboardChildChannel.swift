import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// One connection of `sise serve`: HTTP/1 for the page and its assets (Hummingbird's responder),
/// or a WebSocket on one of ``routes`` once its own page asks for the upgrade. A WebSocket's
/// connection is handed to its route on its event loop and runs there with no task of its own
/// (a tab that only watches costs its socket and its handlers, not a task and its stack).
struct DashboardChildChannel: ServerChildChannel, HTTPChannelHandler {
    /// What the connection became once its first request was read.
    enum Opening: Sendable {
        /// A WebSocket, run by its route's handlers.
        case webSocket
        /// HTTP, served by the responder.
        case http(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
        /// A WebSocket asked for and refused: answered 400 and closed.
        case refusedUpgrade(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
    }

    /// A connection's opening, resolved once its first request is read.
    struct Value: ServerChildChannelValue {
        let opening: EventLoopFuture<Opening>
        let channel: any Channel
    }

    /// Puts a WebSocket route's handlers on its upgraded connection; called on its event loop.
    typealias Route = @Sendable (any Channel) throws -> Void

    /// The WebSocket routes by path.
    let routes: [String: Route]
    /// Who may upgrade: the request's `Host` and every `Origin` it sends.
    let isOwnPage: @Sendable (_ host: String?, _ origins: [String]) -> Bool
    let idleTimeout: Duration
    let responder: HTTPChannelHandler.Responder

    init(
        routes: [String: Route], isOwnPage: @escaping @Sendable (String?, [String]) -> Bool, idleTimeout: Duration,
        responder: @escaping HTTPChannelHandler.Responder
    ) {
        self.routes = routes
        self.isOwnPage = isOwnPage
        self.idleTimeout = idleTimeout
        self.responder = Self.refusingLateUpgrades(responder)
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let upgradeAsked = NIOLoopBoundBox(false, eventLoop: channel.eventLoop)
            let upgrader = PageSocketUpgrader { [routes, isOwnPage] head in
                upgradeAsked.value = true
                guard let route = routes[String(head.uri.prefix { $0 != "?" })],
                    isOwnPage(head.headers.first(name: "Host"), head.headers["Origin"])
                else { return nil }
                return route
            }
            let serverUpgrade = NIOTypedHTTPServerUpgradeConfiguration(
                upgraders: [upgrader],
                notUpgradingCompletionHandler: { [idleTimeout] channel in
                    channel.eventLoop.makeCompletedFuture {
                        let sync = channel.pipeline.syncOperations
                        try sync.addHandler(HTTP1ToHTTPServerCodec(secure: false))
                        try sync.addHandler(HTTPConnectionStateHandler(idleTimeout: idleTimeout, logger: logger))
                        let http = try NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>(
                            wrappingChannelSynchronously: channel,
                            configuration: .init(isOutboundHalfClosureEnabled: true))
                        return upgradeAsked.value ? .refusedUpgrade(http) : .http(http)
                    }
                })
            var configuration = NIOUpgradableHTTPServerPipelineConfiguration<Opening>(
                upgradeConfiguration: serverUpgrade)
            configuration.enablePipelining = false
            configuration.enableErrorHandling = false
            configuration.enableResponseHeaderValidation = false
            let opening = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(
                configuration: configuration)
            return Value(opening: opening, channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        do {
            switch try await value.opening.get() {
            case .webSocket:
                // Runs on its event loop from here on.
                return
            case .http(let http):
                await handleHTTP(asyncChannel: http, logger: logger)
            case .refusedUpgrade(let http):
                try await http.executeThenClose { _, outbound in
                    let refusal = HTTPResponse(
                        status: .badRequest, headerFields: [.connection: "close", .contentLength: "0"])
                    try await outbound.write(contentsOf: [.head(refusal), .end(nil)])
                }
            }
        } catch {
            logger.debug("a connection ended before it was served: \(error)")
        }
    }

    /// `responder`, but a WebSocket upgrade asked for after the first request of a connection
    /// (which NIO upgrades only on the first) is sent to the same address on a new connection.
    private static func refusingLateUpgrades(
        _ responder: @escaping HTTPChannelHandler.Responder
    ) -> HTTPChannelHandler.Responder {
        struct ClosingAfterRedirect: Error {}
        return { request, writer, channel in
            guard request.headers[.upgrade]?.lowercased() == "websocket" else {
                return try await responder(request, writer, channel)
            }
            let target = request.uri.query.map { "\(request.uri.path)?\($0)" } ?? request.uri.path
            try await writer.writeResponse(
                HTTPResponse(status: .temporaryRedirect, headerFields: [.connection: "close", .location: target]))
            throw ClosingAfterRedirect()
        }
    }
}
