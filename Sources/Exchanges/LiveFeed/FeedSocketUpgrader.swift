import Foundation
import NIOCore
import NIOHTTP1
import WebSocketFrames

/// The WebSocket opening handshake of the feed's socket (RFC 6455 §4.1), for NIO's typed HTTP
/// client upgrade: it sends a fresh key, accepts only the answer that key calls for (and no
/// extension, since it asked for none), and puts a ``FeedSocketHandler`` on the upgraded
/// channel, which reads the frames itself.
struct FeedSocketUpgrader: NIOTypedHTTPClientProtocolUpgrader {
    /// The upgraded channel and the handler that reads it, bound to the channel's loop.
    struct Upgraded: Sendable {
        let channel: any Channel
        let handler: NIOLoopBound<FeedSocketHandler>
    }

    let supportedProtocol = "websocket"
    let requiredUpgradeHeaders: [String] = []
    let maxMessageSize: Int
    let pingInterval: TimeAmount
    let readPacing: TimeAmount?
    /// The `Sec-WebSocket-Key` sent: 16 random bytes in base64.
    let key: String

    init(maxMessageSize: Int, pingInterval: TimeAmount, readPacing: TimeAmount? = nil, key: String = Self.randomKey()) {
        self.maxMessageSize = maxMessageSize
        self.pingInterval = pingInterval
        self.readPacing = readPacing
        self.key = key
    }

    func addCustom(upgradeRequestHeaders: inout HTTPHeaders) {
        upgradeRequestHeaders.add(name: "Sec-WebSocket-Key", value: key)
        upgradeRequestHeaders.add(name: "Sec-WebSocket-Version", value: "13")
    }

    func shouldAllowUpgrade(upgradeResponse: HTTPResponseHead) -> Bool {
        let accept = upgradeResponse.headers["Sec-WebSocket-Accept"]
        let extensions = upgradeResponse.headers["Sec-WebSocket-Extensions"].filter { !$0.isEmpty }
        return accept == [WebSocketHandshake.accept(for: key)] && extensions.isEmpty
    }

    func upgrade(channel: any Channel, upgradeResponse: HTTPResponseHead) -> EventLoopFuture<FeedSocketUpgrade> {
        channel.eventLoop.makeCompletedFuture {
            let handler = FeedSocketHandler(
                on: channel.eventLoop, maxMessageSize: maxMessageSize, pingInterval: pingInterval,
                readPacing: readPacing)
            try channel.pipeline.syncOperations.addHandler(handler)
            return .upgraded(Upgraded(channel: channel, handler: NIOLoopBound(handler, eventLoop: channel.eventLoop)))
        }
    }

    static func randomKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }
}

/// How the feed socket's opening handshake ended.
enum FeedSocketUpgrade: Sendable {
    case upgraded(FeedSocketUpgrader.Upgraded)
    /// The server answered without switching protocols.
    case declined
}
