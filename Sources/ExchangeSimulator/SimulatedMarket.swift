import ExchangeWire
public import MarketDomain
import Synchronization

/// The simulated world: every coin's state behind one lock, moved forward by trades.
///
/// One lock because the tick loop, the REST handlers and every WebSocket session read and write
/// the same coins; each critical section is short (a few trades or one snapshot copy).
public final class SimulatedMarket: Sendable {
    private struct World: Sendable {
        var coins: [SimulatedCoin]
        var indexByID: [MarketID: Int]
        /// Where BTC and USDT stand in `coins`, for the prices a trade notes.
        var bitcoinIndex: Int? = nil
        var tetherIndex: Int? = nil

        /// Notes the world's BTC and USDT prices on the coin at `index` (it just traded).
        mutating func notePrices(at index: Int) {
            if let bitcoinIndex { coins[index].bitcoinPriceAtTrade = coins[bitcoinIndex].price }
            if let tetherIndex { coins[index].tetherPriceAtTrade = coins[tetherIndex].price }
        }
        /// Cumulative trade weights, for picking which coin trades next.
        var cumulativeWeights: [Double]
        var generator: SeededGenerator
        /// Each coin's trades a day at the configured rate, by its share of the trade weights: a
        /// trade's step is sized by its own coin's, so that every coin's day moves by its daily
        /// volatility however busy it is.
        var tradesPerDay: [Double]
        /// The UTC day the coins are on; when trading crosses midnight every coin closes its candle.
        var day: TradingDay
        /// The scripted moves by coin, and when the market started (they play from then).
        var moves: [Int: ScriptedMove] = [:]
        var start: Int64 = 0
    }

    private let world: Mutex<World>
    /// The markets listed, in catalog order.
    public let markets: [Market]

    /// A market of `configuration.marketCount` coins (catalog ones first), seeded, with history up to `now`.
    public init(configuration: SimulatorConfiguration, now: Int64) throws {
        let listed =
            configuration.marketCount > SimulatorConfiguration.maximumMarketCount
            ? try CoinCatalog.krwMarkets() : try CoinCatalog.krwMarkets(count: configuration.marketCount)
        var generator = SeededGenerator(seed: configuration.seed)
        let coins = SimulatedCoin.make(
            listed, now: now, historyDays: configuration.historyDays, worldSeed: configuration.seed,
            generator: &generator)
        var total = 0.0
        let cumulative = coins.map { coin -> Double in
            total += coin.dailyValue.squareRoot()
            return total
        }
        // A trade's step is sized for the rate; the firehose's for a busy 100,000 a second.
        let rate = configuration.isFirehose ? 100_000 : configuration.ticksPerSecond
        let tradesPerDay = coins.map { coin in max(rate * 86_400 * coin.dailyValue.squareRoot() / max(total, 1e-9), 100)
        }
        markets = listed
        var initial = World(
            coins: coins, indexByID: Dictionary(uniqueKeysWithValues: listed.enumerated().map { ($1.id, $0) }),
            cumulativeWeights: cumulative, generator: generator, tradesPerDay: tradesPerDay,
            day: TradingDay(unixMilliseconds: now))
        initial.start = now
        for move in configuration.moves {
            guard let index = initial.indexByID[move.market] else {
                throw ScriptedMoveError(description: "--pump \(move): \(move.market.rawValue) is not listed")
            }
            initial.moves[index] = move
        }
        initial.bitcoinIndex = initial.indexByID[MarketID(quote: "KRW", base: "BTC")]
        initial.tetherIndex = initial.indexByID[CoinComparison.usdtMarket]
        if let tether = initial.tetherIndex {
            // Tether starts at the premium of the moment, as it trades from then on: no jump at its first trade.
            initial.coins[tether].scriptedFactor = SimulatedForex.tetherFactor(at: now)
            initial.coins[tether].settle()
        }
        for index in initial.coins.indices {
            initial.notePrices(at: index)
            initial.coins[index].intraday.begin(at: now, today: initial.coins[index].todayCandle)
        }
        world = Mutex(initial)
    }

    /// Whether a market is listed.
    public func lists(_ id: MarketID) -> Bool {
        world.withLock { $0.indexByID[id] != nil }
    }

    /// Runs `count` trades at `now` on coins picked by their trading weight; returns which traded.
    ///
    /// The lock is taken for a few trades at a time, so that a firehose's batch never holds up
    /// the sessions reading the coins for long.
    @discardableResult
    public func trade(count: Int, now: Int64) -> TradedMarkets {
        guard count > 0 else { return TradedMarkets(positions: []) }
        var traded: [Int] = []
        traded.reserveCapacity(count)
        let today = TradingDay(unixMilliseconds: now)
        while traded.count < count {
            let chunk = min(count - traded.count, Self.tradesPerLock)
            world.withLock { world in
                if today > world.day {
                    world.day = today
                    for index in world.coins.indices { world.coins[index].rollDayIfNeeded(now: now) }
                }
                let total = world.cumulativeWeights.last ?? 0
                for _ in 0..<chunk {
                    let draw = world.generator.unit() * total
                    let index = Self.firstIndex(in: world.cumulativeWeights, above: draw)
                    if let move = world.moves[index] {
                        world.coins[index].scriptedFactor = move.factor(elapsed: now - world.start)
                    }
                    if index == world.tetherIndex {
                        // Tether trades at the premium of the moment over the dollar.
                        let scripted = world.moves[index]?.factor(elapsed: now - world.start) ?? 1
                        world.coins[index].scriptedFactor = scripted * SimulatedForex.tetherFactor(at: now)
                    }
                    world.coins[index].trade(
                        now: now, tradesPerDay: world.tradesPerDay[index], generator: &world.generator)
                    world.notePrices(at: index)
                    traded.append(index)
                }
            }
        }
        return TradedMarkets(positions: traded)
    }

    /// The dollar in won at `now` (issue 29): the tether coin's walk over the tether premium's
    /// mean (``SimulatedForex``).
    public func usdKRW() -> Double {
        world.withLock { world in
            world.tetherIndex.map { SimulatedForex.usdKRW(tetherWalk: world.coins[$0].fairPrice) }
                ?? SimulatedForex.fallbackUSDKRW
        }
    }

    /// The dollar's daily closes in won before today (issue 29), from KRW-USDT's daily candles
    /// and the tether premium of each day (``SimulatedForex/pastUSDKRW(tetherClose:on:)``);
    /// weekdays only, as the currency market trades.
    public func pastUSDKRW(today: TradingDay) -> [(day: TradingDay, rate: Double)] {
        (candles(CoinComparison.usdtMarket) ?? []).compactMap { candle in
            // 1970-01-01 was a Thursday: days 2 and 3 past it, modulo 7, are Saturday and Sunday.
            let weekday = ((candle.day.daysSinceEpoch % 7) + 7) % 7
            guard candle.day < today, weekday != 2, weekday != 3 else { return nil }
            return (candle.day, SimulatedForex.pastUSDKRW(tetherClose: candle.close, on: candle.day))
        }
    }

    /// Trades run under one taking of the lock.
    private static let tradesPerLock = 16

    /// Reads the coins with these ids (unknown ids skipped) under the lock.
    func read<Result: Sendable>(_ ids: [MarketID], _ body: (SimulatedCoin) -> Result) -> [Result] {
        world.withLock { world in ids.compactMap { id in world.indexByID[id].map { body(world.coins[$0]) } } }
    }

    /// Reads the coins at these catalog positions under the lock, in the order given.
    func read<Result: Sendable>(
        positions: [Int], _ body: (_ position: Int, _ coin: borrowing SimulatedCoin) -> Result
    ) -> [Result] {
        world.withLock { world in
            var results: [Result] = []
            results.reserveCapacity(positions.count)
            for position in positions { results.append(body(position, world.coins[position])) }
            return results
        }
    }

    /// Reads every coin, in catalog order, under the lock.
    func readAll<Result: Sendable>(_ body: (SimulatedCoin) -> Result) -> [Result] {
        world.withLock { world in world.coins.map(body) }
    }

    /// The domain ticker of every market, as the simulator holds it now (for tests and checks).
    public func tickers(now: Int64) -> [Ticker] {
        readAll { $0.figures(as: $0.market, scale: .identity, now: now).upbitTicker().toDomain() }.compactMap { $0 }
    }

    /// The daily candles of a market, oldest first, today's last.
    public func candles(_ id: MarketID) -> [Candle]? {
        read([id]) { $0.candles }.first
    }

    private static func firstIndex(in cumulative: [Double], above draw: Double) -> Int {
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > draw { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
