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

    /// A code read from a frame's bytes is the code read from its text: every string of up to five
    /// characters from letters of both cases, a digit, dashes, spaces and a non-ASCII letter.
    @Test func aCodeFromBytesIsTheCodeFromItsText() {
        let alphabet = ["K", "b", "7", "-", " ", "\t", "é"]
        var codes = [""]
        for _ in 1...5 {
            codes += codes.filter { $0.count == codes.last!.count }.flatMap { code in alphabet.map { code + $0 } }
        }
        codes += ["KRW-BTC", "krw-btc", " KRW-ETH\n", "USDT-1INCH", "KRW-BTC-X", "KRW--BTC", "KRW-비트"]
        for code in codes {
            var bytes = Array(code.utf8)
            let fromBytes = bytes.withUnsafeMutableBufferPointer { MarketID(utf8: UnsafeBufferPointer($0)) }
            #expect(fromBytes?.rawValue == MarketID(code)?.rawValue, "\(code.debugDescription)")
        }
    }
}
