public import Logging
import MarketDomain
import NIOCore
import NIOHTTP1
import NIOPosix
public import NIOSSL
import Synchronization

extension FeedConnector {
    /// Connects a WebSocket of the feed's own (``FeedSocketHandler``): TCP, TLS for `wss://`
    /// (`tlsConfiguration`, the system's trust roots by default), the opening handshake, then
    /// frames read on the connection's event loop and handed to the session's reader in the
    /// same loop turn. Pings go out every `pingInterval`; messages up to 4 MiB are accepted.
    /// With `readPacing`, the socket is read at most once every so often, what came meanwhile
    /// in one go: a screen drawn ten times a second has no use for a wake-up per message.
    ///
    /// Each connection runs on an event loop of its own, shut down when the connection ends;
    /// cancelling an attempt that is still opening shuts the loop down, which is what closes
    /// that socket: an abandoned attempt (an upgrade the server never answers) leaves no socket
    /// behind. Once the session runs, it ends with a close handshake.
    ///
    /// Once open, the session's task prefers that loop as its executor (``EventLoopTaskExecutor``),
    /// so what it awaits resumes on the thread that read the bytes instead of waking another.
    public static func webSocket(
        url: String, pingInterval: Duration = .seconds(30), readPacing: Duration? = nil,
        tlsConfiguration: TLSConfiguration = .makeClientConfiguration(), logger: Logger
    ) -> FeedConnector {
        FeedConnector { session in
            let endpoint = try FeedSocketEndpoint(url)
            let sslContext = endpoint.usesTLS ? try NIOSSLContext(configuration: tlsConfiguration) : nil
            let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let executor = EventLoopTaskExecutor(loop.next())
            defer {
                executor.close()
                loop.shutdownGracefully { _ in }
            }
            let phase = Mutex(AttemptPhase.opening)
            try await withTaskCancellationHandler {
                let socket = try await open(
                    endpoint, sslContext: sslContext, pingInterval: TimeAmount(pingInterval),
                    readPacing: readPacing.map(TimeAmount.init), on: loop)
                let abandoned = phase.withLock { phase in
                    if phase == .opening { phase = .open }
                    return phase == .abandoned
                }
                if abandoned { throw CancellationError() }
                logger.debug("feed socket open to \(endpoint.host):\(endpoint.port)")
                // Only an open session runs on the loop: an abandoned attempt shuts the loop down.
                try await withTaskExecutorPreference(executor) {
                    try await run(session, on: socket)
                }
            } onCancel: {
                let abandon = phase.withLock { phase in
                    guard phase == .opening else { return false }
                    phase = .abandoned
                    return true
                }
                if abandon {
                    executor.close()
                    loop.shutdownGracefully { _ in }
                }
            }
        }
    }

    /// Where one connection attempt stands, for its cancellation.
    private enum AttemptPhase {
        case opening
        case open
        case abandoned
    }

    /// Connects to `endpoint` on `loop` and completes the opening handshake.
    private static func open(
        _ endpoint: FeedSocketEndpoint, sslContext: NIOSSLContext?, pingInterval: TimeAmount,
        readPacing: TimeAmount?, on loop: MultiThreadedEventLoopGroup
    ) async throws -> FeedSocketUpgrader.Upgraded {
        let upgrade = try await ClientBootstrap(group: loop).connect(host: endpoint.host, port: endpoint.port) {
            channel in
            channel.eventLoop.makeCompletedFuture {
                if let sslContext {
                    try channel.pipeline.syncOperations.addHandler(
                        try NIOSSLClientHandler(context: sslContext, serverHostname: endpoint.serverName))
                }
                let request = HTTPRequestHead(
                    version: .http1_1, method: .GET, uri: endpoint.target,
                    headers: HTTPHeaders([("Host", endpoint.hostHeader), ("Origin", endpoint.origin)]))
                let upgrader = FeedSocketUpgrader(
                    maxMessageSize: 1 << 22, pingInterval: pingInterval, readPacing: readPacing)
                var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(
                    upgradeConfiguration: NIOTypedHTTPClientUpgradeConfiguration<FeedSocketUpgrade>(
                        upgradeRequestHead: request, upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            channel.close(promise: nil)
                            return channel.eventLoop.makeSucceededFuture(.declined)
                        }))
                pipeline.leftOverBytesStrategy = .forwardBytes
                return try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(
                    configuration: pipeline)
            }
        }
        switch try await upgrade.get() {
        case .upgraded(let socket): return socket
        case .declined:
            throw ExchangeError.unavailable("the server declined the WebSocket upgrade at \(endpoint.target)")
        }
    }

    /// Runs `session` on the open socket, then closes it (this side's close, then the socket).
    private static func run(
        _ session: @Sendable (FeedConnection) async throws -> Void, on socket: FeedSocketUpgrader.Upgraded
    ) async throws {
        let loop = socket.channel.eventLoop
        let handler = socket.handler
        let connection = FeedConnection(
            readFrames: { receive in
                try await withTaskCancellationHandler {
                    try await loop.flatSubmit { handler.value.startReading(receive) }.get()
                } onCancel: {
                    loop.execute { handler.value.stopReading() }
                }
            },
            send: { text in try await loop.flatSubmit { handler.value.send(text) }.get() })
        do {
            try await session(connection)
        } catch {
            try? await loop.flatSubmit { handler.value.close() }.get()
            throw error
        }
        try await loop.flatSubmit { handler.value.close() }.get()
    }
}
