import ExchangeWire
import Foundation
import MarketDomain
import SiseSupport
import TestSupport
import Testing

/// The simulator's hand-written Upbit frames are the frames `JSONEncoder` writes.
@Suite struct UpbitStreamTickerJSONTextTests {
    private func ticker(price: Double, delisting: String?) -> UpbitStreamTicker {
        var ticker = UpbitStreamTicker(
            code: "KRW-BTC", openingPrice: price * 0.99, highPrice: price * 1.02, lowPrice: price / 3,
            tradePrice: price, prevClosingPrice: 0.00001234, change: "RISE", changePrice: 1e-7,
            signedChangePrice: -1e16, changeRate: 0.0101643282, signedChangeRate: -0.0101643282, tradeVolume: 0.5,
            accTradeVolume: 1000, accTradeVolume24h: 2000.125, accTradePrice: price * 1000,
            accTradePrice24h: price * 2000, tradeDate: "20260311", tradeTime: "144058",
            tradeTimestamp: 1_773_240_058_195, askBid: "ASK", accAskVolume: 500, accBidVolume: 500,
            highest52WeekPrice: price * 2, highest52WeekDate: "2025-10-09", lowest52WeekPrice: price / 2,
            lowest52WeekDate: "2026-02-06", timestamp: 1_773_240_058_519, streamType: "REALTIME")
        ticker.delistingDate = delisting
        return ticker
    }

    @Test(arguments: [UpbitStreamFormat.default, .simple])
    func aHandWrittenFrameIsTheEncodersFrame(format: UpbitStreamFormat) throws {
        let encoder = JSONEncoder()
        encoder.userInfo[UpbitStreamFormat.userInfoKey] = format
        for (price, delisting) in [(103_458_000.0, nil), (0.0123, "2026-12-01"), (1_234.5, nil)] {
            let original = ticker(price: price, delisting: delisting)
            var writer = JSONTextWriter()
            original.writeJSON(into: &writer, simple: format == .simple)
            // The same members with the same values (the encoder's member order is its own).
            let written = try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? NSDictionary
            let encoded = try JSONSerialization.jsonObject(with: try encoder.encode(original)) as? NSDictionary
            #expect(written != nil && written == encoded)
            #expect(try JSONShape(data: Data(writer.bytes)) == (try JSONShape(data: try encoder.encode(original))))
            #expect(try JSONDecoder().decode(UpbitStreamTicker.self, from: Data(writer.bytes)) == original)
            #expect(UpbitTickerFrameReader.read(writer.bytes) == .ticker(original.toDomain()!))
        }
    }

    /// A ticker longer than the room reserved for one is written whole all the same.
    @Test func aTickerLongerThanItsRoomIsWrittenWhole() throws {
        var original = ticker(price: 1_234.5, delisting: "2026-12-01")
        original.code = "KRW-" + String(repeating: "LONG", count: 600)
        var writer = JSONTextWriter()
        original.writeJSON(into: &writer, simple: false)
        #expect(writer.bytes.count > 2_400)
        #expect(try JSONDecoder().decode(UpbitStreamTicker.self, from: Data(writer.bytes)) == original)
    }

    /// The keys of a flat JSON object, in the order they are written.
    private func keys(_ text: String) -> [String] {
        text.matches(of: /"([a-z0-9_]+)"\s*:/).map { String($0.output.1) }
    }

    /// The simulator writes the members in the order Upbit does (the docs' payloads), the order
    /// the byte reader expects first.
    @Test func theMembersComeInTheOrderUpbitWritesThem() {
        for (format, documented) in [
            (UpbitStreamFormat.default, UpbitDocPayloads.streamTicker),
            (.simple, UpbitDocPayloads.streamTickerSimple),
        ] {
            var writer = JSONTextWriter()
            ticker(price: 32_287_000, delisting: nil).writeJSON(into: &writer, simple: format == .simple)
            #expect(keys(String(decoding: writer.bytes, as: UTF8.self)) == keys(documented))
        }
    }
}
