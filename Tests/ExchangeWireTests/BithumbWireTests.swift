import ExchangeWire
import Foundation
import MarketDomain
import TestSupport
import Testing

@Suite struct BithumbWireTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func theDocsAssetsStatusDecodesEachCoinsFlagsAndAFlagThatIsNoNumberIsRefused() throws {
        let status = try decode(BithumbAssetsStatus.self, BithumbDocPayloads.assetsStatus)
        #expect(status.status == "0000")
        #expect(status.data["BTC"] == BithumbAssetsStatus.Flags(depositStatus: 1, withdrawalStatus: 1))
        #expect(status.data["XRP"] == BithumbAssetsStatus.Flags(depositStatus: 1, withdrawalStatus: 0))
        #expect(status.data["ETH"] == BithumbAssetsStatus.Flags(depositStatus: 0, withdrawalStatus: 0))
        // Flags sent as strings read the same; anything else is refused.
        let strings = #"{"status":"0000","data":{"BTC":{"deposit_status":"1","withdrawal_status":"0"}}}"#
        #expect(try decode(BithumbAssetsStatus.self, strings).data["BTC"]?.withdrawalStatus == 0)
        let garbage = #"{"status":"0000","data":{"BTC":{"deposit_status":"open","withdrawal_status":1}}}"#
        #expect(throws: DecodingError.self) { try decode(BithumbAssetsStatus.self, garbage) }
    }

    @Test func theDocsMarketListDecodesWithKoreanNames() throws {
        let rows = try decode([BithumbMarketDTO].self, BithumbDocPayloads.marketAll)
        #expect(rows.first?.marketWarning == "NONE")
        #expect(rows.first?.toDomain() == Market(id: MarketID("KRW-BTC")!, koreanName: "비트코인", englishName: "Bitcoin"))
        let warned = #"[{"market":"KRW-XRP","korean_name":"엑스알피","english_name":"XRP","market_warning":"CAUTION"}]"#
        #expect(
            try decode([BithumbMarketDTO].self, warned).first?.toDomain()?.warning
                == MarketWarning(level: .warning, reasons: ["투자유의 지정"]))
    }

    @Test func theV1TickerTakesItsTimeFromTradeDateAndTimeNotTheSkewedEpochs() throws {
        let row = try #require(try decode([BithumbTickerDTO].self, BithumbDocPayloads.ticker).first)
        let ticker = try #require(row.bithumbToDomain())
        #expect(ticker.price == 143_950_000)
        #expect(ticker.changePrice == -297_000)
        #expect(ticker.changeRate == -0.0021)
        #expect(ticker.tradeValue24h == 75_979_337_540.7154)
        // 2025-06-21 04:28:55 UTC: trade_date + trade_time, not trade_timestamp (13:28:55 "UTC").
        #expect(ticker.timestamp == 1_750_480_135_000)
        #expect(row.tradeTimestamp - ticker.timestamp > 8 * 3_600_000)
    }

    @Test func theV1WebSocketFrameDecodesWithANullDelistingDate() throws {
        let message = try decode(BithumbStreamTicker.self, BithumbDocPayloads.streamTicker)
        #expect(message.delistingDate == nil)
        #expect(message.streamType == "SNAPSHOT")
        let ticker = try #require(message.toDomain())
        #expect(ticker.marketID.rawValue == "KRW-BTC")
        #expect(ticker.price == 493_100)
        #expect(ticker.timestamp == 1_725_927_377_287)
        let empty = BithumbDocPayloads.streamTicker.replacingOccurrences(
            of: #""delisting_date":null"#, with: #""delisting_date":"""#)
        #expect(try decode(BithumbStreamTicker.self, empty).delistingDate == "")
    }

    @Test func errorsDecodeWhateverTheStatus() throws {
        let notFound = try decode(BithumbErrorBody.self, BithumbDocPayloads.errorCodeNotFound)
        #expect(notFound.error.name == .number(404))
        #expect(notFound.error.message == "Code not found")
        #expect(try decode(BithumbRouteError.self, BithumbDocPayloads.errorNoRoute) == .noRoute)
        let stream = try decode(UpbitStreamFrame.self, BithumbDocPayloads.streamError)
        guard case .error(let detail) = stream else {
            Issue.record("not an error frame")
            return
        }
        #expect(detail.name == .text("NO_TICKET"))
    }

    @Test func theLegacyAllTickerSetsTheDateKeyApartAndReadsStrings() throws {
        let reply = try decode(BithumbLegacyTickers.self, BithumbDocPayloads.legacyTickerAll)
        #expect(reply.status == "0000")
        #expect(reply.date == 1_587_710_878_669)
        #expect(Array(reply.tickers.keys) == ["BTC"])
        let ticker = try #require(reply.tickers["BTC"]?.toDomain(symbol: "BTC", date: reply.date))
        #expect(ticker.marketID.rawValue == "KRW-BTC")
        #expect(ticker.price == 9_132_000)
        #expect(ticker.previousClose == 9_041_000)
        #expect(ticker.high == 9_168_000)
        #expect(ticker.tradeValue24h == 78_933_458_515.4962)
        // Re-encoded, it keeps the docs' shape: strings everywhere, `date` among the coins.
        let again = try JSONShape(data: JSONEncoder().encode(reply))
        #expect(again == (try JSONShape(json: BithumbDocPayloads.legacyTickerAll)))
    }

    @Test func theLegacyCandleReadsTheCloseBeforeTheHigh() throws {
        let reply = try decode(BithumbLegacyCandles.self, BithumbDocPayloads.legacyCandlestick)
        let candle = try #require(reply.data.first?.toDomain())
        #expect(candle.open == 8_284_000)
        #expect(candle.close == 8_286_000)
        #expect(candle.high == 8_289_000)
        #expect(candle.low == 8_276_000)
        #expect(candle.volume == 15.41503692)
        #expect(
            try JSONShape(data: JSONEncoder().encode(reply)) == JSONShape(json: BithumbDocPayloads.legacyCandlestick))
        let status = try decode(BithumbLegacyStatus.self, BithumbDocPayloads.legacyError)
        #expect(status == .notListed)
    }

    @Test func theLegacyWebSocketTickerReadsStringsAndKSTTimes() throws {
        let subscription = try decode(BithumbLegacySubscription.self, BithumbDocPayloads.legacySubscribe)
        #expect(subscription.symbols == ["BTC_KRW", "ETH_KRW"])
        #expect(try decode(BithumbLegacyStreamStatus.self, BithumbDocPayloads.legacyConnected) == .connected)
        #expect(try decode(BithumbLegacyStreamStatus.self, BithumbDocPayloads.legacyRegistered) == .registered)
        let message = try decode(BithumbLegacyStreamTicker.self, BithumbDocPayloads.legacyStreamTicker)
        let ticker = try #require(message.toDomain())
        #expect(ticker.marketID.rawValue == "KRW-BTC")
        #expect(ticker.price == 2_317)
        #expect(ticker.changePrice == 15)
        #expect(abs(ticker.changeRate - 0.0065) < 1e-12)
        // 2020-01-29 12:18:44 KST is 03:18:44 UTC.
        #expect(ticker.timestamp == 1_580_267_924_000)
        #expect(
            try JSONShape(data: JSONEncoder().encode(message)) == JSONShape(json: BithumbDocPayloads.legacyStreamTicker)
        )
    }
}
