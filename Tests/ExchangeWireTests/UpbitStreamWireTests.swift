import ExchangeWire
import Foundation
import MarketDomain
import TestSupport
import Testing

@Suite struct UpbitStreamWireTests {
    private func frame(_ json: String) throws -> UpbitStreamFrame {
        try JSONDecoder().decode(UpbitStreamFrame.self, from: Data(json.utf8))
    }

    @Test func theDocsTickerMessageDecodes() throws {
        guard case .ticker(let message) = try frame(UpbitDocPayloads.streamTicker) else {
            Issue.record("not a ticker")
            return
        }
        #expect(message.code == "KRW-BTC")
        #expect(message.streamType == "REALTIME")
        #expect(message.delistingDate == nil)
        let ticker = try #require(message.toDomain())
        #expect(ticker.price == 32_287_000)
        #expect(ticker.changePrice == 404_000)
        #expect(ticker.tradeValue24h == 228_827_082_483.70729)
        #expect(ticker.timestamp == 1_676_965_262_177)
    }

    @Test func theSimpleFormatDecodesToTheSameTicker() throws {
        guard case .ticker(let simple) = try frame(UpbitDocPayloads.streamTickerSimple),
            case .ticker(let full) = try frame(UpbitDocPayloads.streamTicker)
        else {
            Issue.record("not tickers")
            return
        }
        #expect(simple.toDomain() == full.toDomain())
        #expect(simple == full)
    }

    @Test func statusErrorsAndOtherTypesAreTold() throws {
        #expect(try frame(UpbitDocPayloads.status) == .status("UP"))
        #expect(
            try frame(UpbitDocPayloads.errorWebSocket) == .error(.init(name: .text("WRONG_FORMAT"), message: "...")))
        #expect(try frame(#"{"type":"trade","code":"KRW-BTC"}"#) == .other("trade"))
        #expect(throws: (any Error).self) { try frame(#"{"hello":1}"#) }
        #expect(throws: (any Error).self) { try frame("not json") }
    }

    @Test func encodingInEitherFormatHasTheDocsKeysAndTypes() throws {
        guard case .ticker(let message) = try frame(UpbitDocPayloads.streamTicker) else {
            Issue.record("the docs' ticker did not decode as a ticker")
            return
        }
        let encoder = JSONEncoder()
        #expect(try JSONShape(data: encoder.encode(message)) == JSONShape(json: UpbitDocPayloads.streamTicker))
        encoder.userInfo[UpbitStreamFormat.userInfoKey] = UpbitStreamFormat.simple
        #expect(try JSONShape(data: encoder.encode(message)) == JSONShape(json: UpbitDocPayloads.streamTickerSimple))
    }

    @Test func theDocsSubscriptionRequestDecodesAndEncodesBackToItsShape() throws {
        let request = try JSONDecoder().decode(
            UpbitSubscriptionRequest.self, from: Data(UpbitDocPayloads.subscriptionRequest.utf8))
        #expect(request.ticket == "2f1a6d6e-5c1b-4e0c-9c0f-0b5a1e7d9f11")
        #expect(
            request.types == [
                .init(type: "ticker", codes: ["KRW-BTC", "KRW-ETH"], isOnlySnapshot: false, isOnlyRealtime: false)
            ])
        #expect(request.format == .default)
        let encoded = try JSONEncoder().encode(request)
        #expect(try JSONShape(data: encoded) == JSONShape(json: UpbitDocPayloads.subscriptionRequest))
        // The array keeps the documented order: ticket, type, format.
        let text = String(decoding: encoded, as: UTF8.self)
        let ticket = try #require(text.range(of: "ticket"))
        let type = try #require(text.range(of: "\"type\""))
        let format = try #require(text.range(of: "format"))
        #expect(ticket.lowerBound < type.lowerBound && type.lowerBound < format.lowerBound)
    }

    @Test func aRequestWithoutTicketTypeOrCodesIsRefusedByName() {
        let decoder = JSONDecoder()
        #expect(throws: UpbitSubscriptionRequest.Problem.noTicket) {
            try decoder.decode(
                UpbitSubscriptionRequest.self, from: Data(#"[{"type":"ticker","codes":["KRW-BTC"]}]"#.utf8))
        }
        #expect(throws: UpbitSubscriptionRequest.Problem.noType) {
            try decoder.decode(UpbitSubscriptionRequest.self, from: Data(#"[{"ticket":"t"}]"#.utf8))
        }
        #expect(throws: UpbitSubscriptionRequest.Problem.noCodes) {
            try decoder.decode(UpbitSubscriptionRequest.self, from: Data(#"[{"ticket":"t"},{"type":"ticker"}]"#.utf8))
        }
        #expect(throws: UpbitSubscriptionRequest.Problem.wrongFormat) {
            try decoder.decode(
                UpbitSubscriptionRequest.self,
                from: Data(#"[{"ticket":"t"},{"type":"ticker","codes":[]},{"format":"XML"}]"#.utf8))
        }
    }

    /// A `candle.*` message as the docs' field table has it (docs.upbit.com "캔들 (Candle)"),
    /// read into the candle, and written back in SIMPLE keys.
    @Test func aCandleMessageDecodesAndWritesItsShortKeys() throws {
        let payload = """
            {"type":"candle.1s","code":"KRW-BTC","candle_date_time_utc":"2025-01-02T04:28:05",\
            "candle_date_time_kst":"2025-01-02T13:28:05","opening_price":142009000.0,"high_price":142009000.0,\
            "low_price":142009000.0,"trade_price":142009000.0,"candle_acc_trade_volume":0.00606119,\
            "candle_acc_trade_price":860743.5307,"timestamp":1735792085824,"stream_type":"REALTIME"}
            """
        let message = try JSONDecoder().decode(UpbitStreamCandle.self, from: Data(payload.utf8))
        let candle = try #require(message.toDomain())
        // 2025-01-02 04:28:05 UTC.
        #expect(candle.start == 1_735_792_085_000)
        #expect(candle.close == 142_009_000 && candle.volume == 0.00606119 && candle.value == 860_743.5307)
        #expect(UpbitStreamCandle.interval(of: message.type) == .second)
        #expect(UpbitStreamCandle.interval(of: "candle.240m") == .fourHours)
        #expect(UpbitStreamCandle.interval(of: "candle.60m") == .hour)
        #expect(
            UpbitStreamCandle.interval(of: "candle.1h") == nil && UpbitStreamCandle.interval(of: "candle.1d") == nil)
        #expect(UpbitStreamCandle.type(of: .tenMinutes) == "candle.10m" && UpbitStreamCandle.type(of: .day) == nil)
        let written = try UpbitStreamKeys.encoder(simple: true).encode(
            UpbitStreamCandle(candle, interval: .second, market: MarketFixtures.bitcoin.id, snapshot: true, now: 1))
        let object = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        #expect(object["cdttmu"] as? String == "2025-01-02T04:28:05")
        #expect(object["cdttmk"] as? String == "2025-01-02T13:28:05")
        #expect(object["ty"] as? String == "candle.1s" && object["st"] as? String == "SNAPSHOT")
    }
}
