public import Logging
import NIOCore
import WSClient

extension FeedConnector {
    /// Connects with swift-websocket's `WSClient` (Foundation's WebSocket task does not work on
    /// Linux). RFC 6455 pings go out every `pingInterval`; messages up to 4 MiB are accepted.
    /// Frames are read where the session reads them, straight from the socket's buffers.
    public static func webSocket(url: String, pingInterval: Duration = .seconds(30), logger: Logger) -> FeedConnector {
        FeedConnector { session in
            let configuration = WebSocketClientConfiguration(
                maxFrameSize: 1 << 22, autoPing: .enabled(timePeriod: pingInterval))
            try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) {
                inbound, outbound, _ in
                // The session ends the connection by returning; the socket's close ends `readFrames`.
                try await session(
                    FeedConnection(
                        readFrames: { receive in
                            for try await message in inbound.messages(maxSize: 1 << 22) {
                                switch message {
                                case .binary(let buffer):
                                    try buffer.withUnsafeReadableBytes { bytes in
                                        try receive(bytes.assumingMemoryBound(to: UInt8.self))
                                    }
                                case .text(var text):
                                    try text.withUTF8(receive)
                                }
                            }
                        },
                        send: { text in try await outbound.write(.text(text)) }))
            }
        }
    }
}
