import MarketDomain
import Testing

@Suite struct MarketIDTests {
    @Test func parsesQuoteAndBaseFromAnUpperCaseCode() throws {
        let id = try #require(MarketID("KRW-BTC"))
        #expect(id.quote == "KRW")
        #expect(id.base == "BTC")
        #expect(id.rawValue == "KRW-BTC")
        #expect(id.isQuoted(in: "KRW"))
        #expect(!id.isQuoted(in: "KR"))
        #expect(!id.isQuoted(in: "BTC"))
        #expect(try #require(MarketID("USDT-BTC")).isQuoted(in: "USDT"))
    }

    @Test func upperCasesALowerCaseCode() {
        #expect(MarketID("krw-btc")?.rawValue == "KRW-BTC")
        #expect(MarketID(" krw-eth ")?.rawValue == "KRW-ETH")
    }

    @Test(arguments: ["", "BTC", "KRW-", "-BTC", "KRW-BTC-X", "KRW BTC", "KRW-비트", "KRW-BT\u{1B}C"])
    func rejectsWhatIsNotQuoteDashBase(code: String) {
        #expect(MarketID(code) == nil)
    }
}
