public import Hummingbird
import HummingbirdWebSocket
public import Logging
import NIOCore

/// `sise serve`'s web server (Hummingbird 2): the page and its assets at `/`, and one WebSocket
/// per browser tab at `/ws`, each tab a ``DashboardViewer`` over the shared boards: tabs that only
/// watch share one view model per row count (``SharedBoardView``), a tab that acts has its own.
///
/// Safe by default: it listens where it is told (loopback unless the caller says otherwise), the
/// WebSocket refuses a page of another origin, every response carries a strict
/// Content-Security-Policy, and requests are size-limited and checked.
public struct DashboardServer: Sendable {
    let context: DashboardContext
    let host: String
    let port: Int
    let logger: Logger
    private let assets: DashboardAssets

    /// Scripts, styles and connections from this origin only; no inline code, no frames, no plugins.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
        + "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// A server for `context` at `host:port` (port 0: any free port).
    public init(context: DashboardContext, host: String, port: Int, logger: Logger) throws {
        self.context = context
        self.host = host
        self.port = port
        self.logger = logger
        assets = try DashboardAssets.load()
    }

    /// The page and its assets (the WebSocket is routed apart, see ``run(onListening:)``).
    public func buildRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        for (path, asset) in assets.byPath {
            router.get(RouterPath(path)) { _, _ in Self.response(asset) }
            router.head(RouterPath(path)) { _, _ in Self.response(asset, withBody: false) }
        }
        return router
    }

    /// Serves until the task is cancelled (or the process is told to stop); `onListening` gets
    /// the port once it listens.
    public func run(onListening: @escaping @Sendable (Int) -> Void) async throws {
        let context = context
        let logger = logger
        let shared = await SharedBoardViews { DashboardViewer.makeRoot(context: context, logger: logger) }
        defer { Task { @MainActor in shared.stop() } }
        let viewer = DashboardViewer(context: context, shared: shared, logger: logger)
        let webSockets = Router(context: BasicWebSocketRequestContext.self)
        webSockets.ws(
            "/ws",
            shouldUpgrade: { request, _ in
                Self.isSameOrigin(request) ? .upgrade([:]) : .dontUpgrade
            },
            onUpgrade: { inbound, outbound, _ in
                try await viewer.run(inbound: inbound, outbound: outbound)
            })
        // The example apps' pages, each on a view model of its own (SPEC §1.14).
        if let examples = context.examples {
            webSockets.ws(
                "/ws/repo-search",
                shouldUpgrade: { request, _ in Self.isSameOrigin(request) ? .upgrade([:]) : .dontUpgrade },
                onUpgrade: { inbound, outbound, _ in
                    try await ExamplePageSession.repoSearch(examples.repositories, inbound: inbound, outbound: outbound)
                })
            webSockets.ws(
                "/ws/numbers",
                shouldUpgrade: { request, _ in Self.isSameOrigin(request) ? .upgrade([:]) : .dontUpgrade },
                onUpgrade: { inbound, outbound, _ in
                    try await ExamplePageSession.numbers(examples.numbers, inbound: inbound, outbound: outbound)
                })
        }
        let app = Application(
            router: buildRouter(),
            server: .http1WebSocketUpgrade(
                webSocketRouter: webSockets,
                configuration: .init(ws: .init(maxFrameSize: 1 << 20, autoPing: .enabled(timePeriod: .seconds(30))))),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        try await app.runService()
    }

    /// A browser always sends `Origin` with a WebSocket request: a page's (`http`, `https`) must
    /// be this server's own, and `null` (a sandboxed or local file's) is refused. A WebSocket
    /// library names the socket (`ws://…`) or nothing: it is no page, and could send any origin
    /// anyway. Every `Origin` sent must pass.
    static func isSameOrigin(_ request: Request) -> Bool {
        request.headers[values: .origin].allSatisfy { origin in
            guard let schemeEnd = origin.range(of: "://") else { return false }
            let scheme = origin[..<schemeEnd.lowerBound].lowercased()
            guard scheme == "http" || scheme == "https" else { return scheme == "ws" || scheme == "wss" }
            guard let authority = request.head.authority else { return false }
            return origin[schemeEnd.upperBound...].lowercased() == authority.lowercased()
        }
    }

    private static func response(_ asset: DashboardAssets.Asset, withBody: Bool = true) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = asset.contentType
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.cacheControl] = "no-cache"
        guard withBody else {
            headers[.contentLength] = String(asset.bytes.count)
            return Response(status: .ok, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
    }
}
