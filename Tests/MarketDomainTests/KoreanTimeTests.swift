import MarketDomain
import Testing

/// Times in KST, as every face and command writes them.
@Suite struct KoreanTimeTests {
    /// 2023-05-19 14:58:02.500 UTC, 23:58:02 in Seoul.
    private static let evening: Int64 = 1_684_508_282_500

    @Test func aTimeIsWrittenInKoreaWhateverTheUTCDay() {
        #expect(KoreanTime.clock(Self.evening) == "23:58:02")
        #expect(KoreanTime.date(Self.evening) == "2023-05-19")
        #expect(KoreanTime.monthDayClock(Self.evening) == "05-19 23:58:02")
        #expect(KoreanTime.dateClock(Self.evening) == "2023-05-19 23:58:02")
        // Two minutes later it is the next day in Korea, still the same day in UTC.
        #expect(KoreanTime.dateClock(Self.evening + 120_000) == "2023-05-20 00:00:02")
        #expect(KoreanTime.clock(0) == "09:00:00")
    }

    @Test func aKoreanDateAndClockReadBackAsTheUnixTime() {
        #expect(KoreanTime.milliseconds(date: "2023-05-19", clock: "23:58:02") == Self.evening - 500)
        #expect(KoreanTime.milliseconds(date: "2023-05-20", clock: "00:00:02") == Self.evening - 500 + 120_000)
        #expect(KoreanTime.milliseconds(date: "2023-05-19", clock: "24:00:00") == nil)
        #expect(KoreanTime.milliseconds(date: "2023-13-01", clock: "00:00:00") == nil)
        #expect(KoreanTime.milliseconds(date: "yesterday", clock: "noon") == nil)
    }
}
