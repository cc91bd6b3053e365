import AsyncHTTPClient
import ExchangeSimulator
import ExchangeWire
import Foundation
import Logging
import MarketDomain
import NIOCore
import NIOHTTP1
import Synchronization
import TestSupport
import Testing
import WSClient

/// The simulator as any client of Upbit's dialect meets it: raw HTTP and raw WebSocket frames.
@Suite(.timeLimit(.minutes(5)), .serialized) struct SimulatorUpbitDialectTests {
    private struct Reply {
        var status: UInt
        var body: String
        var remaining: String?
        var contentType: String?
    }

    private func get(_ harness: SimulatorHarness, _ path: String) async throws -> Reply {
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: harness.running.restBaseURL + path), timeout: .seconds(20))
        let body = try await response.body.collect(upTo: 16 << 20)
        return Reply(
            status: response.status.code, body: String(buffer: body),
            remaining: response.headers.first(name: "Remaining-Req"),
            contentType: response.headers.first(name: "Content-Type"))
    }

    private func errorBody(_ reply: Reply) throws -> UpbitErrorBody {
        try errorBody(reply.body)
    }

    private func errorBody(_ json: String) throws -> UpbitErrorBody {
        try JSONDecoder().decode(UpbitErrorBody.self, from: Data(json.utf8))
    }

    @Test func restErrorsUseUpbitsBodies() async throws {
        let harness = try await SimulatorHarness.start()
        let unknown = try await get(harness, "/v1/ticker?markets=KRW-BTC,KRW-NOPE")
        #expect(unknown.status == 404)
        #expect(try errorBody(unknown) == errorBody(UpbitDocPayloads.errorCodeNotFound))
        let missing = try await get(harness, "/v1/ticker")
        #expect(missing.status == 400)
        #expect(try errorBody(missing) == errorBody(UpbitDocPayloads.errorMissingParameter))
        let tooMany = try await get(harness, "/v1/candles/days?market=KRW-BTC&count=201")
        #expect(tooMany.status == 400)
        #expect(tooMany.body.contains("Invalid parameter"))
        let badTo = try await get(harness, "/v1/candles/days?market=KRW-BTC&to=yesterday")
        #expect(badTo.status == 400)
        let noRoute = try await get(harness, "/v1/nope")
        #expect(noRoute.status == 404)
        #expect(try errorBody(noRoute) == errorBody(UpbitDocPayloads.errorNoRoute))
        await harness.stop()
    }

    @Test func restRepliesCarryRemainingReqAndAcceptLowerCaseCodes() async throws {
        let harness = try await SimulatorHarness.start(restLimit: 100)
        let reply = try await get(harness, "/v1/ticker?markets=krw-btc")
        #expect(reply.status == 200)
        #expect(reply.contentType?.hasPrefix("application/json") == true)
        let remaining = try #require(reply.remaining)
        #expect(remaining.hasPrefix("group=ticker; min="))
        #expect(remaining.contains("; sec="))
        let rows = try JSONDecoder().decode([UpbitTickerDTO].self, from: Data(reply.body.utf8))
        #expect(rows.map(\.market) == ["KRW-BTC"])
        await harness.stop()
    }

    @Test func candlesComeNewestFirstBeforeTo() async throws {
        let harness = try await SimulatorHarness.start()
        let reply = try await get(harness, "/v1/candles/days?market=KRW-BTC&count=3&to=2026-03-11T00:00:00Z")
        let rows = try JSONDecoder().decode([UpbitCandleDTO].self, from: Data(reply.body.utf8))
        #expect(rows.map(\.candleDateTimeUtc) == ["2026-03-10T00:00:00", "2026-03-09T00:00:00", "2026-03-08T00:00:00"])
        #expect(rows.first?.candleDateTimeKst == "2026-03-10T09:00:00")
        await harness.stop()
    }

    @Test func overTheRateLimitComesAPlainText429() async throws {
        // The simulator's clock stands still, so every request falls in the same one-second
        // window however slowly a loaded machine sends them.
        let frozen = ExchangeSimulator.wallClockMilliseconds()
        let harness = try await SimulatorHarness.start(
            restLimit: 3, rateLimitPatience: .seconds(3), now: { frozen })
        var statuses: [UInt] = []
        var refusal: Reply?
        for _ in 0..<10 {
            let reply = try await get(harness, "/v1/market/all")
            statuses.append(reply.status)
            if reply.status == 429 { refusal = reply }
        }
        #expect(statuses.filter { $0 == 429 }.count == 7)
        #expect(refusal?.body == "Too many API requests.")
        // The client waits out refusals, but only so long, then says so in one line.
        let error = await #expect(throws: ExchangeError.self) {
            for _ in 0..<10 { _ = try await harness.client.fetchMarkets() }
        }
        #expect(
            error?.description.contains("Upbit kept refusing requests (HTTP 429)") == true,
            "\(String(describing: error))")
        await harness.stop()
    }

    // MARK: WebSocket

    /// Opens the simulator's WebSocket, sends `requests`, and collects frames until `done` says so.
    private func exchange(
        _ harness: SimulatorHarness, sending requests: [String], afterFirstFrame followUp: [String] = [],
        until done: @escaping @Sendable ([WebSocketMessage]) -> Bool
    ) async throws -> (frames: [WebSocketMessage], closed: Bool) {
        let logger = {
            var logger = Logger(label: "test.ws")
            logger.logLevel = .critical
            return logger
        }()
        let url = harness.running.webSocketURL
        return try await withDeadline(seconds: 20, "WebSocket frames") {
            let collected = FrameBox()
            let closeFrame = try await WebSocketClient.connect(url: url, logger: logger) { inbound, outbound, _ in
                for request in requests { try await outbound.write(.text(request)) }
                var sentFollowUp = false
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    collected.append(message)
                    if !sentFollowUp {
                        sentFollowUp = true
                        for request in followUp { try await outbound.write(.text(request)) }
                    }
                    if done(collected.frames) { return }
                }
            }
            return (collected.frames, closeFrame != nil || collected.frames.isEmpty == false)
        }
    }

    private func json(_ message: WebSocketMessage) -> String {
        switch message {
        case .binary(let buffer): String(buffer: buffer)
        case .text(let text): "TEXT:" + text
        }
    }

    @Test func aSimpleSnapshotComesAsOneBinaryFrameWithAbbreviatedKeys() async throws {
        let harness = try await SimulatorHarness.start()
        let request =
            #"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"],"is_only_snapshot":true},{"format":"SIMPLE"}]"#
        let (frames, _) = try await exchange(harness, sending: [request]) { $0.count >= 1 }
        guard case .binary(let buffer) = try #require(frames.first) else {
            Issue.record("not a binary frame")
            return
        }
        let text = String(buffer: buffer)
        #expect(text.contains(#""ty":"ticker""#))
        #expect(text.contains(#""cd":"KRW-BTC""#))
        #expect(text.contains(#""st":"SNAPSHOT""#))
        await harness.stop()
    }

    /// Issue 30: SIMPLE holds for `orderbook` and `trade` too, each with its own short keys (§9.5).
    @Test func simpleKeysHoldForTheOrderbookAndTradesToo() async throws {
        let harness = try await SimulatorHarness.start()
        let request =
            #"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC.5"],"is_only_snapshot":true},"#
            + #"{"type":"trade","codes":["KRW-BTC"],"is_only_snapshot":true},{"format":"SIMPLE"}]"#
        let (frames, _) = try await exchange(harness, sending: [request]) { frames in
            frames.contains { json($0).contains(#""ty":"orderbook""#) }
                && frames.contains { json($0).contains(#""ty":"trade""#) }
        }
        let book = try #require(frames.map(json).first { $0.contains(#""ty":"orderbook""#) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(book.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["ty", "cd", "tas", "tbs", "obu", "tms", "lv", "st"])
        let units = try #require(object["obu"] as? [[String: Any]])
        #expect(units.count == 5)
        #expect(Set(units[0].keys) == ["ap", "bp", "as", "bs"])
        let trade = try #require(frames.map(json).first { $0.contains(#""ty":"trade""#) })
        let tradeObject = try #require(try JSONSerialization.jsonObject(with: Data(trade.utf8)) as? [String: Any])
        #expect(
            Set(tradeObject.keys).isSuperset(of: [
                "ty", "cd", "tp", "tv", "ab", "pcp", "c", "cp", "td", "ttm", "ttms", "tms", "sid", "st",
            ]))
        #expect(!tradeObject.keys.contains { $0.contains("_") }, "no DEFAULT key left")
        await harness.stop()
    }

    /// Issue 30: the `candle.*` types, the candle as it stands first, then each second a trade
    /// changed it, in DEFAULT keys or SIMPLE ones; the candle agrees with REST's newest.
    @Test func candleTypesSendTheCandleAsItStandsThenItsChangesInEitherKeys() async throws {
        let harness = try await SimulatorHarness.start()
        let request =
            #"[{"ticket":"t"},{"type":"candle.1m","codes":["KRW-BTC","krw-eth"]},"#
            + #"{"type":"candle.240m","codes":["KRW-BTC"]},{"format":"SIMPLE"}]"#
        let (frames, _) = try await exchange(harness, sending: [request]) { frames in
            frames.filter { json($0).contains(#""ty":"candle.1m""#) }.count >= 2
        }
        let objects = try frames.map(json).map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let minutes = objects.filter { $0["ty"] as? String == "candle.1m" }
        #expect(
            Set(minutes[0].keys) == [
                "ty", "cd", "cdttmu", "cdttmk", "op", "hp", "lp", "tp", "catv", "catp", "tms", "st",
            ])
        #expect(minutes[0]["st"] as? String == "SNAPSHOT" && minutes[1]["st"] as? String == "REALTIME")
        // Lower-case codes are ignored in silence; four hours come as `candle.240m`.
        #expect(objects.allSatisfy { $0["cd"] as? String == "KRW-BTC" })
        #expect(objects.contains { $0["ty"] as? String == "candle.240m" })
        // The minute's start in UTC and KST, nine hours apart, on a minute's boundary.
        let utc = try #require(minutes[0]["cdttmu"] as? String)
        let start = try #require(UpbitTime.parseTo(utc + "Z"))
        #expect(start % 60_000 == 0)
        #expect(minutes[0]["cdttmk"] as? String == UpbitTime.isoLocal(unixMilliseconds: start + 9 * 3_600_000))
        // DEFAULT keys decode to the candle REST serves for that minute.
        let (plain, _) = try await exchange(
            harness, sending: [#"[{"ticket":"t"},{"type":"candle.1s","codes":["KRW-BTC"],"is_only_snapshot":true}]"#]
        ) { $0.count >= 1 }
        let second = try JSONDecoder().decode(UpbitStreamCandle.self, from: Data(try json(#require(plain.first)).utf8))
        #expect(second.type == "candle.1s" && second.streamType == "SNAPSHOT")
        let candle = try #require(second.toDomain())
        #expect(candle.start % 1_000 == 0 && candle.low <= candle.close && candle.close <= candle.high)
        await harness.stop()
    }

    /// Issue 30: an `orderbook` request's `level` groups a KRW book on the stream as on REST, the
    /// unit in its `level`; a level the market does not take sends no book.
    @Test func anOrderbookRequestsLevelGroupsTheStreamedBook() async throws {
        let harness = try await SimulatorHarness.start()
        let request =
            #"[{"ticket":"t"},{"type":"orderbook","codes":["KRW-BTC"],"level":10000,"is_only_snapshot":true},"#
            + #"{"type":"orderbook","codes":["KRW-ETH"],"level":7,"is_only_snapshot":true},"#
            + #"{"type":"trade","codes":["KRW-XRP"],"is_only_snapshot":true}]"#
        // The markets' depth goes in their order: XRP's trade comes after any book of ETH.
        let (frames, _) = try await exchange(harness, sending: [request]) { frames in
            frames.contains { json($0).contains(#""type":"trade""#) }
        }
        let books = try frames.map(json).filter { $0.contains(#""type":"orderbook""#) }.map {
            try JSONDecoder().decode(UpbitStreamOrderbook.self, from: Data($0.utf8))
        }
        #expect(books.map(\.code) == ["KRW-BTC"], "KRW-ETH takes no level of 7")
        let book = try #require(books.first)
        #expect(book.level == 10_000 && book.orderbookUnits.count == 30)
        #expect(book.orderbookUnits.allSatisfy { $0.askPrice.truncatingRemainder(dividingBy: 10_000) == 0 })
        #expect(book.orderbookUnits.allSatisfy { $0.bidPrice.truncatingRemainder(dividingBy: 10_000) == 0 })
        await harness.stop()
    }

    /// Issue 30: `/v1/orderbook` takes `count` (30 by default) and `level`, which groups a KRW
    /// market's prices by a unit `/v1/orderbook/supported_levels` names; another level answers `[]`.
    @Test func theRESTBookTakesCountAndLevelAsUpbitDoes() async throws {
        let harness = try await SimulatorHarness.start()
        harness.simulator.setPaused(true)
        func book(_ query: String) async throws -> [[String: Any]] {
            let reply = try await get(harness, "/v1/orderbook?markets=KRW-BTC" + query)
            #expect(reply.status == 200, "\(query): \(reply.body)")
            return try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [[String: Any]] ?? []
        }
        #expect((try await book("").first?["orderbook_units"] as? [Any])?.count == 30)
        #expect((try await book("&count=5").first?["orderbook_units"] as? [Any])?.count == 5)
        let levels = try await get(harness, "/v1/orderbook/supported_levels?markets=KRW-BTC")
        let supported = try JSONDecoder().decode([UpbitSupportedLevelsDTO].self, from: Data(levels.body.utf8))
        #expect(supported.first?.supportedLevels.first == 0)
        let unit = try #require(supported.first?.supportedLevels.dropFirst().first)
        let grouped = try #require(try await book("&level=\(Int(unit))").first)
        #expect(grouped["level"] as? Double == unit)
        let units = try #require(grouped["orderbook_units"] as? [[String: Double]])
        #expect(units.count == 30)
        for row in units {
            for price in [row["ask_price"], row["bid_price"]] {
                let value = try #require(price)
                #expect((value / unit).rounded() * unit == value, "\(value) is a multiple of \(unit)")
            }
        }
        #expect(try await book("&level=7").isEmpty)
        #expect(try await get(harness, "/v1/orderbook?markets=KRW-BTC&count=abc").status == 400)
        await harness.stop()
    }

    @Test func unknownAndLowerCaseCodesAreSilentlyIgnored() async throws {
        let harness = try await SimulatorHarness.start()
        let request =
            #"[{"ticket":"t"},{"type":"ticker","codes":["KRW-NOPE","krw-btc","KRW-ETH"],"is_only_snapshot":true}]"#
        // After the one snapshot, PING: the very next frame must be the status, nothing for the others.
        let (frames, _) = try await exchange(harness, sending: [request], afterFirstFrame: ["PING"]) { $0.count >= 2 }
        #expect(json(frames[0]).contains(#""code":"KRW-ETH""#))
        #expect(json(frames[1]) == UpbitDocPayloads.status)
        await harness.stop()
    }

    @Test func aNewRequestReplacesTheSubscription() async throws {
        let harness = try await SimulatorHarness.start(markets: 10, ticksPerSecond: 3000)
        let first = #"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"],"is_only_snapshot":true}]"#
        let second = #"[{"ticket":"t"},{"type":"ticker","codes":["KRW-ETH"],"is_only_realtime":true}]"#
        let (frames, _) = try await exchange(harness, sending: [first], afterFirstFrame: [second]) { $0.count >= 21 }
        #expect(json(frames[0]).contains(#""code":"KRW-BTC""#))
        #expect(json(frames[0]).contains(#""stream_type":"SNAPSHOT""#))
        for frame in frames.dropFirst() {
            #expect(json(frame).contains(#""code":"KRW-ETH""#))
            #expect(json(frame).contains(#""stream_type":"REALTIME""#))
        }
        await harness.stop()
    }

    @Test func aMalformedRequestGetsAnErrorFrameThenAClose() async throws {
        let harness = try await SimulatorHarness.start()
        let (frames, closed) = try await exchange(harness, sending: ["{not json"]) { _ in false }
        #expect(frames.count == 1)
        #expect(json(frames[0]).contains(#""name":"WRONG_FORMAT""#))
        #expect(closed)
        await harness.stop()
    }
}

/// Frames collected inside the WebSocket handler. Behind a lock because the handler runs on its
/// own task while the test reads the result.
final class FrameBox: Sendable {
    private let storage = Mutex<[WebSocketMessage]>([])
    func append(_ message: WebSocketMessage) { storage.withLock { $0.append(message) } }
    var frames: [WebSocketMessage] { storage.withLock { $0 } }
}
