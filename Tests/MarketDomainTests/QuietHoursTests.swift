import MarketDomain
import Testing

@Suite struct QuietHoursTests {
    @Test func hoursAcrossMidnightHoldTheNightAndNotTheDay() throws {
        let night = try #require(QuietHours("22:00-07:00"))
        #expect(night.contains(minuteOfDay: 22 * 60))
        #expect(night.contains(minuteOfDay: 23 * 60 + 59))
        #expect(night.contains(minuteOfDay: 0))
        #expect(night.contains(minuteOfDay: 6 * 60 + 59))
        #expect(!night.contains(minuteOfDay: 7 * 60))
        #expect(!night.contains(minuteOfDay: 21 * 60 + 59))
        let lunch = try #require(QuietHours("12:00-13:30"))
        #expect(lunch.contains(minuteOfDay: 12 * 60 + 45))
        #expect(!lunch.contains(minuteOfDay: 13 * 60 + 30))
    }

    @Test func aMomentIsReadOnTheLocalClock() throws {
        let night = try #require(QuietHours("22:00-07:00"))
        // 2026-11-25 14:00 UTC is 23:00 in Seoul (UTC+9) and 14:00 in London.
        let time: Int64 = 1_795_615_200_000
        #expect(night.contains(time, utcOffsetSeconds: 9 * 3600))
        #expect(!night.contains(time, utcOffsetSeconds: 0))
        // 2026-11-25 23:30 UTC is 08:30 the next morning in Seoul, 23:30 in London.
        #expect(!night.contains(time + 34_200_000, utcOffsetSeconds: 9 * 3600))
        #expect(night.contains(time + 34_200_000, utcOffsetSeconds: 0))
    }

    @Test func onlyWellFormedDistinctHoursAreRead() {
        for text in [
            "", "22:00", "22:00-22:00", "24:00-07:00", "22:60-07:00", "2:00-07:00", "22:00-07:00-08:00", "ab:cd-07:00",
        ] {
            #expect(QuietHours(text) == nil, "\(text)")
        }
        #expect(QuietHours("00:00-23:59")?.description == "00:00-23:59")
    }
}
