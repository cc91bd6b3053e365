import HeadlessOutput
import MarketDomain
import MarketFeatures
import TestSupport
import Testing

@Suite struct HeadlessOutputTests {
    @Test func aQuoteRecordCarriesSignedChangesAFractionAndMilliseconds() {
        let quote = MarketFixtures.quote(MarketFixtures.ethereum, price: 4_950_000, change: -50_000, value: 5e9)
        let record = QuoteRecord(quote, exchange: .upbit)
        #expect(record.exchange == "upbit")
        #expect(record.market == "KRW-ETH")
        #expect(record.symbol == "ETH")
        #expect(record.koreanName == "이더리움")
        #expect(record.changePrice == -50_000)
        #expect(record.changeRate == -0.01)
        #expect(record.timestamp == 1_000)
    }

    @Test func csvQuotesWhatNeedsQuoting() {
        #expect(CSV.line(["a", "b,c", "say \"hi\"", "엑스알피 [리플]"]) == #"a,"b,c","say ""hi""",엑스알피 [리플]"#)
        #expect(CSV.number(103_458_000) == "103458000")
        #expect(CSV.number(0.0101643282) == "0.0101643282")
        #expect(CSV.number(0.00001234) == "0.00001234")
        #expect(CSV.number(-11.5) == "-11.5")
    }

    @Test func aCandleRecordPrintsItsDayAndPrices() {
        let day = TradingDay(year: 2026, month: 3, day: 11)!
        let record = CandleRecord(Candle(day: day, open: 1, high: 2, low: 0.5, close: 1.5, volume: 10, value: 15))
        #expect(CandleRecord.csvHeader.joined(separator: ",") == "date,open,high,low,close,volume,value")
        #expect(CSV.line(record.csvFields) == "2026-03-11,1,2,0.5,1.5,10,15")
    }

    @Test func theQuoteTableAlignsKoreanNamesByDisplayWidth() {
        let quotes = [
            MarketFixtures.quote(MarketFixtures.bitcoin, price: 103_458_000, change: 1_041_000, value: 162_997_300_132),
            MarketFixtures.quote(MarketFixtures.ripple, price: 3_457, change: -43, value: 250e9),
        ]
        let lines = QuoteTable.make(quotes).render()
        #expect(lines.count == 4)
        #expect(lines[2].hasPrefix("비트코인  BTC"))
        #expect(lines[3].hasPrefix("엑스알피  XRP"))
        // Every line ends its right-aligned value column at the same display column.
        let widths = lines.filter { !$0.hasPrefix("─") }.map(DisplayWidth.of)
        #expect(Set(widths).count == 1)
        #expect(lines[2].contains("+1,041,000"))
        #expect(lines[2].contains("162,997백만"))
    }

    @Test func tableCellsLoseControlCharacters() {
        var table = TextTable(columns: [.init("Name")])
        table.rows = [["evil\u{1B}[2Jname"]]
        #expect(table.render()[2] == "evil[2Jname")
    }
}
