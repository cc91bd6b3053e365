import ExchangeWire
import Foundation
import MarketDomain
import TestSupport
import Testing

/// The byte reader of Binance's kline pages reads what the `Codable` reference reads, and refuses
/// what it refuses with a reason, never a crash.
@Suite struct BinanceKlinesReaderTests {
    private func reference(_ text: String) throws -> BinanceKlinesReader.Page {
        BinanceKlinesReader.Page(try JSONDecoder().decode([BinanceKline].self, from: Data(text.utf8)))
    }

    private func read(_ text: String) throws -> BinanceKlinesReader.Page {
        try BinanceKlinesReader.page(Data(text.utf8))
    }

    @Test func theDocumentedPageReadsAsTheReferenceReadsIt() throws {
        let page = try read(BinanceDocPayloads.klines)
        #expect(page == (try reference(BinanceDocPayloads.klines)))
        #expect(page.rows == 1 && page.firstOpenTime == 1_499_040_000_000)
        let candle = try #require(page.candles.first)
        #expect(candle.start == 1_499_040_000_000)
        #expect(candle.open == 0.0163479 && candle.high == 0.8 && candle.low == 0.015758 && candle.close == 0.015771)
        #expect(candle.volume == 148_976.11427815 && candle.value == 2434.19055334)
    }

    /// A year of days as the simulator writes them (`JSONEncoder` of the reference rows).
    @Test func aYearOfWrittenRowsReadsAsTheReferenceReadsIt() throws {
        let day: Int64 = 86_400_000
        let rows = (0..<365).map { index in
            let price = 0.000_12 * pow(1.03, Double(index))
            let open = Int64(index) * day + 1_735_689_600_000
            return BinanceKline(
                openTime: open, open: WireDecimal(price), high: WireDecimal(price * 1.1), low: WireDecimal(price * 0.9),
                close: WireDecimal(price * 1.01), volume: WireDecimal(1e6 / price), closeTime: open + day - 1,
                quoteVolume: WireDecimal(1e6 + Double(index)), trades: Int64(index * 7),
                takerBuyBaseVolume: WireDecimal(5e5 / price), takerBuyQuoteVolume: WireDecimal(5e5))
        }
        let text = String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
        let page = try read(text)
        #expect(page.rows == 365 && page.candles.count == 365)
        #expect(page == (try reference(text)))
    }

    @Test func numbersAsNumbersSpacesAndAPriceThatIsNoNumberReadAsTheReferenceReadsThem() throws {
        // Numbers written bare, spaces in the text, a row whose price is not a number (left out of
        // the candles, still counted), a volume that is not one (0), and a row with no twelfth value.
        let text = """
             [ [1700000000000, 1.5, "2", " 0.5 ", "1.25", "12", 1700086399999, "99.5", 3, "1", "1", "0", {"more":[1]}],
               [1700086400000, "NaN?", "2", "1", "1", "1", 1700172799999, "1", 3, "1", "1", "0"],
               [1700172800000, "3", "4", "2", "3.5", "x", 1700259199999, "7", 3, "1", "1"] ]
            """
        let page = try read(text)
        #expect(page == (try reference(text)))
        #expect(page.rows == 3 && page.firstOpenTime == 1_700_000_000_000)
        #expect(page.candles.map(\.start) == [1_700_000_000_000, 1_700_172_800_000])
        #expect(page.candles.first?.low == 0.5 && page.candles.first?.value == 99.5)
        #expect(page.candles.last?.volume == 0)
        #expect(try read("[]") == BinanceKlinesReader.Page([]))
    }

    @Test(arguments: [
        #"{"code":-1121,"msg":"Invalid symbol."}"#,
        #"[[1700000000000, "1", "2", "0.5", "1.25", "12", 1700086399999, "99.5", 3, "1"]]"#,
        #"[["1700000000000", "1", "2", "0.5", "1.25", "12", 1700086399999, "99.5", 3, "1", "1", "0"]]"#,
        #"[[1700000000000, null, "2", "0.5", "1.25", "12", 1700086399999, "99.5", 3, "1", "1", "0"]]"#,
        #"[[1700000000000, "1", "2", "0.5", "1.25", "12", 1700086399999, "99.5", 3.5, "1", "1", "0"]]"#,
        "[] trailing", "", "[", "[[",
    ])
    func aBodyTheReferenceRefusesIsRefusedWithAReason(body: String) {
        #expect((try? reference(body)) == nil)
        #expect(throws: BinanceKlinesReader.Failure.self) { try read(body) }
    }

    /// Every cut of the documented page is refused, never a crash.
    @Test func everyTruncationIsRefusedCleanly() {
        let bytes = Array(BinanceDocPayloads.klines.utf8)
        for cut in 0..<bytes.count {
            #expect((try? BinanceKlinesReader.page(Data(bytes[..<cut]))) == nil)
        }
    }
}
