import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import TestSupport

/// A WebSocket server on loopback behind TLS, with a certificate for `localhost` made for the
/// test (openssl, self-signed): on upgrade it sends a greeting, then answers each text message
/// with the same text and a ping, as an exchange answers a subscription. Tests read the
/// certificate to trust it.
final class TLSWebSocketServer: Sendable {
    let port: Int
    /// The server's certificate in PEM: the one root a client must trust.
    let certificatePEM: [UInt8]
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel

    private init(port: Int, certificatePEM: [UInt8], group: MultiThreadedEventLoopGroup, channel: any Channel) {
        self.port = port
        self.certificatePEM = certificatePEM
        self.group = group
        self.channel = channel
    }

    static func start() async throws -> TLSWebSocketServer {
        let (certificate, key) = try makeCertificate()
        let tls = try NIOSSLContext(
            configuration: .makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMBytes(certificate).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(bytes: key, format: .pem))))
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let upgrader = NIOWebSocketServerUpgrader(
            shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(EchoHandler())
                }
            })
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls))
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TLSWebSocketServer(
            port: channel.localAddress?.port ?? 0, certificatePEM: certificate, group: group, channel: channel)
    }

    func stop() async {
        try? await channel.close()
        try? await group.shutdownGracefully()
    }

    /// A self-signed P-256 certificate for `localhost` and its key, both PEM.
    private static func makeCertificate() throws -> (certificate: [UInt8], key: [UInt8]) {
        let folder = TestScratch.folder.appendingPathComponent("sise-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
            "-keyout", folder.appendingPathComponent("key.pem").path, "-out",
            folder.appendingPathComponent("cert.pem").path,
        ]
        openssl.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(openssl)
        openssl.waitUntilExit()
        guard openssl.terminationStatus == 0 else {
            throw CocoaError(
                .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl could not make a certificate"])
        }
        return (
            Array(try Data(contentsOf: folder.appendingPathComponent("cert.pem"))),
            Array(try Data(contentsOf: folder.appendingPathComponent("key.pem")))
        )
    }

    /// Greets, echoes each text message followed by a ping, and answers a close.
    private final class EchoHandler: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame
        typealias OutboundOut = WebSocketFrame

        func handlerAdded(context: ChannelHandlerContext) {
            send(.text, "hello over tls", context: context)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            switch frame.opcode {
            case .text:
                send(.text, String(buffer: frame.unmaskedData), context: context)
                send(.ping, "are you there", context: context)
            case .connectionClose:
                context.writeAndFlush(
                    wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: frame.unmaskedData))
                )
                .whenComplete { _ in context.close(promise: nil) }
            default:
                break
            }
        }

        private func send(_ opcode: WebSocketOpcode, _ text: String, context: ChannelHandlerContext) {
            context.writeAndFlush(
                wrapOutboundOut(WebSocketFrame(fin: true, opcode: opcode, data: ByteBuffer(string: text))), promise: nil
            )
        }
    }
}
