import MarketDomain

/// The days an exchange is closed on a weekday (issue 63): the NYSE's by its published rules (New
/// Year's Day, Martin Luther King Jr. Day, Washington's Birthday, Good Friday, Memorial Day,
/// Juneteenth, Independence Day, Labor Day, Thanksgiving, Christmas, each moved off a weekend as
/// the NYSE moves it), and the KRX's: the fixed national holidays with their substitutes, Labor Day,
/// the year-end close, and the lunar and election days of 2025–2027 as the KRX announced them.
enum ExchangeHolidays {
    /// Whether the NYSE (and Nasdaq) are closed on `day`, a weekday.
    static func isNYSEHoliday(_ day: TradingDay) -> Bool {
        let (year, month, date) = day.components
        let weekday = weekdayIndex(day)  // 0 = Monday
        func observed(_ month: Int, _ date: Int) -> TradingDay? {
            guard let holiday = TradingDay(year: year, month: month, day: date) else { return nil }
            switch weekdayIndex(holiday) {
            case 5: return holiday.adding(days: -1)
            case 6: return holiday.adding(days: 1)
            default: return holiday
            }
        }
        // New Year's Day on a Saturday is not made up on the Friday before (the NYSE's rule).
        if month == 1, date == 1 || (date == 2 && weekday == 0) { return true }
        if [observed(6, 19), observed(7, 4), observed(12, 25)].contains(day) { return true }
        switch (month, weekday) {
        case (1, 0), (2, 0): return (15...21).contains(date)  // the third Monday
        case (5, 0): return date >= 25  // the last Monday
        case (9, 0): return date <= 7  // the first Monday
        case (11, 3): return (22...28).contains(date)  // the fourth Thursday
        default: break
        }
        return easter(year).adding(days: -2) == day
    }

    /// Whether the KRX is closed on `day`, a weekday.
    static func isKRXHoliday(_ day: TradingDay) -> Bool {
        let (year, month, date) = day.components
        if krxAnnounced[year]?.contains(month * 100 + date) == true { return true }
        // Labor Day and the year-end close.
        if (month == 5 && date == 1) || (month == 12 && date == 31) { return true }
        // New Year's Day and Memorial Day; the fixed holidays, each made up on the next weekday when it falls on a
        // weekend (the 2021 law; Christmas since 2023).
        if (month == 1 && date == 1) || (month == 6 && date == 6) { return true }
        for (fixedMonth, fixedDate) in [(3, 1), (5, 5), (8, 15), (10, 3), (10, 9), (12, 25)] {
            guard let holiday = TradingDay(year: year, month: fixedMonth, day: fixedDate) else { continue }
            if holiday == day { return true }
            let weekday = weekdayIndex(holiday)
            if weekday >= 5, holiday.adding(days: 7 - weekday) == day { return true }
        }
        return false
    }

    /// The lunar holidays (설날, 부처님오신날, 추석), Memorial Day and election days the KRX closed or
    /// will close on, with their substitutes, as month × 100 + day.
    private static let krxAnnounced: [Int: Set<Int>] = [
        2025: [127, 128, 129, 130, 506, 603, 1006, 1007, 1008],
        2026: [216, 217, 218, 525, 603, 924, 925],
        2027: [208, 209, 513, 914, 915, 916],
    ]

    /// 0 for a Monday … 6 for a Sunday (1970-01-01 was a Thursday).
    static func weekdayIndex(_ day: TradingDay) -> Int {
        ((day.daysSinceEpoch % 7) + 7 + 3) % 7
    }

    /// Easter Sunday of `year` (the anonymous Gregorian computus).
    static func easter(_ year: Int) -> TradingDay {
        let (a, b, c) = (year % 19, year / 100, year % 100)
        let (d, e) = (b / 4, b % 4)
        let g = (b - (b + 8) / 25 + 1) / 3
        let h = (19 * a + b - d - g + 15) % 30
        let (i, k) = (c / 4, c % 4)
        let l = (32 + 2 * e + 2 * i - h - k) % 7
        let m = (a + 11 * h + 22 * l) / 451
        let n = h + l - 7 * m + 114
        return TradingDay(year: year, month: n / 31, day: n % 31 + 1) ?? TradingDay(daysSinceEpoch: 0)
    }
}
