import ExchangeWire
import Foundation
import MarketDomain
import TestSupport
import Testing

@Suite struct UpbitRESTWireTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    /// The shape of docs.upbit.com "호가 정보 조회" (`GET /v1/orderbook?markets=KRW-BTC`): its fields,
    /// 1호가 first; two units here.
    @Test func theDocsOrderbookDecodesToABookThatIsNeverCrossed() throws {
        let json = #"""
            [{"market":"KRW-BTC","timestamp":1529910247984,"total_ask_size":8.83621228,"total_bid_size":2.43976741,
            "orderbook_units":[{"ask_price":6956000,"bid_price":6954000,"ask_size":0.24078656,"bid_size":0.00718341},
            {"ask_price":6958000,"bid_price":6953000,"ask_size":1.12919,"bid_size":0.11500074}],"level":0}]
            """#
        let rows = try decode([UpbitOrderbookDTO].self, json)
        let book = try #require(rows.first?.toDomain())
        #expect(book.market == MarketID("KRW-BTC"))
        #expect(book.timestamp == 1_529_910_247_984)
        #expect(book.asks.map(\.price) == [6_956_000, 6_958_000])
        #expect(book.bids.map(\.price) == [6_954_000, 6_953_000])
        #expect(book.spread == 2_000)
        #expect(book.asks.first?.size == 0.24078656)
        // Written back the way Upbit writes it, it reads the same.
        let again = try decode(
            [UpbitOrderbookDTO].self,
            String(decoding: try JSONEncoder().encode([UpbitOrderbookDTO(book)]), as: UTF8.self))
        #expect(again.first?.toDomain() == book)
    }

    /// Bithumb's v1 writes some epoch fields 9 h ahead (KST wall time, exchange-apis.md §2.3): a
    /// trade whose `timestamp` reads exactly that far ahead of its UTC date and time is taken at
    /// the UTC time; any other disagreement is left as sent (for the plausibility check).
    @Test func aTradeStampedInKSTIsReadAtItsUTCTime() throws {
        let json = #"""
            [{"market":"KRW-BTC","trade_date_utc":"2018-04-18","trade_time_utc":"10:19:58","timestamp":1524079198123,
            "trade_price":8616000,"trade_volume":0.03060688,"prev_closing_price":8450000,"change_price":166000,
            "ask_bid":"ASK","sequential_id":15240467980000},
            {"market":"KRW-BTC","trade_date_utc":"2018-04-18","trade_time_utc":"10:19:58","timestamp":9524046798000,
            "trade_price":8616000,"trade_volume":0.03060688,"prev_closing_price":8450000,"change_price":166000,
            "ask_bid":"ASK","sequential_id":15240467980001}]
            """#
        let trades = try decode([UpbitTradeTickDTO].self, json).compactMap { $0.toDomain() }
        #expect(trades.map(\.timestamp) == [1_524_046_798_123, 9_524_046_798_000])
    }

    /// docs.upbit.com "최근 체결 내역" (`GET /v1/trades/ticks`): `ASK` is a seller taking a bid.
    @Test func theDocsTradeTicksDecodeToTradesWithTheTakersSide() throws {
        let json = #"""
            [{"market":"KRW-BTC","trade_date_utc":"2018-04-18","trade_time_utc":"10:19:58","timestamp":1524046798000,
            "trade_price":8616000,"trade_volume":0.03060688,"prev_closing_price":8450000,"change_price":166000,
            "ask_bid":"ASK","sequential_id":15240467980000}]
            """#
        let rows = try decode([UpbitTradeTickDTO].self, json)
        let trade = try #require(rows.first?.toDomain())
        #expect(trade.side == .sell && trade.price == 8_616_000 && trade.size == 0.03060688)
        #expect(trade.timestamp == 1_524_046_798_000 && trade.id == 15_240_467_980_000)
        let written = UpbitTradeTickDTO(trade, previousClose: 8_450_000)
        #expect(written == rows.first)
    }

    @Test func theDocsMarketListDecodesToAMarketWithNames() throws {
        let rows = try decode([UpbitMarketDTO].self, UpbitDocPayloads.marketAll)
        #expect(rows.count == 1)
        #expect(rows[0].marketEvent?.caution["PRICE_FLUCTUATIONS"] == false)
        let market = try #require(rows[0].toDomain())
        #expect(market == Market(id: MarketID("KRW-BTC")!, koreanName: "비트코인", englishName: "Bitcoin"))
        #expect(market.warning == nil)
    }

    @Test func aMarketEventIsA유의OrA주의WithItsReasons() throws {
        func warning(_ event: String) throws -> MarketWarning? {
            let json = #"[{"market":"KRW-XRP","korean_name":"엑스알피","english_name":"XRP","market_event":"# + event + "}]"
            return try #require(try decode([UpbitMarketDTO].self, json).first?.toDomain()).warning
        }
        let cautions =
            #""caution":{"PRICE_FLUCTUATIONS":true,"TRADING_VOLUME_SOARING":true,"DEPOSIT_AMOUNT_SOARING":false}"#
        #expect(
            try warning("{\"warning\":false,\(cautions)}")
                == MarketWarning(level: .caution, reasons: ["가격 급등락", "거래량 급등"]))
        #expect(try warning("{\"warning\":true,\"caution\":{}}") == MarketWarning(level: .warning))
        #expect(try warning("{\"warning\":true,\(cautions)}")?.description == "유의: 가격 급등락, 거래량 급등")
        // A caution Sise does not know yet is shown by its name, cleaned of control characters.
        #expect(
            try warning("{\"warning\":false,\"caution\":{\"NEW_REASON\\u001b[31m\":true}}")?.reasons == [
                "NEW_REASON[31m"
            ])
    }

    @Test func theDocsTickerDecodesToADomainTicker() throws {
        let rows = try decode([UpbitTickerDTO].self, UpbitDocPayloads.tickerAll)
        let ticker = try #require(rows.first?.toDomain())
        #expect(ticker.marketID.rawValue == "KRW-BTC")
        #expect(ticker.price == 103_458_000)
        #expect(ticker.changePrice == 1_041_000)
        #expect(ticker.changeRate == 0.0101643282)
        #expect(ticker.tradeValue24h == 162_997_300_132.123)
        #expect(ticker.volume24h == 1587.73606087)
        #expect(ticker.high == 103_988_000)
        #expect(ticker.low == 101_150_000)
        #expect(ticker.previousClose == 102_417_000)
        #expect(ticker.timestamp == 1_773_240_058_519)
        #expect(ticker.direction == .rise)
    }

    @Test func aFallingTickerKeepsItsSign() throws {
        let json = UpbitDocPayloads.tickerAll
            .replacingOccurrences(of: "\"signed_change_price\": 1041000.0", with: "\"signed_change_price\": -11.5")
            .replacingOccurrences(
                of: "\"signed_change_rate\": 0.0101643282", with: "\"signed_change_rate\": -0.1179487179")
        let ticker = try #require(try decode([UpbitTickerDTO].self, json).first?.toDomain())
        #expect(ticker.changePrice == -11.5)
        #expect(ticker.changeRate == -0.1179487179)
        #expect(ticker.direction == .fall)
    }

    @Test func anEvenTickersIntegerZeroesDecode() throws {
        let json = UpbitDocPayloads.tickerAll
            .replacingOccurrences(of: "\"change_price\": 1041000.0", with: "\"change_price\": 0")
            .replacingOccurrences(of: "\"signed_change_price\": 1041000.0", with: "\"signed_change_price\": 0")
            .replacingOccurrences(of: "\"signed_change_rate\": 0.0101643282", with: "\"signed_change_rate\": 0")
        let ticker = try #require(try decode([UpbitTickerDTO].self, json).first?.toDomain())
        #expect(ticker.direction == .even)
    }

    @Test func theDocsCandleDecodesToADomainCandle() throws {
        let candle = try #require(try decode([UpbitCandleDTO].self, UpbitDocPayloads.candlesDays).first?.toDomain())
        #expect(candle.day.description == "2026-03-11")
        #expect(candle.open == 102_417_000)
        #expect(candle.close == 103_460_000)
        #expect(candle.value == 104_890_599_315.22821)
    }

    /// Issue 30: the candles beyond days have the day candle's fields (§9.4), so the docs' day
    /// row reads as one; a minute row carries its `unit`, a week its `first_day_of_period`.
    @Test func candlesOfEveryIntervalReadTheirStartFromTheUTCTime() throws {
        let day = try #require(try decode([UpbitIntervalCandleDTO].self, UpbitDocPayloads.candlesDays).first)
        #expect(day.toDomain()?.start == TradingDay(year: 2026, month: 3, day: 11)?.startUnixMilliseconds)
        let minute = """
            [{"market":"KRW-BTC","candle_date_time_utc":"2026-03-11T04:05:00","candle_date_time_kst":"2026-03-11T13:05:00",
            "opening_price":102417000.0,"high_price":102450000.0,"low_price":102400000.0,"trade_price":102440000.0,
            "timestamp":1773201957123,"candle_acc_trade_price":512345678.9,"candle_acc_trade_volume":5.0012,"unit":5}]
            """
        let row = try #require(try decode([UpbitIntervalCandleDTO].self, minute).first)
        #expect(row.unit == 5)
        let candle = try #require(row.toDomain())
        #expect(candle.start == 1_773_201_900_000)
        #expect(candle.close == 102_440_000 && candle.volume == 5.0012 && candle.value == 512_345_678.9)
        let week = try JSONEncoder().encode(
            UpbitIntervalCandleDTO(
                market: "KRW-BTC", candleDateTimeUtc: "2026-03-09T00:00:00", candleDateTimeKst: "2026-03-09T09:00:00",
                openingPrice: 1, highPrice: 2, lowPrice: 1, tradePrice: 2, timestamp: 0, candleAccTradePrice: 2,
                candleAccTradeVolume: 1, firstDayOfPeriod: "2026-03-09"))
        let keys = try #require(try JSONSerialization.jsonObject(with: week) as? [String: Any]).keys
        #expect(keys.contains("first_day_of_period") && !keys.contains("unit"))
    }

    @Test func errorNamesDecodeAsNumbersOrStrings() throws {
        let notFound = try decode(UpbitErrorBody.self, UpbitDocPayloads.errorCodeNotFound)
        #expect(notFound == .codeNotFound)
        #expect(notFound.error.name == .number(404))
        let noRoute = try decode(UpbitErrorBody.self, UpbitDocPayloads.errorNoRoute)
        #expect(noRoute.error.name == .text("not_found"))
        #expect(try decode(UpbitErrorBody.self, UpbitDocPayloads.errorMissingParameter) == .missingParameter)
    }

    @Test func whatWeEncodeHasTheDocsKeysAndJSONTypes() throws {
        let encoder = JSONEncoder()
        let market = try decode([UpbitMarketDTO].self, UpbitDocPayloads.marketAll)
        #expect(try JSONShape(data: encoder.encode(market)) == JSONShape(json: UpbitDocPayloads.marketAll))
        let tickers = try decode([UpbitTickerDTO].self, UpbitDocPayloads.tickerAll)
        #expect(try JSONShape(data: encoder.encode(tickers)) == JSONShape(json: UpbitDocPayloads.tickerAll))
        let candles = try decode([UpbitCandleDTO].self, UpbitDocPayloads.candlesDays)
        #expect(try JSONShape(data: encoder.encode(candles)) == JSONShape(json: UpbitDocPayloads.candlesDays))
        for body in [UpbitDocPayloads.errorCodeNotFound, UpbitDocPayloads.errorNoRoute] {
            let decoded = try decode(UpbitErrorBody.self, body)
            #expect(try JSONShape(data: encoder.encode(decoded)) == JSONShape(json: body))
        }
    }

    @Test func timesAreSpelledAsUpbitSpellsThem() {
        #expect(UpbitTime.compactDate(unixMilliseconds: 1_773_240_058_195) == "20260311")
        #expect(UpbitTime.compactTime(unixMilliseconds: 1_773_240_058_195) == "144058")
        #expect(
            UpbitTime.compactTime(unixMilliseconds: 1_773_240_058_195 + UpbitTime.kstOffsetMilliseconds) == "234058")
        #expect(UpbitTime.isoLocal(unixMilliseconds: 1_773_187_200_000) == "2026-03-11T00:00:00")
    }

    @Test func theCandleToParameterTakesEveryDocumentedSpelling() {
        let midnight: Int64 = 1_773_187_200_000
        #expect(UpbitTime.parseTo("2026-03-11T00:00:00Z") == midnight)
        #expect(UpbitTime.parseTo("2026-03-11 00:00:00") == midnight)
        #expect(UpbitTime.parseTo("2026-03-11T09:00:00+09:00") == midnight)
        #expect(UpbitTime.parseTo("2026-03-11") == nil)
        #expect(UpbitTime.parseTo("2026-03-11T25:00:00") == nil)
        #expect(UpbitTime.parseTo("nonsense") == nil)
    }
}
