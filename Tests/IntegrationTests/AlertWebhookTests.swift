import Exchanges
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import TestSupport
import Testing

/// `--webhook`: each firing POSTed in order to a loopback server that fails first.
@Suite(.timeLimit(.minutes(5))) struct AlertWebhookTests {
    @Test func aFailedPostIsTriedAgainWithBackOffAndTheNextWaitsItsTurn() async throws {
        let server = try await FlakyHookServer.start(failures: 2)
        let reports = Mutex<[String]>([])
        let webhook = AlertWebhook(
            url: "http://127.0.0.1:\(server.port)/hook", attempts: 4, firstDelay: .milliseconds(20),
            logger: Logger(label: "test")
        ) { message in reports.withLock { $0.append(message) } }
        let sending = Task { await webhook.run() }
        webhook.post(Data(#"{"rule":1}"#.utf8))
        webhook.post(Data(#"{"rule":2}"#.utf8))
        webhook.finish()
        try await withDeadline(seconds: 30, "the webhook to send both") { await sending.value }
        // The first body three times (500, 500, 200), then the second once.
        #expect(server.received == [#"{"rule":1}"#, #"{"rule":1}"#, #"{"rule":1}"#, #"{"rule":2}"#])
        #expect(server.paths.allSatisfy { $0 == "/hook" })
        #expect(server.contentTypes.allSatisfy { $0 == "application/json" })
        #expect(
            reports.withLock { $0 } == [
                "webhook: HTTP 500; trying again in 20 ms", "webhook: HTTP 500; trying again in 40 ms",
            ])
        server.stop()
    }

    @Test func aPostThatKeepsFailingIsGivenUpWithAMessage() async throws {
        let server = try await FlakyHookServer.start(failures: 100)
        let reports = Mutex<[String]>([])
        let webhook = AlertWebhook(
            url: "http://127.0.0.1:\(server.port)/", attempts: 3, firstDelay: .milliseconds(10),
            logger: Logger(label: "test")
        ) { message in reports.withLock { $0.append(message) } }
        let sending = Task { await webhook.run() }
        webhook.post(Data(#"{"rule":7}"#.utf8))
        webhook.finish()
        try await withDeadline(seconds: 30, "the webhook to give up") { await sending.value }
        #expect(server.received.count == 3)
        #expect(reports.withLock { $0 }.last == "webhook: gave up on a firing after 3 tries (HTTP 500)")
        #expect(AlertWebhook.isValid("https://example.com/hook"))
        #expect(!AlertWebhook.isValid("ftp://example.com"))
        #expect(!AlertWebhook.isValid("nope"))
        server.stop()
    }
}

/// A loopback HTTP server that answers the first `failures` requests with 500 and the rest with
/// 200, keeping what each one carried.
final class FlakyHookServer: Sendable {
    private struct State {
        var received: [String] = []
        var paths: [String] = []
        var contentTypes: [String] = []
    }

    let port: Int
    private let state = Mutex(State())
    private let failures: Int
    private let server = Mutex<Task<Void, Never>?>(nil)

    private init(port: Int, failures: Int) {
        self.port = port
        self.failures = failures
    }

    var received: [String] { state.withLock { $0.received } }
    var paths: [String] { state.withLock { $0.paths } }
    var contentTypes: [String] { state.withLock { $0.contentTypes } }

    static func start(failures: Int) async throws -> FlakyHookServer {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        let server = FlakyHookServer(port: listener.channel.localAddress?.port ?? 0, failures: failures)
        let task = Task<Void, Never> {
            _ = try? await listener.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask { try? await server.serve(connection) }
                    }
                }
            }
        }
        server.server.withLock { $0 = task }
        return server
    }

    private func serve(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>) async throws {
        try await connection.executeThenClose { requests, responses in
            var body = ""
            for try await part in requests {
                switch part {
                case .head(let head):
                    body = ""
                    state.withLock {
                        $0.paths.append(head.uri)
                        $0.contentTypes.append(head.headers.first(name: "content-type") ?? "")
                    }
                case .body(let buffer):
                    body += String(buffer: buffer)
                case .end:
                    let count = state.withLock { state in
                        state.received.append(body)
                        return state.received.count
                    }
                    let status: HTTPResponseStatus = count <= failures ? .internalServerError : .ok
                    try await responses.write(
                        .head(HTTPResponseHead(version: .http1_1, status: status, headers: ["content-length": "0"])))
                    try await responses.write(.end(nil))
                }
            }
        }
    }

    func stop() {
        server.withLock { $0?.cancel() }
    }
}
