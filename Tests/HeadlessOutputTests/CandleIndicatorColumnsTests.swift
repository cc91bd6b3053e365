import HeadlessOutput
import MarketDomain
import Testing

/// `--indicators`' list (issue 30, point 6): its names, warm-up and columns.
@Suite struct CandleIndicatorColumnsTests {
    @Test func aListIsReadIntoColumnsWithTheLongestWarmUp() throws {
        let columns = try CandleIndicatorColumns(parsing: "ma20, EMA50,bb,rsi,rsi9,macd")
        #expect(
            columns.names == [
                "ma20", "ema50", "bbMiddle", "bbUpper", "bbLower", "rsi14", "rsi9", "macd", "macdSignal",
                "macdHistogram",
            ])
        #expect(columns.warmUp == 49)
        #expect(try CandleIndicatorColumns(parsing: "sma5").names == ["ma5"])
        #expect(throws: CandleIndicatorColumns.ParseError.self) { try CandleIndicatorColumns(parsing: "ma1") }
        #expect(throws: CandleIndicatorColumns.ParseError.self) { try CandleIndicatorColumns(parsing: "") }
    }

    @Test func eachCandleGetsItsValuesUndefinedBeforeTheWarmUp() throws {
        let candles = (0..<30).map { index in
            IntervalCandle(
                start: Int64(index) * 60_000, open: 1, high: 1, low: 1, close: Double(index + 1), volume: 1, value: 1)
        }
        let values = try CandleIndicatorColumns(parsing: "ma5").values(candles)
        #expect(values.count == 30)
        #expect(values[3] == [nil])
        #expect(values[4] == [3])
        #expect(values[29] == [28])
    }
}
