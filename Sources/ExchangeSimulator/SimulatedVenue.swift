import Foundation
public import MarketDomain

/// One venue market's book and latest trades at one instant, with its figures.
struct VenueDepth: Sendable {
    let book: OrderBook
    /// Newest first.
    let trades: [Trade]
    let figures: CoinFigures
}

/// One exchange of the simulated world (SPEC §3): which of the world's coins it lists and under
/// which names, and how its prices sit against the world's. Upbit is the world as it is; Bithumb
/// and Korbit trade a few tenths of a percent apart, each coin's gap drifting slowly; Binance
/// quotes in USDT, below the Korean price by a premium of a few percent that drifts.
///
/// Upbit and Bithumb also list markets in BTC and USDT (their 마켓 groups): a coin's price there
/// is its KRW price on the venue over the venue's KRW price of BTC (or USDT), on that group's
/// price grid, so the groups agree with each other as arbitrage keeps them on a real exchange.
public final class SimulatedVenue: Sendable {
    /// The exchange this venue plays.
    public let exchange: Exchange
    /// The markets listed, as the exchange names them: the main quote's in catalog order, then
    /// each other group's (BTC, then USDT).
    public let markets: [Market]
    let world: SimulatedMarket
    /// Each venue market's position in the world's catalog, and its group (0: the main quote).
    private let locations: [MarketID: Location]
    /// The venue's id of each world market by its catalog position; `nil` where it is unlisted.
    private let venueIDsByPosition: [MarketID?]
    /// The other groups' ids by catalog position (`crossIDsByPosition[group - 1][position]`).
    private let crossIDsByPosition: [[MarketID?]]

    /// Where a venue market stands: its coin's catalog position and its quote group.
    struct Location: Sendable {
        let position: Int
        let group: Int
    }

    /// The quote groups besides the main one an exchange lists (Upbit's and Bithumb's BTC and USDT
    /// markets, exchange-apis.md §1.1, §2.3).
    static func crossQuotes(of exchange: Exchange) -> [String] {
        exchange == .upbit || exchange == .bithumb ? ["BTC", "USDT"] : []
    }
    /// Each listed coin's gap by its world catalog position.
    private let drifts: [Drift?]

    /// A coin's gap from the world price: a fixed offset and a slow sine around it.
    struct Drift: Sendable {
        var offset: Double
        var amplitude: Double
        var periodMilliseconds: Double
        var phase: Double

        func value(at now: Int64) -> Double {
            offset + amplitude * sin(2 * .pi * Double(now) / periodMilliseconds + phase)
        }
    }

    /// The Korean premium over the global price shared by every coin: 3 % ± 1.2 % over 90 minutes.
    static func premium(at now: Int64) -> Double {
        0.03 + 0.012 * sin(2 * .pi * Double(now) / 5_400_000)
    }

    /// The warnings, cautions and new listings the venue gives out now and then.
    let notices: SimulatedNotices
    /// The markets held back at the start, by the order they are listed in.
    private let heldBack: [MarketID: Int]

    /// The markets under a lasting 유의, whatever the time (what a test looks for on a board).
    public func lastingWarnings() -> [MarketID] {
        markets.map(\.id).filter { notices.flags(of: $0, on: exchange, at: 0).warning }
    }

    /// The markets held back at the start, in the order they are listed (ten minutes apart).
    public var heldBackMarkets: [MarketID] { heldBack.sorted { $0.value < $1.value }.map(\.key) }

    /// The markets listed at `now`: all but the held-back ones not listed yet.
    func markets(at now: Int64) -> [Market] {
        guard !heldBack.isEmpty else { return markets }
        return markets.filter { market in
            heldBack[market.id].map { notices.isListed(heldBackIndex: $0, at: now) } ?? true
        }
    }

    /// A venue of `exchange` started at `start` (Unix ms: its held-back markets list from then).
    init(
        exchange: Exchange, world: SimulatedMarket, bithumbListing: Set<MarketID>, seed: UInt64, start: Int64,
        suspensions: Set<String> = []
    ) {
        self.exchange = exchange
        self.world = world
        let listing = VenueListing(exchange: exchange, world: world, bithumbListing: bithumbListing, seed: seed)
        markets = listing.markets
        notices = SimulatedNotices(seed: seed, start: start, suspensions: suspensions)
        heldBack = Dictionary(
            uniqueKeysWithValues: notices.heldBack(listing.markets, on: exchange).enumerated().map { ($1, $0) })
        venueIDsByPosition = listing.venueIDsByPosition
        crossIDsByPosition = listing.crossIDsByPosition
        locations = listing.locations
        drifts = listing.drifts
    }

    /// Whether the venue lists a market of its own naming (`KRW-BTC`, `BTC-XRP`, `USDT-BTC` on Binance).
    public func lists(_ id: MarketID) -> Bool { locations[id] != nil }

    /// How many markets the world's catalog holds (positions run below it).
    var worldCount: Int { venueIDsByPosition.count }

    /// The venue's ids of the main group's markets that traded, in trade order.
    func venueIDs(_ traded: TradedMarkets) -> [MarketID] {
        traded.positions.compactMap { venueIDsByPosition[$0] }
    }

    /// The venue's ids of every group's markets that traded, in trade order (a coin's main market
    /// first, then its BTC and USDT ones).
    func allVenueIDs(_ traded: TradedMarkets) -> [MarketID] {
        guard !crossIDsByPosition.isEmpty else { return venueIDs(traded) }
        var ids: [MarketID] = []
        for position in traded.positions {
            if let id = venueIDsByPosition[position] { ids.append(id) }
            for group in crossIDsByPosition { if let id = group[position] { ids.append(id) } }
        }
        return ids
    }

    /// The other groups' markets of the coin at a catalog position (BTC-XRP, USDT-XRP).
    func crossIDs(atWorldPosition position: Int) -> [MarketID] {
        crossIDsByPosition.compactMap { $0[position] }
    }

    /// A main-group venue market's position in the world's catalog; `nil` when unlisted or of
    /// another group.
    func worldPosition(of id: MarketID) -> Int? {
        guard let location = locations[id], location.group == 0 else { return nil }
        return location.position
    }

    /// The figures of these venue markets of any group now (unlisted ids skipped), in the order given.
    func figures(_ ids: [MarketID], now: Int64) -> [CoinFigures] {
        let rates = quoteRates()
        let listed = ids.compactMap { id in locations[id].map { (id, $0) } }
        // One taking of the world's lock for all of them, each read with its own group's scale.
        var next = 0
        return world.read(positions: listed.map(\.1.position)) { position, coin in
            let (id, location) = listed[next]
            next += 1
            let scale = scale(position, group: location.group, rates: rates, coin: coin)
            return coin.figures(as: market(id, coin), scale: scale, now: now)
        }
    }

    /// The figures of the main group's markets at these world catalog positions now, in the order given.
    func figures(atWorldPositions positions: [Int], now: Int64) -> [CoinFigures] {
        let rates = quoteRates()
        let listed = positions.filter { venueIDsByPosition[$0] != nil }
        return world.read(positions: listed) { position, coin in
            let id = venueIDsByPosition[position] ?? coin.market.id
            // The gap moves with the coin's own trades, so a paused market holds still everywhere.
            let scale = scale(position, group: 0, rates: rates, coin: coin)
            return coin.figures(as: market(id, coin), scale: scale, now: now)
        }
    }

    /// The latest `count` trades of a venue market, newest first, with its figures now; `nil` when
    /// unlisted.
    func trades(_ id: MarketID, count: Int, now: Int64) -> (trades: [Trade], figures: CoinFigures)? {
        guard let location = locations[id] else { return nil }
        let rates = quoteRates()
        return world.read(positions: [location.position]) { position, coin in
            let scale = scale(position, group: location.group, rates: rates, coin: coin)
            let market = market(id, coin)
            return (
                trades: coin.trades(as: market, scale: scale, count: count),
                figures: coin.figures(as: market, scale: scale, now: now)
            )
        }.first
    }

    /// A venue market's depth now: its book of `levels` a side on the venue's price grid, the level
    /// the last trade hit lessened by what this second's trades at its price took from it, and its
    /// latest `count` trades, newest first, with its figures; `nil` when unlisted.
    func depth(_ id: MarketID, levels: Int, trades count: Int, now: Int64) -> VenueDepth? {
        guard let location = locations[id] else { return nil }
        let rates = quoteRates()
        let grid = PriceGrid(quote: id.quote)
        return world.read(positions: [location.position]) { position, coin in
            let scale = scale(position, group: location.group, rates: rates, coin: coin)
            let market = market(id, coin)
            let figures = coin.figures(as: market, scale: scale, now: now)
            let second = now / 1000
            let recent = coin.trades(as: market, scale: scale, count: max(count, SimulatedTape.recent))
            // The side the last trade took stands at the last price; this second's trades there took from it.
            let takerSide: Trade.Side = figures.lastSideIsAsk ? .sell : .buy
            let taken = recent.prefix { $0.timestamp / 1000 == second }
                .filter { $0.side == takerSide && $0.price == figures.price }.reduce(0) { $0 + $1.size }
            return VenueDepth(
                book: figures.orderBook(depth: levels, now: now, grid: grid, taken: taken),
                trades: Array(recent.prefix(count)), figures: figures)
        }.first
    }

    /// The figures of every listed market now: the main group's in catalog order, then the others'.
    func allFigures(now: Int64) -> [CoinFigures] {
        let main = figures(atWorldPositions: Array(venueIDsByPosition.indices), now: now)
        guard !crossIDsByPosition.isEmpty else { return main }
        return main + figures(Array(markets.dropFirst(main.count).map(\.id)), now: now)
    }

    /// The daily candles of a venue market through its current scale, oldest first; `nil` when unlisted.
    public func candles(_ id: MarketID) -> [Candle]? {
        guard let location = locations[id] else { return nil }
        let scales = dayScales(location)
        return world.read(positions: [location.position]) { position, coin in
            coin.candles(scale: scales(position, coin))
        }.first
    }

    /// The candles of `interval` of a venue market that start before `end` (now when `nil`), at
    /// most `count`, oldest first, through each day's scale (issue 30); `nil` when unlisted.
    public func candles(
        _ id: MarketID, interval: CandleInterval, before end: Int64?, count: Int
    ) -> [IntervalCandle]? {
        guard let location = locations[id] else { return nil }
        let scales = dayScales(location)
        guard
            let (record, scale) = world.read(
                positions: [location.position],
                { position, coin in
                    (IntradayRecord(coin), scales(position, coin))
                }
            ).first
        else { return nil }
        return record.candles(interval, before: end ?? .max, count: count) { candle in
            scale(TradingDay(unixMilliseconds: candle.start)).candle(candle)
        }
    }

    /// How a venue market's days are priced: through the live scale, but Binance's past days at
    /// that day's tether and premium (issue 29), so the premium's daily history moves as a real
    /// one does. Read with the coin under the world's lock.
    private func dayScales(
        _ location: Location
    ) -> (_ position: Int, _ coin: borrowing SimulatedCoin) -> @Sendable (TradingDay) -> PriceScale {
        let rates = quoteRates()
        let pastTether: [TradingDay: Double] =
            exchange == .binance && location.group == 0
            ? Dictionary(
                (world.candles(CoinComparison.usdtMarket) ?? []).map { ($0.day, $0.close) },
                uniquingKeysWith: { _, later in later }) : [:]
        return { position, coin in
            let live = self.scale(position, group: location.group, rates: rates, coin: coin)
            let today = TradingDay(unixMilliseconds: coin.tradeTimestamp)
            return { day in
                guard day < today, let tether = pastTether[day], tether > 0 else { return live }
                return PriceScale(
                    factor: 1 / (tether * (1 + Self.pastPremium(day))), volumeShare: live.volumeShare,
                    snap: live.snap)
            }
        }
    }

    /// The premium over tether of a past day on Binance's daily candles: 3 % ± 2.5 % over about
    /// seven weeks.
    static func pastPremium(_ day: TradingDay) -> Double {
        0.03 + 0.025 * sin(2 * .pi * Double(day.daysSinceEpoch) / 53)
    }

    /// The tickers of every listed market as this venue shows them (for tests and checks).
    public func tickers(now: Int64) -> [Ticker] {
        allFigures(now: now).map { figures in
            let change = figures.change
            return Ticker(
                marketID: figures.market.id, price: figures.price, changePrice: change.price, changeRate: change.rate,
                volume24h: figures.volume24h, tradeValue24h: figures.value24h, open: figures.open, high: figures.high,
                low: figures.low, previousClose: figures.previousClose, timestamp: figures.timestamp)
        }
    }

    private func market(_ id: MarketID, _ coin: borrowing SimulatedCoin) -> Market {
        let names = exchange == .upbit || exchange == .bithumb
        return Market(
            id: id, koreanName: names ? coin.market.koreanName : "",
            englishName: exchange == .binance ? "" : coin.market.englishName)
    }

    /// The world's KRW prices of USDT (its KRW-USDT market, or a usual level when it is not
    /// listed) and of BTC, read once for a batch of figures.
    private struct QuoteRates: Sendable {
        var usdt: Double = 1
        var btc: Double = 1
    }

    private func quoteRates() -> QuoteRates {
        guard exchange == .binance || !crossIDsByPosition.isEmpty else { return QuoteRates() }
        let bitcoin = MarketID(quote: "KRW", base: "BTC")
        let prices = world.read([CoinComparison.usdtMarket, bitcoin]) { ($0.market.id, $0.price) }
        let byID = Dictionary(prices, uniquingKeysWith: { first, _ in first })
        return QuoteRates(usdt: byID[CoinComparison.usdtMarket] ?? 1_450, btc: byID[bitcoin] ?? 140_000_000)
    }

    /// How a market of `group` sits against the world: the main group's scale, and in the BTC and
    /// USDT groups that price over the KRW price of the quote coin when the coin last traded (so a
    /// cross market moves only with its coin's trades, every move ticked), on the group's grid.
    private func scale(
        _ position: Int, group: Int, rates: QuoteRates, coin: borrowing SimulatedCoin
    ) -> PriceScale {
        let time = coin.tradeTimestamp
        let main = scale(position, usdtRate: rates.usdt, at: time)
        guard group > 0 else { return main }
        let quote = Self.crossQuotes(of: exchange)[group - 1]
        let fallback = quote == "BTC" ? rates.btc : rates.usdt
        let noted = quote == "BTC" ? coin.bitcoinPriceAtTrade : coin.tetherPriceAtTrade
        let quotePrice = noted > 0 ? noted : fallback
        // A cross group trades a small share of the coin's volume.
        let share = quote == "BTC" ? 0.03 : 0.02
        return PriceScale(
            factor: main.factor / max(quotePrice, .leastNonzeroMagnitude), volumeShare: main.volumeShare * share,
            snap: quote == "BTC" ? Self.snapBTC : Self.snapUSDT)
    }

    /// A BTC price to the satoshi, as Upbit's and Bithumb's BTC markets quote.
    @Sendable static func snapBTC(_ price: Double) -> Double {
        guard price > 0, price.isFinite else { return 0 }
        return (price * 100_000_000).rounded() / 100_000_000
    }

    private func scale(_ position: Int, usdtRate: Double, at time: Int64) -> PriceScale {
        let drift = drifts[position]?.value(at: time) ?? 0
        switch exchange {
        case .upbit:
            return .identity
        case .bithumb:
            return PriceScale(factor: 1 + drift, volumeShare: 0.45, snap: KRWTickSize.snap)
        case .korbit:
            return PriceScale(factor: 1 + drift, volumeShare: 0.04, snap: KRWTickSize.snap)
        case .binance:
            let factor = (1 + drift) / (usdtRate * (1 + Self.premium(at: time)))
            return PriceScale(factor: factor, volumeShare: 2.5, snap: Self.snapUSDT)
        }
    }

    /// A USDT price rounded to about six significant digits, as Binance's tick sizes give.
    @Sendable static func snapUSDT(_ price: Double) -> Double {
        guard price > 0, price.isFinite else { return 0 }
        let decimals = min(8, max(2, 5 - Int(floor(log10(price)))))
        let scale = KRWTickSize.power10(decimals)
        return (price * scale).rounded() / scale
    }
}
