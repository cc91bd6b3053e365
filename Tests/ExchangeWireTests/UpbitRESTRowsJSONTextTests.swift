import ExchangeWire
import Foundation
import SiseSupport
import TestSupport
import Testing

/// The simulator's hand-written REST rows (`/v1/ticker/all`, `/v1/market/all`) are the rows
/// `JSONEncoder` writes, member for member, in Upbit's order.
@Suite struct UpbitRESTRowsJSONTextTests {
    private func ticker(price: Double, withYear: Bool) -> UpbitTickerDTO {
        UpbitTickerDTO(
            market: "KRW-BTC", tradeDate: "20260311", tradeTime: "144058", tradeDateKst: "20260311",
            tradeTimeKst: "234058", tradeTimestamp: 1_773_240_058_195, openingPrice: price * 0.99,
            highPrice: price * 1.02, lowPrice: price / 3, tradePrice: price, prevClosingPrice: 0.00001234,
            change: "FALL", changePrice: 1e-7, changeRate: 0.0101643282, signedChangePrice: -1e16,
            signedChangeRate: -0.0101643282, tradeVolume: 0.005, accTradePrice: 104_889_335_894.22629,
            accTradePrice24h: price * 2000, accTradeVolume: 1024.29778103, accTradeVolume24h: 1587.73606087,
            highest52WeekPrice: withYear ? price * 2 : nil, highest52WeekDate: withYear ? "2025-10-09" : nil,
            lowest52WeekPrice: withYear ? price / 2 : nil, lowest52WeekDate: withYear ? "2026-02-06" : nil,
            timestamp: 1_773_240_058_519)
    }

    private func written<Row>(_ row: Row, _ write: (Row, inout JSONTextWriter) -> Void) -> Data {
        var writer = JSONTextWriter()
        write(row, &writer)
        return Data(writer.bytes)
    }

    /// `JSONEncoder` as the simulator's other replies use it, but writing `/` as it is (as the writer does).
    private var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }

    @Test func aHandWrittenTickerRowIsTheEncodersRow() throws {
        for (price, withYear) in [(103_458_000.0, true), (0.0123, false), (1_234.5, true)] {
            let row = ticker(price: price, withYear: withYear)
            let bytes = written(row) { $0.writeJSON(into: &$1) }
            let encoded = try encoder.encode(row)
            // The same members with the same values (the encoder's member order is its own:
            // here, the order of a dictionary; the writer's is Upbit's, tested below).
            let mine = try JSONSerialization.jsonObject(with: bytes) as? NSDictionary
            let theirs = try JSONSerialization.jsonObject(with: encoded) as? NSDictionary
            #expect(mine != nil && mine == theirs)
            #expect(try JSONDecoder().decode(UpbitTickerDTO.self, from: bytes) == row)
        }
    }

    @Test func aHandWrittenMarketRowIsTheEncodersRowWithItsCautionsInUpbitsOrder() throws {
        let cautions = [
            "CONCENTRATION_OF_SMALL_ACCOUNTS": false, "GLOBAL_PRICE_DIFFERENCES": true, "PRICE_FLUCTUATIONS": false,
            "DEPOSIT_AMOUNT_SOARING": false, "TRADING_VOLUME_SOARING": true, "A_NEW_ONE": true,
        ]
        for row in [
            UpbitMarketDTO(
                market: "KRW-BTC", koreanName: "비트코인 \"BTC\"", englishName: "Bitcoin/BTC",
                marketEvent: .init(warning: true, caution: cautions)),
            UpbitMarketDTO(market: "BTC-ETH", koreanName: "이더리움", englishName: "Ethereum"),
        ] {
            let bytes = written(row) { $0.writeJSON(into: &$1) }
            #expect(try JSONDecoder().decode(UpbitMarketDTO.self, from: bytes) == row)
            let mine = try JSONSerialization.jsonObject(with: bytes) as? NSDictionary
            let theirs = try JSONSerialization.jsonObject(with: try encoder.encode(row)) as? NSDictionary
            #expect(mine != nil && mine == theirs)
        }
        let text = String(
            decoding: written(
                UpbitMarketDTO(
                    market: "KRW-BTC", koreanName: "비트코인", englishName: "Bitcoin",
                    marketEvent: .init(warning: false, caution: cautions))
            ) { $0.writeJSON(into: &$1) }, as: UTF8.self)
        #expect(
            keys(text) == [
                "market", "korean_name", "english_name", "market_event", "warning", "caution", "PRICE_FLUCTUATIONS",
                "TRADING_VOLUME_SOARING", "DEPOSIT_AMOUNT_SOARING", "GLOBAL_PRICE_DIFFERENCES",
                "CONCENTRATION_OF_SMALL_ACCOUNTS", "A_NEW_ONE",
            ])
    }

    /// The keys of a JSON text, in the order they are written.
    private func keys(_ text: String) -> [String] {
        text.matches(of: /"([A-Za-z0-9_]+)"\s*:/).map { String($0.output.1) }
    }

    /// The rows come in the order of the docs' payloads, Upbit's own.
    @Test func theMembersComeInTheOrderUpbitWritesThem() throws {
        let documentedTicker = try JSONDecoder().decode(
            [UpbitTickerDTO].self, from: Data(UpbitDocPayloads.tickerAll.utf8))[0]
        #expect(
            keys(String(decoding: written(documentedTicker) { $0.writeJSON(into: &$1) }, as: UTF8.self))
                == keys(UpbitDocPayloads.tickerAll))
        let documentedMarket = try JSONDecoder().decode(
            [UpbitMarketDTO].self, from: Data(UpbitDocPayloads.marketAll.utf8))[0]
        #expect(
            keys(String(decoding: written(documentedMarket) { $0.writeJSON(into: &$1) }, as: UTF8.self))
                == keys(UpbitDocPayloads.marketAll))
    }

    /// A day candle row, as the simulator answers `/v1/candles/days`: the encoder's members and
    /// values, in the documented order, read back as the same row.
    @Test func aHandWrittenDayCandleIsTheEncodersRowInUpbitsOrder() throws {
        let documented = try JSONDecoder().decode([UpbitCandleDTO].self, from: Data(UpbitDocPayloads.candlesDays.utf8))
        var rows = documented
        rows.append(
            UpbitCandleDTO(
                market: "KRW-XRP", candleDateTimeUtc: "2026-03-10T00:00:00", candleDateTimeKst: "2026-03-10T09:00:00",
                openingPrice: 0.000_123_4, highPrice: 3_001.5, lowPrice: 1e-7, tradePrice: 2_999.999_999,
                timestamp: 1_773_100_800_000, candleAccTradePrice: 1.234_567_890_123_4e11,
                candleAccTradeVolume: 0.1 + 0.2, prevClosingPrice: 3_000, changePrice: -0.000_001,
                changeRate: -3.333e-10))
        for row in rows {
            let bytes = written(row) { $0.writeJSON(into: &$1) }
            let mine = try JSONSerialization.jsonObject(with: bytes) as? NSDictionary
            let theirs = try JSONSerialization.jsonObject(with: encoder.encode(row)) as? NSDictionary
            #expect(mine != nil && mine == theirs)
            #expect(try JSONDecoder().decode(UpbitCandleDTO.self, from: bytes) == row)
        }
        #expect(
            keys(String(decoding: written(documented[0]) { $0.writeJSON(into: &$1) }, as: UTF8.self))
                == keys(UpbitDocPayloads.candlesDays))
    }
}
