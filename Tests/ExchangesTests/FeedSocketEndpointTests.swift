import MarketDomain
import NIOCore
import NIOHTTP1
import Testing
import WebSocketFrames

@testable import Exchanges

/// A feed's URL gives the handshake its host, port, target and headers; what is not a WebSocket
/// URL is refused with the reason. The upgrade accepts only the answer RFC 6455 computes.
@Suite struct FeedSocketEndpointTests {
    @Test func plainAndTLSURLsGiveTheirPartsAndDefaultPorts() throws {
        let upbit = try FeedSocketEndpoint("wss://api.upbit.com/websocket/v1")
        #expect(upbit.usesTLS && upbit.host == "api.upbit.com" && upbit.port == 443)
        #expect(upbit.target == "/websocket/v1" && upbit.hostHeader == "api.upbit.com")
        #expect(upbit.origin == "wss://api.upbit.com" && upbit.serverName == "api.upbit.com")
        let local = try FeedSocketEndpoint("ws://127.0.0.1:8080/ws?stream=a%20b")
        #expect(!local.usesTLS && local.host == "127.0.0.1" && local.port == 8080)
        #expect(local.target == "/ws?stream=a%20b" && local.hostHeader == "127.0.0.1:8080")
        #expect(local.serverName == nil)
        let bare = try FeedSocketEndpoint("ws://[::1]")
        #expect(bare.host == "::1" && bare.port == 80 && bare.target == "/" && bare.hostHeader == "[::1]")
    }

    @Test(arguments: ["https://api.upbit.com/websocket/v1", "ws://", "not a url", "ws://host:0/x", ""])
    func whatIsNotAWebSocketURLIsRefused(url: String) {
        #expect(throws: ExchangeError.self) { try FeedSocketEndpoint(url) }
    }

    @Test func theUpgradeTakesOnlyTheAnswerItsKeyCallsFor() {
        // RFC 6455 §1.3's example.
        #expect(WebSocketHandshake.accept(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
        let upgrader = FeedSocketUpgrader(
            maxMessageSize: 1024, pingInterval: .seconds(30), key: "dGhlIHNhbXBsZSBub25jZQ==")
        var headers = HTTPHeaders()
        upgrader.addCustom(upgradeRequestHeaders: &headers)
        #expect(
            headers["Sec-WebSocket-Key"] == ["dGhlIHNhbXBsZSBub25jZQ=="] && headers["Sec-WebSocket-Version"] == ["13"])
        func answer(_ fields: [(String, String)]) -> HTTPResponseHead {
            HTTPResponseHead(version: .http1_1, status: .switchingProtocols, headers: HTTPHeaders(fields))
        }
        #expect(
            upgrader.shouldAllowUpgrade(
                upgradeResponse: answer([("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")])))
        #expect(!upgrader.shouldAllowUpgrade(upgradeResponse: answer([("Sec-WebSocket-Accept", "wrong")])))
        #expect(!upgrader.shouldAllowUpgrade(upgradeResponse: answer([])))
        #expect(
            !upgrader.shouldAllowUpgrade(
                upgradeResponse: answer([
                    ("Sec-WebSocket-Accept", "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="),
                    ("Sec-WebSocket-Extensions", "permessage-deflate"),
                ])))
        #expect(FeedSocketUpgrader.randomKey().count == 24)
        #expect(FeedSocketUpgrader.randomKey() != FeedSocketUpgrader.randomKey())
    }
}
