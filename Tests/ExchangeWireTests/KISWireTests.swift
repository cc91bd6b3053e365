import ExchangeWire
import Foundation
import MarketDomain
import TestSupport
import Testing

@Suite struct KISWireTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func theTokenAnswerHasANumberLifetimeAndAKSTExpiry() throws {
        let token = try decode(KISTokenResponse.self, KISDocPayloads.token)
        #expect(token.expiresIn == 86_400)
        #expect(token.tokenType == "Bearer")
        // 2024-01-02 00:00:00 KST is 2024-01-01 15:00:00 UTC.
        #expect(KISTime.parseKSTDateTime(token.accessTokenTokenExpired) == 1_704_121_200_000)
        #expect(KISTime.kstDateTime(unixMilliseconds: 1_704_121_200_000) == "2024-01-02 00:00:00")
        #expect(try JSONShape(data: JSONEncoder().encode(token)) == JSONShape(json: KISDocPayloads.token))
        let error = try decode(KISTokenError.self, KISDocPayloads.tokenTooSoon)
        #expect(error.errorCode == KISEndpoint.ErrorCode.tokenTooSoon)
        let request = try JSONEncoder().encode(KISTokenRequest(appkey: "PSxx", appsecret: "yy"))
        #expect(String(decoding: request, as: UTF8.self).contains(#""grant_type":"client_credentials""#))
    }

    @Test func theCurrentPriceReadsStringsIntoAQuote() throws {
        let reply = try decode(KISPriceResponse.self, KISDocPayloads.inquirePrice)
        #expect(reply.status == .ok)
        let output = try #require(reply.output)
        #expect(output.bstpKorIsnm == "전기.전자")
        let quote = try #require(output.toDomain(time: 7))
        #expect(quote.code == "005930")
        #expect(quote.price == 75_700)
        #expect(quote.previousClose == 77_300)
        #expect(quote.changePrice == -1_600)
        #expect(abs(quote.changeRate + 0.0207) < 1e-12)
        #expect(quote.volume == 14_598_755)
        #expect(quote.tradeValue == 1_109_351_578_979)
        #expect(quote.week52High == 86_000)
        #expect(quote.dayLow == 75_600)
    }

    @Test func dailyRowsReadNewestFirstWithDates() throws {
        let reply = try decode(KISDailyPriceResponse.self, KISDocPayloads.dailyPrice)
        let bar = try #require(reply.output.first?.toDomain())
        #expect(bar.day == TradingDay(year: 2024, month: 10, day: 2))
        #expect(bar.close == 70_100)
        #expect(bar.volume == 12_560_000)
        let row = try decode(KISDailyRow.self, KISDocPayloads.chartRow)
        #expect(row.acmlTrPbmn?.value == 141_122_636_250)
        #expect(row.toDomain()?.high == 363_500)
    }

    @Test func errorsAreTheStatusFields() throws {
        let limited = try decode(KISStatus.self, KISDocPayloads.rateLimited)
        #expect(limited == .rateLimited)
        let reply = try decode(KISPriceResponse.self, KISDocPayloads.rateLimited)
        #expect(reply.output == nil)
        #expect(reply.status.msgCd == KISEndpoint.ErrorCode.rateLimited)
    }

    @Test func theOverseasPriceAndDailyRowsReadIntoAUSQuoteAndBars() throws {
        let price = try decode(KISOverseasPriceResponse.self, KISDocPayloads.overseasPrice)
        let daily = try decode(KISOverseasDailyResponse.self, KISDocPayloads.overseasDailyPrice)
        #expect(daily.summary?.rsym == "DNASAAPL" && daily.rows.count == 2)
        let bars = daily.rows.compactMap { $0.toDomain() }
        #expect(bars.map(\.day.description) == ["2026-11-24", "2026-11-23"])
        #expect(bars[0].close == 231.73 && bars[0].high == 231.73 && bars[0].volume == 270_776)
        let quote = try #require(price.output?.toDomain(code: "AAPL", time: 5, today: bars.first))
        #expect(quote.price == 231.73 && quote.previousClose == 229)
        #expect(abs(quote.changePrice - 2.73) < 1e-9 && abs(quote.changeRate - 0.0119) < 1e-9)
        #expect(quote.dayHigh == 231.73 && quote.dayLow == 229.82 && quote.tradeValue == 62_420_044)
        // The rows alone give the same day: the second row's close is the previous close.
        let fromRows = try #require(daily.quote(code: "AAPL", time: 5))
        #expect(fromRows.price == quote.price && fromRows.previousClose == quote.previousClose)
        // A fall is signed by its sign code whatever the spelling of `diff`.
        #expect(daily.rows[1].sign == "5")
        // What the simulator writes has the sample's keys and types.
        #expect(
            try JSONShape(data: JSONEncoder().encode(price)) == JSONShape(json: KISDocPayloads.overseasPrice))
        #expect(
            try JSONShape(data: JSONEncoder().encode(daily)) == JSONShape(json: KISDocPayloads.overseasDailyPrice))
        // KIS answers an unknown ticker with empty fields: no quote.
        let empty =
            #"{"output":{"rsym":"","zdiv":"0","base":"","pvol":"","last":"","sign":"","diff":"","rate":"","#
            + #""tvol":"","tamt":"","ordy":""},"rt_cd":"0","msg_cd":"MCA00000","msg1":"정상처리 되었습니다."}"#
        #expect(try decode(KISOverseasPriceResponse.self, empty).output?.toDomain(code: "NOPE", time: 5) == nil)
        #expect(KISOverseas.ExchangeCode(.nasdaq) == .nasdaq && KISOverseas.ExchangeCode(.kospi) == nil)
    }
}

@Suite struct KISMasterFileTests {
    @Test func aCP949LineGivesTheCodeAndTheKoreanName() throws {
        // 삼성전자 in CP949 is bb ef bc ba c0 fc c0 da (checked on this machine, exchange-apis §5.3).
        var bytes = Array("005930   KR7005930003".utf8) + [0xBB, 0xEF, 0xBC, 0xBA, 0xC0, 0xFC, 0xC0, 0xDA]
        bytes += Array(String(repeating: "N", count: 227).utf8) + [0x0A]
        let stocks = KISMasterFile.stocks(from: Data(bytes), kind: .kospi)
        #expect(stocks == [StockFixtures.samsung])
        // The same line read with KOSDAQ's shorter tail keeps six tail characters in the name: no match.
        #expect(KISMasterFile.stocks(from: Data(bytes), kind: .kosdaq).first?.koreanName != "삼성전자")
    }

    @Test func filesWrittenForTheSimulatorReadBack() {
        let stocks = [
            Stock(code: "247540", koreanName: "에코프로비엠", englishName: "", market: .kosdaq),
            Stock(code: "086520", koreanName: "에코프로", englishName: "", market: .kosdaq),
        ]
        let data = KISMasterFile.data(for: stocks, kind: .kosdaq)
        #expect(KISMasterFile.stocks(from: data, kind: .kosdaq) == stocks)
        #expect(KISMasterFile.stocks(from: Data([0xFF, 0xFE, 0x00]), kind: .kospi).isEmpty)
    }
}
