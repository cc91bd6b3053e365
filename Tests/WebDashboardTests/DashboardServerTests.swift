import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import MarketDomain
import MarketFeatures
import NIOCore
import NIOWebSocket
import Synchronization
import TestSupport
import Testing
import WSClient

@testable import WebDashboard

/// `sise serve` over real loopback: the page with its security headers, and a browser tab's
/// WebSocket from hello to patches, bad requests and a cross-site page refused.
@Suite(.timeLimit(.minutes(5))) struct DashboardServerTests {
    private static var quietLogger: Logger {
        var logger = Logger(label: "test.serve")
        logger.logLevel = .critical
        return logger
    }

    private func context() async throws -> DashboardContext {
        let tickers = [
            MarketFixtures.ticker(
                MarketFixtures.bitcoin, price: 140_000_000, change: 1_400_000, value: 300e9, timestamp: 100),
            MarketFixtures.ticker(MarketFixtures.ripple, price: 3_500, change: -35, value: 200e9, timestamp: 100),
            MarketFixtures.ticker(MarketFixtures.ethereum, price: 5_000_000, change: 0, value: 100e9, timestamp: 100),
            MarketFixtures.ticker(MarketFixtures.bittorrent, price: 1.5, change: 0.01, value: 10e9, timestamp: 100),
        ]
        let client = ScriptedMarketClient(markets: MarketFixtures.markets, tickers: tickers).client
        let board = LiveBoard(client: client)
        try await board.load()
        let store = InMemoryPreferenceStore().store
        return DashboardContext(
            root: RootParts(
                board: board, boards: nil, store: store, isSimulated: true,
                candles: DailyCandleLoader(exchange: .upbit, fetch: client.fetchDailyCandles, store: store),
                depth: client.liveDepth,
                // As `sise serve` runs them: every tab's board frames on one beat.
                beat: FrameBeat(clock: ViewClock(ContinuousClock()))))
    }

    @Test func thePageAndItsAssetsComeWithAStrictContentSecurityPolicy() async throws {
        let server = try DashboardServer(
            context: try await context(), host: "127.0.0.1", port: 0, logger: Self.quietLogger)
        let app = Application(router: server.buildRouter())
        try await app.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.contentSecurityPolicy] == DashboardServer.contentSecurityPolicy)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                let page = String(buffer: response.body)
                #expect(page.contains(#"data-role="search""#) && page.contains(#"data-tab="watchlist""#))
                #expect(!page.contains("<script>"))  // no inline script: the policy would refuse it
            }
            try await client.execute(uri: "/app.js", method: .get) { response in
                #expect(response.headers[.contentType] == "text/javascript; charset=utf-8")
                #expect(String(buffer: response.body).contains("new WebSocket"))
            }
            try await client.execute(uri: "/../Package.swift", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    /// A running server on a free port, stopped when `body` returns.
    private func withServer(_ body: @escaping @Sendable (Int) async throws -> Void) async throws {
        let server = try DashboardServer(
            context: try await context(), host: "127.0.0.1", port: 0, logger: Self.quietLogger)
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await server.run { portContinuation.yield($0) } }
            var iterator = ports.makeAsyncIterator()
            let port = try #require(await iterator.next())
            try await body(port)
            group.cancelAll()
        }
    }

    /// Collects a tab's messages, read as JSON objects.
    final class Messages: Sendable {
        private let texts = Mutex<[String]>([])
        func append(_ text: String) { texts.withLock { $0.append(text) } }
        private var objects: [[String: Any]] {
            texts.withLock { $0 }.compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
        var types: [String] { objects.compactMap { $0["type"] as? String } }
        /// The numbers of the snapshots and patches, in order.
        var sequenceNumbers: [Int] { objects.compactMap { $0["seq"] as? Int } }
        func last(ofType type: String) -> [String: Any]? { objects.last { $0["type"] as? String == type } }
    }

    @Test func aTabGetsHelloASnapshotThenNumberedPatchesOfWhatItAskedFor() async throws {
        try await withServer { port in
            let messages = Messages()
            try await withDeadline(seconds: 30, "the tab's conversation") {
                _ = try await WebSocketClient.connect(
                    url: "ws://127.0.0.1:\(port)/ws", logger: Self.quietLogger
                ) { inbound, outbound, _ in
                    var sentSearch = false
                    var sentGarbage = false
                    for try await message in inbound.messages(maxSize: 1 << 20) {
                        guard case .text(let text) = message else { continue }
                        messages.append(text)
                        let snapshot = messages.last(ofType: "snapshot")
                        if !sentSearch, let output = snapshot?["output"] as? [String: Any],
                            let board = output["board"] as? [String: Any], (board["rows"] as? [Any])?.count == 4
                        {
                            sentSearch = true
                            try await outbound.write(.text(#"{"input":{"board":{"searchTextChanged":{"text":"ㅂㅌ"}}}}"#))
                            continue
                        }
                        if sentSearch, !sentGarbage, messages.types.last == "patch" {
                            sentGarbage = true
                            try await outbound.write(.text("<script>alert(1)</script>"))
                        }
                        if messages.types.last == "error" { return }
                    }
                }
            }
            let types = messages.types
            #expect(types.first == "hello")
            #expect(types.dropFirst().first == "snapshot")
            #expect(types.last == "error")
            // The patches are numbered on from the snapshot, without gaps (the tab left the shared
            // view for a view model of its own on its search, and its numbers went on).
            let numbers = messages.sequenceNumbers
            #expect(numbers.count >= 2)
            #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $1 == $0 + 1 }, "\(numbers)")
            let patch = try #require(messages.last(ofType: "patch"))
            let changes = try #require((patch["changes"] as? [String: Any])?["board"] as? [String: Any])
            #expect(changes["searchText"] as? String == "ㅂㅌ")
            let ids = changes["rowIDs"] as? [String]
            #expect(ids == ["KRW-BTC", "KRW-BTT"])
            #expect((messages.last(ofType: "error")?["message"] as? String) == "not a JSON object")
        }
    }

    /// Tabs that only watch share one view model; a tab that searches gets its own, and a
    /// watching tab never sees its search.
    @Test func aTabThatActsGoesItsOwnWayAndAWatchingTabIsUntouched() async throws {
        try await withServer { port in
            let (aDone, aDoneSignal) = AsyncStream<Void>.makeStream()
            let watcher = Messages()
            let actor = Messages()
            try await withDeadline(seconds: 30, "two tabs' conversations") {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        _ = try await WebSocketClient.connect(
                            url: "ws://127.0.0.1:\(port)/ws", logger: Self.quietLogger
                        ) { inbound, outbound, _ in
                            var waited = false
                            var asked = false
                            for try await message in inbound.messages(maxSize: 1 << 20) {
                                guard case .text(let text) = message else { continue }
                                watcher.append(text)
                                if !waited, watcher.types.contains("snapshot") {
                                    waited = true
                                    // The other tab searches meanwhile.
                                    for await _ in aDone { break }
                                    try await outbound.write(.text(#"{"resync":{}}"#))
                                    asked = true
                                } else if asked, watcher.types.filter({ $0 == "snapshot" }).count == 2 {
                                    return
                                }
                            }
                        }
                    }
                    group.addTask {
                        _ = try await WebSocketClient.connect(
                            url: "ws://127.0.0.1:\(port)/ws", logger: Self.quietLogger
                        ) { inbound, outbound, _ in
                            var searched = false
                            for try await message in inbound.messages(maxSize: 1 << 20) {
                                guard case .text(let text) = message else { continue }
                                actor.append(text)
                                if !searched, actor.types.contains("snapshot") {
                                    searched = true
                                    try await outbound.write(
                                        .text(#"{"input":{"board":{"searchTextChanged":{"text":"ㅂㅌ"}}}}"#))
                                } else if searched, actor.types.last == "patch" {
                                    aDoneSignal.yield()
                                    return
                                }
                            }
                        }
                    }
                    try await group.waitForAll()
                }
            }
            let search = (actor.last(ofType: "patch")?["changes"] as? [String: Any])?["board"] as? [String: Any]
            #expect(search?["searchText"] as? String == "ㅂㅌ")
            let again = watcher.last(ofType: "snapshot")?["output"] as? [String: Any]
            let board = again?["board"] as? [String: Any]
            #expect(board?["searchText"] as? String == "")
            #expect((board?["rows"] as? [Any])?.count == 4)
        }
    }

    @Test func aPageOfAnotherOriginIsRefusedTheWebSocket() async throws {
        try await withServer { port in
            var configuration = WebSocketClientConfiguration()
            configuration.additionalHeaders = [.origin: "http://evil.example"]
            let opened = Mutex(false)
            do {
                _ = try await WebSocketClient.connect(
                    url: "ws://127.0.0.1:\(port)/ws", configuration: configuration, logger: Self.quietLogger
                ) { _, _, _ in opened.withLock { $0 = true } }
            } catch {
                // Refused: the upgrade fails.
            }
            #expect(!opened.withLock { $0 })
            // The page's own origin is let in.
            configuration.additionalHeaders = [.origin: "http://127.0.0.1:\(port)"]
            _ = try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/ws", configuration: configuration, logger: Self.quietLogger
            ) { _, outbound, _ in
                opened.withLock { $0 = true }
                try await outbound.close(.normalClosure, reason: nil)
            }
            #expect(opened.withLock { $0 })
        }
    }
}
