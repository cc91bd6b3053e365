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
}
