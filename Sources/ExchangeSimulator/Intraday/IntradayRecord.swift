import MarketDomain

/// One simulated coin's candles of every interval at one instant, in the world's prices (issue
/// 30): a copy of its days and its ``IntradayLog`` taken under the world's lock, read outside it.
/// A minute is the minute's trades; before the simulator started (or beyond what it keeps) the
/// minutes and seconds are made up inside their day or minute (``CandlePath``), so every interval
/// adds up to the day candle the exchange serves.
struct IntradayRecord: Sendable {
    let market: MarketID
    /// Every day, oldest first, today's last.
    let days: [Candle]
    let log: IntradayLog

    init(_ coin: borrowing SimulatedCoin) {
        market = coin.market.id
        days = coin.candles
        log = coin.intraday
    }

    /// The candles of `interval` that start before `end`, at most `count`, oldest first. Each
    /// day, minute or second is first `priced` (a venue's prices), then rolled up, so that every
    /// longer candle is exactly the sum of its parts as served (issue 63).
    func candles(
        _ interval: CandleInterval, before end: Int64, count: Int,
        priced: (IntervalCandle) -> IntervalCandle = { $0 }
    ) -> [IntervalCandle] {
        guard count > 0, let firstDay = days.first?.day else { return [] }
        if interval.isDaily {
            let rolled = IntervalCandle.rollUp(days.map { priced(IntervalCandle($0)) }, into: interval)
            return Array(rolled.filter { $0.start < end }.suffix(count))
        }
        var newestFirst: [IntervalCandle] = []
        var day = TradingDay(unixMilliseconds: end - 1)
        if let last = days.last?.day, day > last { day = last }
        while newestFirst.count < count, day >= firstDay {
            let minutes = self.minutes(of: day).filter { $0.start < end }
            if interval == .second {
                for minute in minutes.reversed() where newestFirst.count < count {
                    newestFirst += seconds(of: minute).filter { $0.start < end }.reversed().map(priced)
                }
            } else {
                newestFirst += IntervalCandle.rollUp(minutes.map(priced), into: interval).reversed()
            }
            day = day.adding(days: -1)
        }
        return newestFirst.prefix(count).reversed()
    }

    /// The minutes of `day` with trades, oldest first.
    func minutes(of day: TradingDay) -> [IntervalCandle] {
        guard let first = days.first?.day, day >= first, day.daysSinceEpoch - first.daysSinceEpoch < days.count else {
            return []
        }
        let candle = days[day.daysSinceEpoch - first.daysSinceEpoch]
        let dayStart = day.startUnixMilliseconds
        let dayEnd = dayStart + 86_400_000
        let live = log.minutes.filter { $0.start >= dayStart && $0.start < dayEnd }
        if dayStart >= log.minutesFrom { return live }
        if let opening = log.opening, opening.day == day, log.minutesFrom <= log.start {
            return Self.merge(openingMinutes(opening), live)
        }
        let starts = Array(stride(from: dayStart, to: dayEnd, by: 60_000))
        var generator = CandlePath.generator(market: market, start: dayStart, salt: 1)
        return CandlePath.split(IntervalCandle(candle), starts: starts, snap: KRWTickSize.snap, generator: &generator)
    }

    /// The seconds of `minute` (one of ``minutes(of:)``) with trades, oldest first.
    func seconds(of minute: IntervalCandle) -> [IntervalCandle] {
        let end = minute.start + 60_000
        let live = log.seconds.filter { $0.start >= minute.start && $0.start < end }
        if minute.start >= log.secondsFrom { return live }
        let startMinute = CandleInterval.minute.start(containing: log.start)
        if minute.start == startMinute, log.secondsFrom <= log.start, let opening = log.opening,
            let base = openingMinutes(opening).last
        {
            // The minute the simulator started in: made-up seconds before the start, its own after.
            let before = Int((log.secondsFrom - minute.start) / 1_000) + 1
            return Self.merge(madeUpSeconds(of: base, slots: before), live)
        }
        return madeUpSeconds(of: minute, slots: 60)
    }

    /// The minutes made up inside today's candle as it stood at the start, through the start's
    /// minute (its part before the start).
    private func openingMinutes(_ opening: Candle) -> [IntervalCandle] {
        let dayStart = opening.day.startUnixMilliseconds
        let starts = Array(
            stride(from: dayStart, through: CandleInterval.minute.start(containing: log.start), by: 60_000))
        var generator = CandlePath.generator(market: market, start: dayStart, salt: 2)
        return CandlePath.split(IntervalCandle(opening), starts: starts, snap: KRWTickSize.snap, generator: &generator)
    }

    /// A few seconds made up inside `minute`, among its first `slots` seconds.
    private func madeUpSeconds(of minute: IntervalCandle, slots: Int) -> [IntervalCandle] {
        var generator = CandlePath.generator(market: market, start: minute.start, salt: 3)
        var offsets = Array(0..<max(slots, 1))
        let count = min(offsets.count, 4 + Int(generator.unit() * 16))
        for index in 0..<count {
            let other = index + Int(generator.unit() * Double(offsets.count - index))
            offsets.swapAt(index, min(other, offsets.count - 1))
        }
        let starts = offsets.prefix(count).sorted().map { minute.start + Int64($0) * 1_000 }
        return CandlePath.split(minute, starts: starts, snap: KRWTickSize.snap, generator: &generator)
    }

    /// Two runs of candles, oldest first, the second starting where the first ends, as one: a
    /// candle in both (the start's minute or second) is the first's taking in the second's.
    static func merge(_ earlier: [IntervalCandle], _ later: [IntervalCandle]) -> [IntervalCandle] {
        var merged = earlier
        for candle in later {
            if let last = merged.last, last.start >= candle.start {
                merged[merged.count - 1].absorb(candle)
            } else {
                merged.append(candle)
            }
        }
        return merged
    }
}
