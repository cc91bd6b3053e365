public import Logging
import NIOCore
import WSClient

extension FeedConnector {
    /// Connects with swift-websocket's `WSClient` (Foundation's WebSocket task does not work on
    /// Linux). RFC 6455 pings go out every `pingInterval`; frames up to 4 MiB are accepted.
    public static func webSocket(url: String, pingInterval: Duration = .seconds(30), logger: Logger) -> FeedConnector {
        FeedConnector { session in
            let configuration = WebSocketClientConfiguration(
                maxFrameSize: 1 << 22, autoPing: .enabled(timePeriod: pingInterval))
            try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) {
                inbound, outbound, _ in
                let (frames, continuation) = AsyncThrowingStream<[UInt8], any Error>.makeStream()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        do {
                            for try await message in inbound.messages(maxSize: 1 << 22) {
                                switch message {
                                case .binary(let buffer): continuation.yield(Array(buffer.readableBytesView))
                                case .text(let text): continuation.yield(Array(text.utf8))
                                }
                            }
                            continuation.finish()
                        } catch {
                            continuation.finish(throwing: error)
                        }
                    }
                    group.addTask {
                        try await session(
                            FeedConnection(frames: frames) { text in try await outbound.write(.text(text)) })
                    }
                    // Whichever ends first (the socket or the session) ends the connection.
                    _ = try await group.next()
                    group.cancelAll()
                }
            }
        }
    }
}
