import MarketDomain
import Testing

@Suite struct ZeroPaddedTests {
    @Test func datesAndTimesAreFixedWidthDigitsWithOrWithoutASeparator() {
        #expect(ZeroPadded.date(year: 2026, month: 3, day: 1) == "20260301")
        #expect(ZeroPadded.date(year: 987, month: 12, day: 31, separator: UInt8(ascii: "-")) == "0987-12-31")
        #expect(ZeroPadded.time(hour: 9, minute: 5, second: 0) == "090500")
        #expect(ZeroPadded.time(hour: 23, minute: 59, second: 59, separator: UInt8(ascii: ":")) == "23:59:59")
    }

    @Test func aPartThatDoesNotFitItsWidthGivesNothing() {
        #expect(ZeroPadded.date(year: 10_000, month: 1, day: 1) == nil)
        #expect(ZeroPadded.date(year: -1, month: 1, day: 1) == nil)
        #expect(ZeroPadded.time(hour: 100, minute: 0, second: 0) == nil)
    }

    @Test func tradingDaysReadTheSameThroughIt() {
        for days in stride(from: -800_000, through: 2_900_000, by: 997) {
            let day = TradingDay(daysSinceEpoch: days)
            let (year, month, date) = day.components
            let expected = [String(year), String(month), String(date)].enumerated().map { index, text in
                String(repeating: "0", count: max(0, (index == 0 ? 4 : 2) - text.count)) + text
            }.joined(separator: "-")
            #expect(day.description == expected)
        }
    }
}
