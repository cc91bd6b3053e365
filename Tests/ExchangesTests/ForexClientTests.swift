import ExchangeWire
import Exchanges
import Foundation
import MarketDomain
import Testing

/// Dunamu's forex quote as exchange-apis.md §9.1 documents it, and the rate Sise reads from it.
@Suite struct ForexClientTests {
    /// The documented payload: an array whose first object is the quote, some fields null.
    static let payload = """
        [{"code":"FRX.KRWUSD","currencyCode":"USD","currencyName":"달러","country":"미국","name":"미국 (KRW/USD)",
        "date":"2023-05-19","time":"23:58:00","recurrenceCount":581,"basePrice":1327.5,"openingPrice":1335.0,
        "highPrice":1337.0,"lowPrice":1326.5,"change":"FALL","changePrice":7.5,"cashBuyingPrice":1350.73,
        "cashSellingPrice":1304.27,"ttBuyingPrice":1314.5,"ttSellingPrice":1340.5,"tcBuyingPrice":null,
        "fcSellingPrice":null,"exchangeCommission":2.2436,"usDollarRate":1.0,"high52wPrice":1444.0,
        "high52wDate":"2022-10-25","low52wPrice":1216.6,"low52wDate":"2023-02-02","currencyUnit":1,
        "provider":"하나은행","timestamp":1684508282000,"id":79,"createdAt":"2016-10-21T06:13:34.000+0000",
        "modifiedAt":"2023-05-19T14:58:02.000+0000","changeRate":0.0056179775,"signedChangePrice":-7.5,
        "signedChangeRate":-0.0056179775}]
        """

    @Test func theDocumentedQuoteGivesItsBasePriceProviderAndTime() throws {
        let quotes = try JSONDecoder().decode([DunamuForexQuote].self, from: Data(Self.payload.utf8))
        #expect(quotes.first?.tcBuyingPrice == nil)
        #expect(quotes.first?.signedChangeRate == -0.0056179775)
        let rate = try ForexClient.rate(of: quotes)
        #expect(rate.usdKRW == 1327.5 && rate.source == .dunamu && rate.provider == "하나은행")
        #expect(rate.time == 1_684_508_282_000)
        #expect(rate.sourceText == "Dunamu (하나은행)" && rate.rateText == "1,327.50")
    }

    @Test func aQuoteWithoutItsTimestampIsTimedByItsKoreanDateAndTime() throws {
        var quote = DunamuForexQuote()
        quote.basePrice = 1_380
        quote.date = "2023-05-19"
        quote.time = "23:58:00"
        // 23:58 in Seoul is 14:58 UTC.
        #expect(try ForexClient.rate(of: [quote]).time == 1_684_508_280_000)
    }

    /// A quote that gives no time is timed when it was read, never as 1970 (issue 63).
    @Test func aQuoteWithNoTimeIsTimedWhenItWasRead() throws {
        var quote = DunamuForexQuote()
        quote.basePrice = 1_380.5
        #expect(try ForexClient.rate(of: [quote], readAt: 1_796_000_000_000).time == 1_796_000_000_000)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        #expect(try ForexClient.rate(of: [quote]).time >= now - 60_000)
    }

    @Test func anImplausibleOrMissingRateIsRefusedWithAReason() {
        var quote = DunamuForexQuote()
        quote.basePrice = 13.275
        #expect(throws: ExchangeError.badResponse("Dunamu forex: 13.275 is not a plausible USD/KRW (500–3,000)")) {
            try ForexClient.rate(of: [quote])
        }
        #expect(throws: ExchangeError.badResponse("Dunamu forex: no basePrice in the answer")) {
            try ForexClient.rate(of: [])
        }
        #expect(ForexRate(usdKRW: .nan, source: .yahoo, time: 0) == nil)
        #expect(ForexRate(usdKRW: 3_000.01, source: .yahoo, time: 0) == nil)
        #expect(ForexRate(usdKRW: 500, source: .yahoo, time: 0) != nil)
    }
}
