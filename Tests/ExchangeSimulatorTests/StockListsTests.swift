import MarketDomain
import Testing

@testable import StockLists

/// The stock lists the simulated stock market is seeded from, read byte by byte.
@Suite struct StockListsTests {
    @Test func csvRowsKeepQuotedCommasDoubledQuotesLineBreaksAndKoreanTextWhole() {
        let text = "code,name,note\r\n005930,삼성전자,\"반도체, 통신\"\n000660,\"SK\"\"하이닉스\"\"\",\"두 줄\r\n메모\"\nlast,행,"
        #expect(
            CSVReader.rows(text) == [
                ["code", "name", "note"],
                ["005930", "삼성전자", "반도체, 통신"],
                ["000660", "SK\"하이닉스\"", "두 줄\r\n메모"],
                ["last", "행", ""],
            ])
        #expect(CSVReader.rows("") == [])
        #expect(CSVReader.rows("a,b\n") == [["a", "b"]])
    }

    @Test func theListsHoldTheirStocksWithNamesAndPrices() throws {
        let krx = try StockLists.krx()
        #expect(krx.count == 300)
        #expect(krx.first?.stock.code == "005930" && krx.first?.stock.koreanName == "삼성전자")
        #expect(krx.allSatisfy { ($0.referencePrice ?? 0) > 0 && !$0.stock.koreanName.isEmpty })
        let sp500 = try StockLists.sp500()
        #expect(sp500.count >= 500)
        #expect(sp500.first?.stock.englishName == "3M")
        #expect(sp500.contains { $0.stock.code == "AAPL" && $0.stock.market == .nasdaq })
    }
}
