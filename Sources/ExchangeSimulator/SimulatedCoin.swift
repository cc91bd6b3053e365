import Foundation
import MarketDomain

/// One simulated market: a price that follows its ``PricePath`` (a function of the world's seed
/// and the wall clock) snapped to KRW ticks, today's candle, rolling 24h stats in hourly buckets,
/// and a year of daily candles that ends at yesterday's close.
struct SimulatedCoin: Sendable {
    let market: Market
    /// Typical daily trade value in KRW; sets trade sizes.
    let dailyValue: Double
    /// Daily volatility of the log price.
    let dailyVolatility: Double
    /// How many completed days the history keeps.
    let historyLimit: Int
    /// The price the path wanders around.
    let level: Double
    /// Where the price is at each moment, before a scripted move.
    let path: PricePath

    /// The unsnapped path's price at the last trade; `price` is this (times ``scriptedFactor``)
    /// snapped to the tick size.
    var fairPrice: Double
    /// How far a scripted move (``ScriptedMove``) has taken the price from its walk: 1 without one.
    var scriptedFactor = 1.0
    var price: Double
    var day: TradingDay
    var open: Double
    var high: Double
    var low: Double
    var previousClose: Double
    var dayVolume: Double
    var dayValue: Double
    var lastTradeVolume: Double = 0
    var lastSideIsAsk = false
    var askVolume: Double = 0
    var bidVolume: Double = 0
    var tradeTimestamp: Int64
    var timestamp: Int64
    /// Completed days, oldest first.
    var history: [Candle]
    /// The extremes of the last 364 completed days (the 52 weeks before today), kept with the
    /// history so that a ticker does not scan a year of candles.
    var pastYear: PastYear
    /// Volume and value per hour for the rolling 24h stats, indexed by hour-since-epoch mod 24.
    var hourly: [HourBucket]
    /// The latest trades, for the recent-trades endpoints.
    var tape = SimulatedTape()
    /// The world's KRW prices of BTC and USDT when this coin last traded: its BTC and USDT markets
    /// are priced against these, so they move only with the coin's own trades (each one ticked).
    var bitcoinPriceAtTrade = 0.0
    var tetherPriceAtTrade = 0.0
    /// What happened inside the days since the simulator started, by the minute and by the
    /// second (issue 30): ``IntradayRecord`` makes every interval from it.
    var intraday = IntradayLog()

    /// The highest and lowest prices of the completed days before today within 52 weeks, the
    /// oldest day winning a tie; none without history.
    struct PastYear: Sendable {
        var high = -Double.infinity
        var highDay: TradingDay?
        var low = Double.infinity
        var lowDay: TradingDay?

        init(_ history: [Candle]) {
            for candle in history.suffix(364) {
                if candle.high > high { (high, highDay) = (candle.high, candle.day) }
                if candle.low < low { (low, lowDay) = (candle.low, candle.day) }
            }
        }
    }

    struct HourBucket: Sendable {
        var hour: Int64
        var volume: Double
        var value: Double
    }

    /// How many draws of ``SeededGenerator/next()`` ``init(market:now:historyDays:generator:)``
    /// makes for `market`: always the same, so that the coins of a market can be made side by
    /// side, each from the generator where its own draws begin (a test holds the two in step).
    static func draws(for market: Market, historyDays: Int) -> Int {
        let isKnown = CoinCatalog.knownLevels[market.symbol] != nil
        // An unknown coin draws its level and daily value, and its volatility unless it is a stablecoin.
        let levels = isKnown ? 0 : (isStablecoin(market) ? 2 : 3)
        // The price, the day's high and low: a normal draw each. Each day of history: three
        // normal draws and a uniform. Each of the last 24 hours: a uniform.
        return levels + 3 + max(historyDays, 1) * 4 + 24
    }

    private static func isStablecoin(_ market: Market) -> Bool {
        market.symbol == "USDT" || market.symbol == "USDC"
    }

    /// A coin with `historyDays` days of history before the day of `now`, its price on the path
    /// of its code in the world of `worldSeed`.
    init(market: Market, now: Int64, historyDays: Int, worldSeed: UInt64 = 0, generator: inout SeededGenerator) {
        self.market = market
        historyLimit = max(historyDays, 1)
        let known = CoinCatalog.knownLevels[market.symbol]
        let level = known?.price ?? generator.logUniform(0.5, 30_000)
        self.level = level
        path = PricePath(code: market.id.rawValue, worldSeed: worldSeed)
        dailyValue = known?.dailyValue ?? generator.logUniform(2e8, 3e10)
        dailyVolatility = Self.isStablecoin(market) ? 0.002 : (known != nil ? 0.025 : 0.03 + generator.unit() * 0.03)

        let today = TradingDay(unixMilliseconds: now)
        let dayFraction = Double(now - today.startUnixMilliseconds) / 86_400_000
        // Yesterday closed where the path stood at midnight, and the price is where it stands now.
        previousClose = KRWTickSize.snap(
            path.price(at: today.startUnixMilliseconds, level: level, volatility: dailyVolatility))
        fairPrice = path.price(at: now, level: level, volatility: dailyVolatility)
        // (The draw that once placed the price is still made: every coin's draws keep their count.)
        _ = generator.gaussian()
        price = KRWTickSize.snap(fairPrice)
        day = today
        open = previousClose
        // The day so far reaches beyond its open and price as far as its walk would have gone:
        // the minutes made up inside it then move as the live ones will (issue 30).
        let reach = dailyVolatility * max(dayFraction, 0.01).squareRoot() * 0.6
        high = KRWTickSize.snap(max(open, price) * (1 + (0.5 + abs(generator.gaussian())) * reach))
        low = KRWTickSize.snap(min(open, price) * (1 - (0.5 + abs(generator.gaussian())) * reach))
        dayValue = dailyValue * dayFraction
        dayVolume = dayValue / price
        tradeTimestamp = now
        timestamp = now
        history = Self.makeHistory(
            endingAt: previousClose, before: today, days: historyDays, volatility: dailyVolatility,
            dailyValue: dailyValue, generator: &generator)
        pastYear = PastYear(history)

        let currentHour = now / 3_600_000
        hourly = (0..<24).map { _ in HourBucket(hour: -1, volume: 0, value: 0) }
        for back in 0..<24 {
            let hour = currentHour - Int64(back)
            let value = dailyValue / 24 * (0.5 + generator.unit())
            hourly[Int(hour % 24)] = HourBucket(hour: hour, volume: value / price, value: value)
        }
        tape = Self.pastTrades(
            of: market.id, endingAt: price, lastSideIsAsk: lastSideIsAsk, before: now, dailyValue: dailyValue)
    }

    /// The trades of the last minutes before the simulator starts, so that a recent-trades
    /// endpoint has a tape at once: a tape's worth, two seconds apart, around the price and ending
    /// on it, the last on the side the coin last traded. Drawn from the coin's own generator (seeded by its code), so the world's walk is the
    /// same with or without them.
    private static func pastTrades(
        of id: MarketID, endingAt price: Double, lastSideIsAsk: Bool, before now: Int64, dailyValue: Double
    ) -> SimulatedTape {
        var seed: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.rawValue.utf8 { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var generator = SeededGenerator(seed: seed)
        var tape = SimulatedTape()
        let count = SimulatedTape.recent
        for index in 0..<count {
            let left = Double(count - 1 - index)
            let traded =
                index == count - 1
                ? price : KRWTickSize.snap(price * exp(generator.gaussian() * 0.0004 * left.squareRoot()))
            let value = dailyValue / 43_200 * exp(generator.gaussian() * 0.8 - 0.32)
            let sellerTook = generator.unit() < 0.5
            tape.record(
                price: traded, volume: value / traded, sellerTook: index == count - 1 ? lastSideIsAsk : sellerTook,
                timestamp: now - Int64(count - index) * 2_000)
        }
        return tape
    }

    /// Daily candles walking backwards from yesterday's close, each day opening at the close before.
    private static func makeHistory(
        endingAt close: Double, before today: TradingDay, days: Int, volatility: Double, dailyValue: Double,
        generator: inout SeededGenerator
    ) -> [Candle] {
        let count = max(days, 1)
        var dayClose = close
        let level = log(close)
        // The walk's own (unsnapped) logarithm: no logarithm to take each day.
        var walk = level
        // Made newest first, each day written into its own place: no reversed copy.
        return [Candle](unsafeUninitializedCapacity: count) { candles, initialized in
            for back in 1...count {
                // A walk back in time that is pulled gently towards today's level, so a year's range
                // stays like a real coin's rather than drifting without bound.
                walk += 0.02 * (level - walk) + generator.gaussian() * volatility
                let dayOpen = KRWTickSize.snap(exp(walk))
                let high = KRWTickSize.snap(
                    max(dayOpen, dayClose) * (1 + abs(generator.gaussian()) * volatility * 0.4))
                let low = KRWTickSize.snap(min(dayOpen, dayClose) * (1 - abs(generator.gaussian()) * volatility * 0.4))
                let value = dailyValue * (0.4 + generator.unit() * 1.2)
                candles.initializeElement(
                    at: count - back,
                    to: Candle(
                        day: today.adding(days: -back), open: dayOpen, high: max(high, dayOpen, dayClose),
                        low: min(low, dayOpen, dayClose), close: dayClose, volume: value / ((dayOpen + dayClose) / 2),
                        value: value))
                dayClose = dayOpen
            }
            initialized = count
        }
    }
}
