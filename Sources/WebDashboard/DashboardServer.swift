import Foundation
public import Hummingbird
import HummingbirdCore
public import Logging
import MarketFeatures
import NIOCore

/// `sise serve`'s web server (Hummingbird 2): the page and its assets at `/`, and one WebSocket
/// per browser tab at `/ws` (``DashboardChildChannel``), each tab a ``DashboardViewer`` over the
/// shared boards: tabs that only watch share one view model per row count
/// (``SharedBoardView``), a tab that acts has its own.
///
/// Safe by default: it listens where it is told (loopback unless the caller says otherwise),
/// answers only to the names of that address (``DashboardHosts``: no DNS rebinding), the
/// WebSocket refuses a page of another origin, connections are capped and timed
/// (``ServerLimits``), every response carries a strict Content-Security-Policy, and requests are
/// size-limited and checked.
public struct DashboardServer: Sendable {
    let context: DashboardContext
    let host: String
    let port: Int
    let logger: Logger
    let hosts: DashboardHosts
    let limits: ServerLimits
    private let assets: DashboardAssets

    /// Scripts, styles and connections from this origin only; no inline code, no frames, no plugins.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
        + "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// A server for `context` at `host:port` (port 0: any free port), within `limits`.
    public init(
        context: DashboardContext, host: String, port: Int,
        limits: ServerLimits = .forDescriptorLimit(1024), logger: Logger
    ) throws {
        self.context = context
        self.host = host
        self.port = port
        self.logger = logger
        self.limits = limits
        hosts = DashboardHosts(boundHost: host)
        assets = try DashboardAssets.load()
    }

    /// The page and its assets (the WebSocket is routed apart, see ``run(onListening:)``), each
    /// only to a `Host` naming this server.
    public func buildRouter() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: HostCheckMiddleware(hosts: hosts))
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
        let shared = await SharedBoardViews(beat: context.root.beat) {
            DashboardViewer.makeRoot(context: context, logger: logger)
        }
        defer { Task { @MainActor in shared.stop() } }
        let tabs = OpenTabs()
        defer { tabs.closeAll() }
        let viewer = DashboardViewer(context: context, shared: shared, logger: logger, tabs: tabs)
        var routes: [String: DashboardChildChannel.Route] = ["/ws": { try viewer.open($0) }]
        // The example apps' pages, each on a view model of its own (SPEC §1.14).
        if let examples = context.examples {
            routes["/ws/repo-search"] = { channel in
                try ExamplePageSession.open(channel, tabs: tabs) { messages, reply in
                    await ExamplePageSession.repoSearch(examples.repositories, messages: messages, reply: reply)
                }
            }
            routes["/ws/numbers"] = { channel in
                try ExamplePageSession.open(channel, tabs: tabs) { messages, reply in
                    await ExamplePageSession.numbers(examples.numbers, messages: messages, reply: reply)
                }
            }
        }
        let hosts = hosts
        let limits = limits
        let connections = OpenConnections(limit: limits.maximumConnections)
        let server = HTTPServerBuilder { [routes] responder in
            GuardedServerChannel(
                base: DashboardChildChannel(
                    routes: routes,
                    isOwnPage: { host, origins in Self.isOwnPage(host: host, origins: origins, hosts: hosts) },
                    idleTimeout: limits.idleTimeout, responder: responder),
                limits: limits, connections: connections)
        }
        let app = Application(
            router: buildRouter(),
            server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
        do {
            try await app.runService()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw DashboardServerError.addressInUse(host: host, port: port)
        }
    }

    /// Whether a WebSocket request comes from this server's own page: its `Host` names this
    /// server, and every `Origin` sent is one of this server's (``DashboardHosts``). A browser
    /// always sends `Origin` with a WebSocket request.
    static func isOwnPage(host: String?, origins: [String], hosts: DashboardHosts) -> Bool {
        hosts.accepts(host: host) && origins.allSatisfy { hosts.acceptsOrigin($0, requestHost: host) }
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

/// Refuses a request whose `Host` does not name this server (421, with a line saying why): the
/// page of a rebound name gets nothing.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: DashboardHosts

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard hosts.accepts(host: request.head.authority) else {
            return Response(
                status: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "This server answers to its own address only.\n")))
        }
        return try await next(request, context)
    }
}

/// Why the dashboard could not serve.
public enum DashboardServerError: Error, CustomStringConvertible {
    /// Another program listens on the address and port already.
    case addressInUse(host: String, port: Int)

    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            "port \(port) on \(host) is already in use (another sise serve?); choose another with --port"
        }
    }
}
