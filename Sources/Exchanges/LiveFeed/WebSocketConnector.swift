public import Logging
import NIOCore
import NIOPosix
import Synchronization
import WSClient

extension FeedConnector {
    /// Connects with swift-websocket's `WSClient` (Foundation's WebSocket task does not work on
    /// Linux). RFC 6455 pings go out every `pingInterval`; messages up to 4 MiB are accepted.
    /// Frames are read where the session reads them, straight from the socket's buffers.
    ///
    /// Each connection runs on an event loop of its own, shut down when the connection ends.
    /// `WSClient` does not give up an upgrade the server never answers (nor one it closes
    /// half-way), so cancelling an attempt that is still opening shuts its loop down, which is
    /// what closes that socket: an abandoned attempt leaves no socket behind. Once the session
    /// runs, cancellation ends it the usual way, with a close handshake.
    ///
    /// Once open, the session's task prefers that loop as its executor (``EventLoopTaskExecutor``),
    /// so each read resumes the reader on the thread that read the bytes instead of waking another.
    public static func webSocket(url: String, pingInterval: Duration = .seconds(30), logger: Logger) -> FeedConnector {
        FeedConnector { session in
            let configuration = WebSocketClientConfiguration(
                maxFrameSize: 1 << 22, autoPing: .enabled(timePeriod: pingInterval))
            let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            let executor = EventLoopTaskExecutor(loop.next())
            defer {
                executor.close()
                loop.shutdownGracefully { _ in }
            }
            let phase = Mutex(AttemptPhase.opening)
            try await withTaskCancellationHandler {
                try await connect(url: url, configuration: configuration, on: loop, logger: logger) { connection in
                    let abandoned = phase.withLock { phase in
                        if phase == .opening { phase = .open }
                        return phase == .abandoned
                    }
                    if abandoned { throw CancellationError() }
                    // Only an open session runs on the loop: an abandoned attempt shuts the loop down.
                    try await withTaskExecutorPreference(executor) {
                        try await session(connection)
                    }
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

    /// Connects on `loop` and runs `session` on the open socket.
    private static func connect(
        url: String, configuration: WebSocketClientConfiguration, on loop: MultiThreadedEventLoopGroup,
        logger: Logger, session: @escaping @Sendable (FeedConnection) async throws -> Void
    ) async throws {
        _ = try await WebSocketClient.connect(
            url: url, configuration: configuration, eventLoopGroup: loop, logger: logger
        ) { inbound, outbound, _ in
            // The session ends the connection by returning; the socket's close ends `readFrames`.
            try await session(
                FeedConnection(
                    readFrames: { receive in
                        // Text and binary alike are handed on as bytes: the readers take UTF-8.
                        var messages = WebSocketMessageAssembler(maxSize: 1 << 22)
                        for try await frame in inbound {
                            let message = try messages.add(
                                frame.data, startsMessage: frame.opcode != .continuation, fin: frame.fin)
                            try message?.withUnsafeReadableBytes { bytes in
                                try receive(bytes.assumingMemoryBound(to: UInt8.self))
                            }
                        }
                    },
                    send: { text in try await outbound.write(.text(text)) }))
        }
    }
}
