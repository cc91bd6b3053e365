import Exchanges
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization
import TestSupport
import Testing

/// `--webhook`: each firing POSTed in order to a loopback server that fails, redirects or never
/// answers (issue 63, items 4 and 5).
@Suite(.timeLimit(.minutes(5))) struct AlertWebhookTests {
    private static func webhook(
        _ server: FlakyHookServer, path: String = "/hook?token=SECRET", reports: Reports
    ) throws -> AlertWebhook {
        let address = try #require(WebhookAddress("http://127.0.0.1:\(server.port)\(path)"))
        return AlertWebhook(address: address, firstDelay: .milliseconds(20), logger: Logger(label: "test")) { message in
            reports.append(message)
        }
    }

    /// What a webhook reported, in order.
    final class Reports: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func aFailedPostIsTriedAgainWithBackOffAndTheNextWaitsItsTurn() async throws {
        let server = try await FlakyHookServer.start(failures: 2)
        defer { server.stop() }
        let reports = Reports()
        let webhook = try Self.webhook(server, reports: reports)
        webhook.post(Data(#"{"rule":1}"#.utf8))
        webhook.post(Data(#"{"rule":2}"#.utf8))
        webhook.start()
        try await withDeadline(seconds: 30, "the webhook to send both") {
            while webhook.delivery.delivered < 2 { try await Task.sleep(for: .milliseconds(10)) }
        }
        await webhook.close(within: .seconds(5))
        // The first body three times (500, 500, 200), then the second once.
        #expect(server.received == [#"{"rule":1}"#, #"{"rule":1}"#, #"{"rule":1}"#, #"{"rule":2}"#])
        #expect(server.paths.allSatisfy { $0 == "/hook?token=SECRET" })
        #expect(server.contentTypes.allSatisfy { $0 == "application/json" })
        #expect(
            reports.all == [
                "webhook: 127.0.0.1: HTTP 500; trying again in 20 ms (1 more waiting)",
                "webhook: 127.0.0.1: HTTP 500; trying again in 40 ms (1 more waiting)",
            ])
    }

    /// A hook that keeps failing holds every firing in order; at exit the process waits its grace,
    /// promises no retry, and says in one line how many were not delivered.
    @Test(arguments: [FlakyHookServer.Answer.status(.internalServerError), .status(.tooManyRequests), .never])
    func firingsAHookNeverTakesAreCountedAtExitWithoutARetryPromise(_ answer: FlakyHookServer.Answer) async throws {
        let server = try await FlakyHookServer.start { _, _ in answer }
        defer { server.stop() }
        let reports = Reports()
        let webhook = try Self.webhook(server, reports: reports)
        webhook.start()
        let outcomes = Reports()
        for rule in 1...46 {
            webhook.post(Data(#"{"rule":\#(rule)}"#.utf8)) { delivered in outcomes.append("\(rule) \(delivered)") }
        }
        try await withDeadline(seconds: 30, "a first try") {
            while server.received.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        }
        let closing = ContinuousClock.now
        let promisesBefore = reports.all.count
        await webhook.close(within: .seconds(1))
        // A bounded wait: the grace (1 s) and the cancelled request's end, well under the 10 s the
        // request would take to time out (6.3 s once on a loaded CI machine: 5 s was too tight).
        #expect(ContinuousClock.now - closing < .seconds(9), "a bounded wait")
        let said = reports.all
        #expect(said.last?.hasPrefix("webhook: 46 of 46 firings not delivered to 127.0.0.1") == true, "\(said)")
        #expect(!said.dropFirst(promisesBefore).dropLast().contains { $0.contains("trying again") }, "\(said)")
        #expect(server.received.allSatisfy { $0 == #"{"rule":1}"# }, "the first waits at the head, in order")
        // Each firing hears it was not delivered (the history marks it).
        #expect(outcomes.all.count == 46 && outcomes.all.allSatisfy { $0.hasSuffix(" false") }, "\(outcomes.all)")
        #expect(!said.joined().contains("SECRET"))
    }

    /// A 302 is not turned into a GET without its body: it is a refusal that is said; a 307 to the
    /// same host is followed as the same POST; a 307 to another host is not.
    @Test func aRedirectKeepsThePostOrIsARefusalThatIsSaid() async throws {
        let server = try await FlakyHookServer.start { _, path in
            switch path {
            case "/found": .status(.found, location: "/other?token=SECRET")
            case "/temporary": .status(.temporaryRedirect, location: "/other")
            case "/away": .status(.permanentRedirect, location: "http://example.invalid/hook")
            default: .status(.ok)
            }
        }
        defer { server.stop() }
        for (path, delivered) in [("/found", 0), ("/temporary", 1), ("/away", 0)] {
            let reports = Reports()
            let webhook = try Self.webhook(server, path: path, reports: reports)
            webhook.post(Data(#"{"rule":9}"#.utf8))
            webhook.start()
            await webhook.close(within: .seconds(10))
            #expect(webhook.delivery.delivered == delivered, "\(path): \(reports.all)")
            if delivered == 0 {
                #expect(reports.all.first?.contains("refused a firing (HTTP 30") == true, "\(path)")
            }
            #expect(!reports.all.joined().contains("SECRET"))
        }
        #expect(server.methods.allSatisfy { $0 == "POST" }, "\(server.methods)")
        #expect(server.paths == ["/found", "/temporary", "/other", "/away"])
        #expect(server.received == Array(repeating: #"{"rule":9}"#, count: 4))
    }

    @Test func aLinkLocalHostIsRefusedUnlessAllowed() throws {
        let metadata = try #require(WebhookAddress("http://169.254.169.254/latest/meta-data"))
        #expect(metadata.refusal(allowingPrivate: false)?.contains("link-local") == true)
        #expect(metadata.refusal(allowingPrivate: true) == nil)
        #expect(try #require(WebhookAddress("http://[fe80::1]/hook")).refusal(allowingPrivate: false) != nil)
        #expect(try #require(WebhookAddress("http://127.0.0.1:9/hook")).refusal(allowingPrivate: false) == nil)
        #expect(AlertWebhook.isValid("https://example.com/hook"))
        #expect(!AlertWebhook.isValid("ftp://example.com"))
        #expect(!AlertWebhook.isValid("nope"))
    }
}

/// A loopback HTTP server that answers each request as `answer` says (by its number from 1 and
/// its path), keeping what each one carried: by default the first `failures` with 500, the rest 200.
final class FlakyHookServer: Sendable {
    /// How a request is answered.
    enum Answer: Sendable {
        case status(HTTPResponseStatus, location: String? = nil)
        /// Never: the connection stays open with no answer.
        case never
    }

    private struct State {
        var received: [String] = []
        var paths: [String] = []
        var methods: [String] = []
        var contentTypes: [String] = []
    }

    let port: Int
    private let state = Mutex(State())
    private let answer: @Sendable (Int, String) -> Answer
    private let server = Mutex<Task<Void, Never>?>(nil)

    private init(port: Int, answer: @escaping @Sendable (Int, String) -> Answer) {
        self.port = port
        self.answer = answer
    }

    var received: [String] { state.withLock { $0.received } }
    var paths: [String] { state.withLock { $0.paths } }
    var methods: [String] { state.withLock { $0.methods } }
    var contentTypes: [String] { state.withLock { $0.contentTypes } }

    static func start(failures: Int) async throws -> FlakyHookServer {
        try await start { count, _ in .status(count <= failures ? .internalServerError : .ok) }
    }

    static func start(answer: @escaping @Sendable (Int, String) -> Answer) async throws -> FlakyHookServer {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        let server = FlakyHookServer(port: listener.channel.localAddress?.port ?? 0, answer: answer)
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
            var path = ""
            for try await part in requests {
                switch part {
                case .head(let head):
                    body = ""
                    path = head.uri
                    state.withLock {
                        $0.paths.append(head.uri)
                        $0.methods.append(head.method.rawValue)
                        $0.contentTypes.append(head.headers.first(name: "content-type") ?? "")
                    }
                case .body(let buffer):
                    body += String(buffer: buffer)
                case .end:
                    let count = state.withLock { state in
                        state.received.append(body)
                        return state.received.count
                    }
                    switch answer(count, path) {
                    case .never:
                        try await Task.sleep(for: .seconds(600))
                    case .status(let status, let location):
                        var headers: HTTPHeaders = ["content-length": "0"]
                        if let location { headers.add(name: "location", value: location) }
                        try await responses.write(
                            .head(HTTPResponseHead(version: .http1_1, status: status, headers: headers)))
                        try await responses.write(.end(nil))
                    }
                }
            }
        }
    }

    func stop() {
        server.withLock { $0?.cancel() }
    }
}
