import MarketDomain
import PropertyBased
import Testing

@testable import ExchangeSimulator

/// The simulator's candles of every interval (issue 30): the minutes of a day add up to the day
/// candle it serves, before the start (made up inside the day) and after (its own trades), and
/// the other intervals roll up from them.
@Suite struct IntradayCandlesTests {
    /// 2026-03-11 14:40:58 UTC.
    private static let start: Int64 = 1_773_240_058_519

    /// A market of `count` coins that has traded `trades` times a second for `seconds` after its start.
    private static func market(
        seed: UInt64, count: Int = 12, seconds: Int64, trades: Int = 3
    ) throws
        -> SimulatedMarket
    {
        let market = try SimulatedMarket(
            configuration: SimulatorConfiguration(marketCount: count, seed: seed), now: start)
        for second in stride(from: Int64(0), to: seconds * 1_000, by: 1_000) {
            market.trade(count: trades, now: start + second + 137)
        }
        return market
    }

    private static func record(_ market: SimulatedMarket, _ id: MarketID) -> IntradayRecord? {
        market.read([id]) { IntradayRecord($0) }.first
    }

    /// Whether `parts` (oldest first) add up to `whole`: its open, close and extremes, its volume
    /// and value to a part in a billion.
    private static func expectAddUp(_ parts: [IntervalCandle], to whole: Candle, _ what: String) {
        guard let first = parts.first, let last = parts.last else {
            Issue.record("\(what): no candles")
            return
        }
        #expect(first.open == whole.open, "\(what): open")
        #expect(last.close == whole.close, "\(what): close")
        #expect(parts.map(\.high).max() == whole.high, "\(what): high")
        #expect(parts.map(\.low).min() == whole.low, "\(what): low")
        let volume = parts.reduce(0) { $0 + $1.volume }
        let value = parts.reduce(0) { $0 + $1.value }
        #expect(abs(volume - whole.volume) <= whole.volume * 1e-9, "\(what): volume \(volume) ≠ \(whole.volume)")
        #expect(abs(value - whole.value) <= whole.value * 1e-9, "\(what): value \(value) ≠ \(whole.value)")
        for (earlier, later) in zip(parts, parts.dropFirst()) where later.start <= earlier.start {
            Issue.record("\(what): \(later.start) does not follow \(earlier.start)")
        }
        for part in parts where part.high < max(part.open, part.close) || part.low > min(part.open, part.close) {
            Issue.record("\(what): a candle's extremes do not hold its open and close: \(part)")
        }
        expectAveragesInside(parts, what)
    }

    /// Whether each candle's volume-weighted price (value ÷ volume) lies inside its low and high,
    /// as it does for any candle of real trades (issue 63), to a part in a billion.
    static func expectAveragesInside(_ candles: [IntervalCandle], _ what: String) {
        for candle in candles where candle.volume > 0 {
            let average = candle.value / candle.volume
            if average < candle.low * (1 - 1e-9) || average > candle.high * (1 + 1e-9) {
                Issue.record(
                    "\(what): the average \(average) lies outside \(candle.low)…\(candle.high) at \(candle.start)")
                return
            }
        }
    }

    /// Seeds, a coin of the market and how long it traded: the property's inputs.
    struct Case: Sendable, CustomStringConvertible {
        let seed: UInt64
        let coin: Int
        let seconds: Int64
        var description: String { "seed \(seed), coin \(coin), \(seconds) s" }
    }

    static let cases = Generator<Case, _>(run: { rng in
        Case(
            seed: UInt64.random(in: 1...10_000, using: &rng), coin: Int.random(in: 0..<12, using: &rng),
            seconds: Int64.random(in: 0...400, using: &rng))
    })

    /// The roll-ups as a property: for random markets, coins and run lengths, yesterday's minutes
    /// (made up) and today's (made up before the start, traded after) add up to each day's candle;
    /// the seconds of a traded minute and of a made-up one add up to the minute; and 5-minute,
    /// hour and week candles add up to the days.
    @Test func minutesAddUpToTheDayAndSecondsToTheMinuteOnEveryMarket() async throws {
        await propertyCheck(count: 12, input: Self.cases) { example in
            let market = try Self.market(seed: example.seed, seconds: example.seconds)
            let id = market.markets[example.coin].id
            guard let record = Self.record(market, id), let today = record.days.last else {
                Issue.record("no record of \(id)")
                return
            }
            let yesterday = record.days[record.days.count - 2]
            let pastMinutes = record.minutes(of: yesterday.day)
            #expect(pastMinutes.count == 1_440)
            Self.expectAddUp(pastMinutes, to: yesterday, "\(example): yesterday's minutes")
            let todayMinutes = record.minutes(of: today.day)
            Self.expectAddUp(todayMinutes, to: today, "\(example): today's minutes")

            for minute in [todayMinutes.last, todayMinutes.dropLast(30).last, pastMinutes[700]].compactMap({ $0 }) {
                let asDay = Candle(
                    day: today.day, open: minute.open, high: minute.high, low: minute.low, close: minute.close,
                    volume: minute.volume, value: minute.value)
                let seconds = record.seconds(of: minute)
                Self.expectAddUp(seconds, to: asDay, "\(example): the seconds of \(minute.start)")
                #expect(seconds.allSatisfy { $0.start >= minute.start && $0.start < minute.start + 60_000 })
            }

            let end = Int64.max
            let fives = record.candles(.fiveMinutes, before: end, count: 400)
            #expect(fives.count == 400)
            #expect(zip(fives, fives.dropFirst()).allSatisfy { $1.start - $0.start == 300_000 })
            let days = record.candles(.day, before: end, count: 30)
            let weeks = record.candles(.week, before: end, count: 3)
            let oldestWeek = try #require(weeks.first)
            let daysOfIt = days.filter { $0.start >= oldestWeek.start && $0.start < oldestWeek.start + 7 * 86_400_000 }
            #expect(daysOfIt.count == 7)
            #expect(abs(daysOfIt.reduce(0) { $0 + $1.volume } - oldestWeek.volume) <= oldestWeek.volume * 1e-9)
            #expect(daysOfIt.first?.open == oldestWeek.open && daysOfIt.last?.close == oldestWeek.close)
        }
    }

    @Test func aCandleRequestBeforeATimeGetsTheCandlesStartingBeforeItNewestLast() throws {
        let market = try Self.market(seed: 5, seconds: 90)
        let id = MarketID("KRW-BTC")!
        let record = try #require(Self.record(market, id))
        let end = Self.start - 3 * 3_600_000 + 123_000
        let hours = record.candles(.hour, before: end, count: 30)
        #expect(hours.count == 30)
        #expect(hours.last?.start == CandleInterval.hour.start(containing: end))
        #expect(hours.allSatisfy { $0.start < end })
        // Across the day's edge: yesterday's last minutes, then today's first.
        let todayStart = TradingDay(unixMilliseconds: Self.start).startUnixMilliseconds
        let minutes = record.candles(.minute, before: todayStart + 5 * 60_000, count: 10)
        #expect(minutes.map(\.start) == (-5..<5).map { todayStart + Int64($0) * 60_000 })
        let seconds = record.candles(.second, before: Self.start + 60_000, count: 150)
        #expect(seconds.count == 150)
        #expect(zip(seconds, seconds.dropFirst()).allSatisfy { $0.start < $1.start })
    }

    @Test func theVenuesServeEveryIntervalThroughTheirOwnPrices() throws {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 20), now: { Self.start })
        let bitcoin = MarketID("KRW-BTC")!
        for exchange in [Exchange.upbit, .bithumb, .korbit] {
            let venue = simulator.venue(exchange)
            let days = try #require(venue.candles(bitcoin))
            let minutes = try #require(venue.candles(bitcoin, interval: .minute, before: nil, count: 200))
            #expect(minutes.count == 200, "\(exchange)")
            let today = try #require(days.last)
            #expect(minutes.last?.close == today.close, "\(exchange): the last minute closes at the day's close")
            #expect(minutes.allSatisfy { $0.high <= today.high && $0.low >= today.low }, "\(exchange)")
        }
        let binance = simulator.venue(.binance)
        let dollars = try #require(binance.candles(MarketID("USDT-BTC")!, interval: .fourHours, before: nil, count: 12))
        #expect(dollars.count == 12)
        #expect(dollars.allSatisfy { $0.close > 10_000 && $0.close < 1_000_000 }, "priced in tether")
    }
}
