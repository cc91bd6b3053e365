import ExchangeWire
import Foundation
import MarketDomain
import TestSupport
import Testing

@Suite struct YahooWireTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func aKRXDailyChartGivesBarsDatedInSeoulAndAQuote() throws {
        let reply = try decode(YahooChartResponse.self, YahooDocPayloads.krxChart)
        let result = try #require(reply.chart.result?.first)
        #expect(result.meta.currency == "KRW")
        #expect(result.meta.gmtoffset == 32_400)
        let bars = result.dailyBars()
        #expect(bars.count == 5)
        #expect(bars.last?.close == 251_500)
        #expect(bars.last?.volume == 18_342_710)
        let quote = try #require(result.quote(code: "005930"))
        #expect(quote.price == 251_500)
        #expect(quote.previousClose == 248_000)
        #expect(quote.dayHigh == 253_000)
        #expect(quote.week52Low == 98_300)
        // Re-encoded it keeps the docs' shape (the simulator writes these types).
        #expect(try JSONShape(data: JSONEncoder().encode(reply)) == JSONShape(json: YahooDocPayloads.krxChart))
    }

    @Test func aLiveLastBarReplacesTheBarOfItsDay() throws {
        let reply = try decode(YahooChartResponse.self, YahooDocPayloads.aaplChart)
        let result = try #require(reply.chart.result?.first)
        let bars = result.dailyBars()
        // Six timestamps, each on its own day (the last is the live bar), so every bar is kept.
        #expect(bars.count == 6)
        #expect(bars.last?.close == 228.8699951171875)
        let quote = try #require(result.quote(code: "AAPL"))
        #expect(quote.price == 228.87)
        #expect(quote.timestamp == 1_726_776_001_000)
    }

    @Test func errorsAndSearch() throws {
        let notFound = try decode(YahooChartResponse.self, YahooDocPayloads.notFound)
        #expect(notFound.chart.result == nil)
        #expect(notFound.chart.error == .notFound)
        #expect(try decode(YahooChartResponse.self, YahooDocPayloads.badInterval).chart.error?.code == "Bad Request")
        let encoded = String(decoding: try JSONEncoder().encode(YahooChartResponse(error: .notFound)), as: UTF8.self)
        #expect(encoded.contains(#""result":null"#))
        let search = try decode(YahooSearchResponse.self, YahooDocPayloads.search)
        #expect(search.quotes.map(\.symbol) == ["DSKNF", "109740.KQ"])
        #expect(search.quotes[1].longname == "DSK Co., Ltd.")
        #expect(search.quotes[1].exchDisp == "KOSDAQ")
        let exponent = #"{"quotes":[{"symbol":"AAPL","score":2.86496992E8}]}"#
        #expect(try decode(YahooSearchResponse.self, exponent).quotes.first?.score == 286_496_992)
    }
}
