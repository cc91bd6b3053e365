import AsyncHTTPClient
import ExchangeSimulator
import ExchangeWire
import Foundation
import Logging
import MarketDomain
import NIOCore
import NIOHTTP1
import TestSupport
import Testing
import WSClient

/// The simulator's Bithumb, Korbit and Binance dialects as any of their clients meets them: raw
/// HTTP and raw WebSocket frames, with the keys, JSON types and frame kinds of the docs' payloads.
@Suite(.timeLimit(.minutes(5)), .serialized) struct SimulatorVenueDialectTests {
    private func get(
        _ harness: SimulatorHarness, _ exchange: Exchange, _ path: String
    ) async throws -> (
        status: UInt, body: String, headers: [String: String]
    ) {
        let response = try await HTTPClient.shared.execute(
            HTTPClientRequest(url: harness.running.restBaseURL(for: exchange) + path), timeout: .seconds(20))
        let body = try await response.body.collect(upTo: 16 << 20)
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return (response.status.code, String(buffer: body), headers)
    }

    /// The shape of the first element of a JSON array, or of the `data` array's first element.
    private func firstShape(_ json: String, inData: Bool = false) throws -> JSONShape? {
        let shape = try JSONShape(json: json)
        if inData, case .object(let fields) = shape, case .array(let element) = fields["data"] { return element }
        if case .array(let element) = shape { return element }
        return shape
    }

    /// Opens a dialect's WebSocket, sends `requests`, and collects frames until `count` arrived.
    private func frames(
        _ harness: SimulatorHarness, _ exchange: Exchange, sending requests: [String], count: Int
    ) async throws -> [WebSocketMessage] {
        let logger = {
            var logger = Logger(label: "test.ws")
            logger.logLevel = .critical
            return logger
        }()
        let url = harness.running.webSocketURL(for: exchange)
        return try await withDeadline(seconds: 20, "\(exchange) frames") {
            let collected = FrameBox()
            _ = try await WebSocketClient.connect(url: url, logger: logger) { inbound, outbound, _ in
                for request in requests { try await outbound.write(.text(request)) }
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    collected.append(message)
                    if collected.frames.count >= count { return }
                }
            }
            return collected.frames
        }
    }

    private func text(_ message: WebSocketMessage) -> String? {
        if case .text(let text) = message { return text }
        return nil
    }

    @Test func bithumbAnswersLikeBithumb() async throws {
        let harness = try await SimulatorHarness.start(.bithumb, restLimit: 1000)
        let tickers = try await get(harness, .bithumb, "/v1/ticker?markets=KRW-BTC")
        #expect(tickers.status == 200)
        #expect(try firstShape(tickers.body) == firstShape(BithumbDocPayloads.ticker))
        #expect(tickers.headers["x-ratelimit-burst-capacity"] == "150")
        let row = try #require(try JSONDecoder().decode([BithumbTickerDTO].self, from: Data(tickers.body.utf8)).first)
        // The epoch fields run 9 h ahead of trade_date + trade_time, as on the real v1 API.
        let tradeTime = try #require(UpbitTime.unixMilliseconds(compactDate: row.tradeDate, compactTime: row.tradeTime))
        #expect(row.tradeTimestamp - tradeTime >= 9 * 3_600_000)
        let markets = try await get(harness, .bithumb, "/v1/market/all?isDetails=true")
        #expect(try firstShape(markets.body) == firstShape(BithumbDocPayloads.marketAll))

        let unknown = try await get(harness, .bithumb, "/v1/ticker?markets=KRW-NOPE")
        #expect(unknown.status == 200)
        #expect(
            try JSONDecoder().decode(BithumbErrorBody.self, from: Data(unknown.body.utf8))
                == JSONDecoder().decode(BithumbErrorBody.self, from: Data(BithumbDocPayloads.errorCodeNotFound.utf8)))
        let tooMany = (0..<201).map { "KRW-C\($0)" }.joined(separator: ",")
        #expect(try await get(harness, .bithumb, "/v1/ticker?markets=\(tooMany)").status == 400)
        let noRoute = try await get(harness, .bithumb, "/v1/nope")
        #expect(noRoute.status == 404)
        #expect(try JSONShape(json: noRoute.body) == JSONShape(json: BithumbDocPayloads.errorNoRoute))

        let legacy = try await get(harness, .bithumb, "/public/ticker/ALL_KRW")
        let reply = try JSONDecoder().decode(BithumbLegacyTickers.self, from: Data(legacy.body.utf8))
        #expect(reply.tickers["BTC"] != nil)
        #expect(legacy.body.contains(#""date":""#))
        let candlestick = try await get(harness, .bithumb, "/public/candlestick/BTC_KRW/24h")
        #expect(
            try firstShape(candlestick.body, inData: true)
                == firstShape(BithumbDocPayloads.legacyCandlestick, inData: true))
        #expect(try await get(harness, .bithumb, "/public/ticker/NOPE_KRW").body.contains("5500"))

        // The WebSocket sends binary frames; options are camel case (snake case is ignored).
        let request = #"[{"ticket":"t"},{"type":"ticker","codes":["KRW-BTC"],"isOnlySnapshot":true}]"#
        let received = try await frames(harness, .bithumb, sending: [request, "PING"], count: 2)
        guard case .binary(let buffer) = received[0] else {
            Issue.record("not a binary frame")
            return
        }
        #expect(
            try JSONShape(json: String(buffer: buffer)).withoutNulls
                == JSONShape(json: BithumbDocPayloads.streamTicker).withoutNulls)
        guard case .binary(let status) = received[1] else {
            Issue.record("not a binary status frame")
            return
        }
        #expect(String(buffer: status) == #"{"status":"UP"}"#)
        await harness.stop()
    }

    @Test func bithumbsLegacyWebSocketGreetsRegistersAndSendsStringTickers() async throws {
        let harness = try await SimulatorHarness.start(.bithumb, markets: 10, ticksPerSecond: 2000)
        let url = harness.running.webSocketURL(for: .bithumb).replacingOccurrences(of: "/websocket/v1", with: "/pub/ws")
        let logger = {
            var logger = Logger(label: "test.ws")
            logger.logLevel = .critical
            return logger
        }()
        let request = #"{"type":"ticker","symbols":["BTC_KRW"],"tickTypes":["24H"]}"#
        let received = try await withDeadline(seconds: 20, "legacy frames") {
            let collected = FrameBox()
            _ = try await WebSocketClient.connect(url: url, logger: logger) { inbound, outbound, _ in
                try await outbound.write(.text(request))
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    collected.append(message)
                    if collected.frames.count >= 3 { return }
                }
            }
            return collected.frames
        }
        let texts = received.compactMap(text)
        #expect(texts.count == 3)
        let decoder = JSONDecoder()
        #expect(try decoder.decode(BithumbLegacyStreamStatus.self, from: Data(texts[0].utf8)) == .connected)
        #expect(try decoder.decode(BithumbLegacyStreamStatus.self, from: Data(texts[1].utf8)) == .registered)
        #expect(try JSONShape(json: texts[2]) == JSONShape(json: BithumbDocPayloads.legacyStreamTicker))
        await harness.stop()
    }

    @Test func korbitAnswersLikeKorbit() async throws {
        let harness = try await SimulatorHarness.start(.korbit, restLimit: 1000)
        let tickers = try await get(harness, .korbit, "/v2/tickers?symbol=btc_krw,eth_krw")
        #expect(try JSONShape(json: tickers.body) == JSONShape(json: KorbitDocPayloads.tickers))
        #expect(tickers.headers["ratelimit-policy"] == "50;w=1")
        let unknown = try await get(harness, .korbit, "/v2/tickers?symbol=nope_krw,BTC_KRW")
        #expect(unknown.status == 200)
        #expect(unknown.body == #"{"data":[],"success":true}"# || unknown.body == #"{"success":true,"data":[]}"#)
        let pairs = try await get(harness, .korbit, "/v2/currencyPairs")
        #expect(
            try JSONDecoder().decode(KorbitEnvelope<[KorbitCurrencyPairDTO]>.self, from: Data(pairs.body.utf8)).data?
                .isEmpty == false)
        let candles = try await get(harness, .korbit, "/v2/candles?symbol=btc_krw&interval=1D&limit=2")
        #expect(try JSONShape(json: candles.body) == JSONShape(json: KorbitDocPayloads.candles))
        let badLimit = try await get(harness, .korbit, "/v2/candles?symbol=btc_krw&interval=1D&limit=201")
        #expect(badLimit.status == 400)
        #expect(badLimit.body.contains("limit out of range"))
        let badPair = try await get(harness, .korbit, "/v2/candles?symbol=BTC_KRW&interval=1D&limit=2")
        #expect(try JSONShape(json: badPair.body) == JSONShape(json: KorbitDocPayloads.errorInvalidPair))
        let noRoute = try await get(harness, .korbit, "/v2/nope")
        #expect(noRoute.status == 404)
        #expect(noRoute.body.contains("NOT_FOUND"))

        // Text frames: the ack (requestId given), the snapshot, then a fail for an unknown symbol.
        let subscribe = #"[{"method":"subscribe","type":"ticker","symbols":["btc_krw"],"requestId":1}]"#
        let bad = #"[{"method":"subscribe","type":"ticker","symbols":["eth_btc"],"requestId":2}]"#
        let received = try await frames(harness, .korbit, sending: [subscribe, bad], count: 3)
        let texts = received.compactMap(text)
        #expect(texts.count == 3)
        #expect(texts[0] == KorbitDocPayloads.streamAck || texts[0] == #"{"requestId":1,"status":"success"}"#)
        #expect(try JSONShape(json: texts[1]) == JSONShape(json: KorbitDocPayloads.streamSnapshot))
        #expect(texts[2].contains("INVALID_SYMBOL"))
        await harness.stop()
    }

    @Test func binanceAnswersLikeBinance() async throws {
        let harness = try await SimulatorHarness.start(.binance, restLimit: 1000)
        let one = try await get(harness, .binance, "/api/v3/ticker/24hr?symbol=BTCUSDT")
        #expect(try JSONShape(json: one.body) == JSONShape(json: BinanceDocPayloads.ticker24h))
        let several = try await get(
            harness, .binance, #"/api/v3/ticker/24hr?symbols=%5B%22BTCUSDT%22,%22ETHUSDT%22%5D"#)
        #expect(try JSONDecoder().decode([BinanceTicker24hDTO].self, from: Data(several.body.utf8)).count == 2)
        let klines = try await get(harness, .binance, "/api/v3/klines?symbol=BTCUSDT&interval=1d&limit=3")
        #expect(try JSONDecoder().decode([BinanceKline].self, from: Data(klines.body.utf8)).count == 3)
        // Every reply tells the weight used this minute: 2 + 2 + 2 so far (less if a minute began
        // between them), then 20 more for exchange info, which publishes the limit (600 a minute
        // per --rest-limit, 1000 here).
        let usedBefore = try #require(klines.headers["x-mbx-used-weight-1m"].flatMap { Int($0) })
        #expect([2, 4, 6].contains(usedBefore))
        let info = try await get(harness, .binance, "/api/v3/exchangeInfo")
        let usedAfter = try #require(info.headers["x-mbx-used-weight-1m"].flatMap { Int($0) })
        #expect(usedAfter == usedBefore + 20 || usedAfter == 20)
        let limits = try JSONDecoder().decode(BinanceExchangeInfoDTO.self, from: Data(info.body.utf8)).rateLimits
        #expect(
            limits == [
                .init(rateLimitType: "REQUEST_WEIGHT", interval: "MINUTE", intervalNum: 1, limit: 600_000)
            ])
        let invalid = try await get(harness, .binance, "/api/v3/ticker/24hr?symbol=NOPEUSDT")
        #expect(invalid.status == 400)
        #expect(try JSONDecoder().decode(BinanceErrorBody.self, from: Data(invalid.body.utf8)) == .invalidSymbol)

        // Text frames: the result, then each subscribed symbol's ticker within about a second.
        let subscribe = #"{"method":"SUBSCRIBE","params":["btcusdt@ticker"],"id":1}"#
        let received = try await frames(harness, .binance, sending: [subscribe], count: 2)
        let texts = received.compactMap(text)
        #expect(texts.first == BinanceDocPayloads.subscribeReply || texts.first == #"{"id":1,"result":null}"#)
        #expect(try JSONShape(json: texts[1]) == JSONShape(json: BinanceDocPayloads.streamTicker))
        await harness.stop()
    }
}

extension SimulatorVenueDialectTests {
    /// Binance's klines of the spans Sise's charts do not read (§9.4): `2h 6h 8h 12h` of hours and
    /// `3d` of days, each on a multiple of its length since the epoch and adding up the candles
    /// it holds; `10m` is still an invalid interval.
    @Test func binanceServesKlinesOfEverySpanItsAPINames() async throws {
        let harness = try await SimulatorHarness.start(.binance, restLimit: 1000)
        func klines(_ interval: String, limit: Int) async throws -> [BinanceKline] {
            let reply = try await get(
                harness, .binance, "/api/v3/klines?symbol=BTCUSDT&interval=\(interval)&limit=\(limit)")
            #expect(reply.status == 200, "\(interval): \(reply.body)")
            return try JSONDecoder().decode([BinanceKline].self, from: Data(reply.body.utf8))
        }
        for (interval, hours) in [("2h", 2), ("6h", 6), ("8h", 8), ("12h", 12), ("3d", 72)] {
            let length = Int64(hours) * 3_600_000
            let rows = try await klines(interval, limit: 4)
            #expect(rows.count == 4, "\(interval)")
            #expect(
                rows.allSatisfy { $0.openTime % length == 0 && $0.closeTime == $0.openTime + length - 1 }, "\(interval)"
            )
            #expect(zip(rows, rows.dropFirst()).allSatisfy { $1.openTime == $0.openTime + length }, "\(interval)")
        }
        // A closed 12-hour kline holds its twelve hours: their volume, its open the first's.
        let halfDays = try await klines("12h", limit: 2)
        let hours = try await klines("1h", limit: 24).filter {
            $0.openTime >= halfDays[0].openTime && $0.openTime < halfDays[1].openTime
        }
        #expect(hours.count == 12)
        let summed = hours.compactMap { Double($0.volume.text) }.reduce(0, +)
        #expect(abs(summed - (Double(halfDays[0].volume.text) ?? 0)) <= 1e-6 * max(1, summed))
        // Today's prices move with the live tether between the two requests: within 0.01 %.
        let firstOpen = try #require(hours.first.flatMap { Double($0.open.text) })
        #expect(abs(firstOpen / (Double(halfDays[0].open.text) ?? 0) - 1) < 1e-4)
        let invalid = try await get(harness, .binance, "/api/v3/klines?symbol=BTCUSDT&interval=10m")
        #expect(invalid.status == 400 && invalid.body.contains("-1120"))
        await harness.stop()
    }

    /// `<symbol>@kline_1s` (§9.4): each candle goes out closed (`x: true`) once a later one
    /// began, before it, the starts never going back.
    @Test func binancesKlineStreamClosesEveryCandleItSentBeforeTheNextOne() async throws {
        let harness = try await SimulatorHarness.start(.binance, markets: 5, ticksPerSecond: 200)
        let subscribe = #"{"method":"SUBSCRIBE","params":["btcusdt@kline_1s"],"id":1}"#
        let received = try await frames(harness, .binance, sending: [subscribe], count: 12)
        let events = received.compactMap(text).dropFirst().compactMap {
            try? JSONDecoder().decode(BinanceStreamKline.self, from: Data($0.utf8)).k
        }
        #expect(events.count == 11)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t }, "starts never go back")
        var open: Int64?
        for event in events {
            if event.x {
                open = open == event.t ? nil : open
            } else {
                #expect(open == nil || open == event.t, "the candle of \(open ?? 0) went unclosed before \(event.t)")
                open = event.t
            }
        }
        #expect(events.contains { $0.x }, "a candle closed in 11 events of one-second candles")
        await harness.stop()
    }
}

extension JSONShape {
    /// The shape with `null` values taken for the strings they stand for (`delisting_date`).
    var withoutNulls: JSONShape {
        switch self {
        case .object(let fields): .object(fields.mapValues { $0 == .null ? .string : $0.withoutNulls })
        case .array(let element): .array(element?.withoutNulls)
        default: self
        }
    }
}
