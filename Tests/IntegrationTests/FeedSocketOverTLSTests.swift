import Exchanges
import Logging
import NIOSSL
import Synchronization
import TestSupport
import Testing

/// The feed's own WebSocket over TLS, as it reaches the real exchanges (`wss://`): the handshake,
/// messages both ways through TLS, and a certificate it was not told to trust
/// refused.
@Suite(.timeLimit(.minutes(2))) struct FeedSocketOverTLSTests {
    private var logger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    @Test func messagesGoBothWaysThroughTLS() async throws {
        let server = try await TLSWebSocketServer.start()
        var trust = TLSConfiguration.makeClientConfiguration()
        trust.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(server.certificatePEM))
        let connector = FeedConnector.webSocket(
            url: "wss://localhost:\(server.port)/websocket/v1", tlsConfiguration: trust, logger: logger)
        let received = Mutex<[String]>([])
        // Two messages are all the test waits for: the reader's throw ends the reading and the session.
        await #expect(throws: EnoughRead.self) {
            try await connector.connect { connection in
                try await connection.send("[{\"ticket\":\"tls\"}]")
                try await connection.readFrames { bytes, _ in
                    let count = received.withLock { received in
                        received.append(String(decoding: bytes, as: UTF8.self))
                        return received.count
                    }
                    if count == 2 { throw EnoughRead() }
                }
            }
        }
        #expect(received.withLock { $0 } == ["hello over tls", "[{\"ticket\":\"tls\"}]"])
        await server.stop()
    }

    @Test func aCertificateNotTrustedIsRefused() async throws {
        let server = try await TLSWebSocketServer.start()
        let connector = FeedConnector.webSocket(url: "wss://localhost:\(server.port)/", logger: logger)
        let opened = Mutex(false)
        await #expect(throws: (any Error).self) {
            try await connector.connect { _ in opened.withLock { $0 = true } }
        }
        #expect(!opened.withLock { $0 })
        await server.stop()
    }

    private struct EnoughRead: Error {}
}
