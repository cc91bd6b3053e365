import MarketDomain
import Testing

@testable import ExchangeSimulator

/// Every candle every venue serves agrees with itself and with the others (issue 63, item 1): its
/// volume-weighted price lies inside its low and high, and each longer candle is the sum of the
/// shorter ones it holds, on Upbit, Bithumb, Korbit and Binance alike.
@Suite struct CandleRollUpTests {
    /// 2026-03-11 14:40:58 UTC.
    private static let start: Int64 = 1_773_240_058_519

    /// Whether `whole`'s volume and value are the sums of `parts`' (to a part in a million unless
    /// `tolerance` says otherwise), and its open, close and extremes theirs.
    private static func expectSum(
        _ parts: [IntervalCandle], make whole: IntervalCandle, _ what: String, tolerance: Double = 1e-6
    ) {
        guard let first = parts.first, let last = parts.last else {
            Issue.record("\(what): no parts")
            return
        }
        let volume = parts.reduce(0) { $0 + $1.volume }
        let value = parts.reduce(0) { $0 + $1.value }
        #expect(abs(volume - whole.volume) <= whole.volume * 1e-9, "\(what): volume \(volume) ≠ \(whole.volume)")
        #expect(abs(value - whole.value) <= whole.value * tolerance, "\(what): value \(value) ≠ \(whole.value)")
        #expect(first.open == whole.open && last.close == whole.close, "\(what): open and close")
        #expect(parts.map(\.high).max() == whole.high && parts.map(\.low).min() == whole.low, "\(what): extremes")
    }

    /// The candles of `shorter` that `whole` (of `longer`) holds.
    private static func parts(
        of whole: IntervalCandle, in shorter: [IntervalCandle], longer: CandleInterval
    )
        -> [IntervalCandle]
    {
        shorter.filter { longer.start(containing: $0.start) == whole.start }
    }

    @Test(arguments: [Exchange.upbit, .bithumb, .korbit, .binance])
    func everyIntervalAveragesInsideItsRangeAndSumsItsParts(_ exchange: Exchange) throws {
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 12, seed: 7), now: { Self.start })
        // The simulator trades for five minutes after its start, so minutes and seconds are its own
        // trades there and made up before.
        let venue = simulator.venue(exchange)
        let id = exchange == .binance ? MarketID("USDT-BTC")! : MarketID("KRW-BTC")!
        for second in stride(from: Int64(1), through: 300, by: 1) {
            _ = simulator.market.trade(count: 3, now: Self.start + second * 1_000)
        }
        let end = Self.start + 301_000
        func candles(_ interval: CandleInterval, _ count: Int) throws -> [IntervalCandle] {
            let served = try #require(venue.candles(id, interval: interval, before: end, count: count))
            IntradayCandlesTests.expectAveragesInside(served, "\(exchange) \(interval)")
            return served
        }
        let seconds = try candles(.second, 400)
        let minutes = try candles(.minute, 1_440 * 2)
        let hours = try candles(.hour, 48)
        let days = try candles(.day, 400)
        let weeks = try candles(.week, 40)
        let months = try candles(.month, 10)
        for interval in CandleInterval.allCases where interval != .second {
            _ = try candles(interval, 200)
        }
        // Every whole candle the shorter ones reach back over. A venue other than Upbit prices the
        // world's candles through its scale onto its own tick grid: a second and the minute holding
        // it (or an hour and its day) are each priced inside their own snapped range, so their values
        // can differ by the volume of a part priced a fraction of a tick apart: a few millionths.
        let across = exchange == .upbit ? 1e-6 : 2e-5
        for minute in minutes.suffix(5) where minute.start >= seconds[0].start {
            Self.expectSum(
                Self.parts(of: minute, in: seconds, longer: .minute), make: minute, "\(exchange) seconds",
                tolerance: across)
        }
        for hour in hours.suffix(30).dropLast() {
            Self.expectSum(Self.parts(of: hour, in: minutes, longer: .hour), make: hour, "\(exchange) minutes")
        }
        for week in weeks.suffix(20).dropLast() {
            Self.expectSum(Self.parts(of: week, in: days, longer: .week), make: week, "\(exchange) days")
        }
        for month in months.suffix(6).dropLast() {
            Self.expectSum(Self.parts(of: month, in: days, longer: .month), make: month, "\(exchange) months")
        }
        // Yesterday's hours add up to yesterday.
        let yesterday = days[days.count - 2]
        Self.expectSum(
            Self.parts(of: yesterday, in: hours, longer: .day), make: yesterday, "\(exchange) hours", tolerance: across)
    }
}
