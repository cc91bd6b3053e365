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
public final class SimulatedVenue: Sendable {
    /// The exchange this venue plays.
    public let exchange: Exchange
    /// The markets listed, as the exchange names them, in catalog order.
    public let markets: [Market]
    let world: SimulatedMarket
    /// Each venue market's position in the world's catalog.
    private let worldPositions: [MarketID: Int]
    /// The venue's id of each world market by its catalog position; `nil` where it is unlisted.
    private let venueIDsByPosition: [MarketID?]
    /// Each listed coin's gap by its world catalog position.
    private let drifts: [Drift?]

    /// A coin's gap from the world price: a fixed offset and a slow sine around it.
    private struct Drift: Sendable {
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

    init(exchange: Exchange, world: SimulatedMarket, bithumbListing: Set<MarketID>, seed: UInt64) {
        self.exchange = exchange
        self.world = world
        var listed: [Market] = []
        var drifts: [Drift?] = []
        var venueIDsByPosition: [MarketID?] = []
        for market in world.markets {
            venueIDsByPosition.append(nil)
            drifts.append(nil)
            var generator = SeededGenerator(seed: seed ^ Self.hash("\(exchange.rawValue):\(market.symbol)"))
            guard Self.lists(market, on: exchange, bithumbListing: bithumbListing, draw: generator.unit()) else {
                continue
            }
            let id = MarketID(quote: exchange.quoteCurrency, base: market.symbol)
            let named: Market
            switch exchange {
            case .upbit, .bithumb:
                named = Market(id: id, koreanName: market.koreanName, englishName: market.englishName)
            case .korbit: named = Market(id: id, koreanName: "", englishName: market.englishName)
            case .binance: named = Market(id: id, koreanName: "", englishName: "")
            }
            listed.append(named)
            venueIDsByPosition[venueIDsByPosition.count - 1] = id
            let isStable = market.symbol == "USDT" || market.symbol == "USDC"
            let width = exchange == .korbit ? 0.004 : 0.0025
            drifts[drifts.count - 1] = Drift(
                offset: (generator.unit() * 2 - 1) * width * (isStable ? 0.3 : 1),
                amplitude: width * (0.3 + generator.unit() * 0.5) * (isStable ? 0.3 : 1),
                periodMilliseconds: 600_000 + generator.unit() * 1_800_000, phase: generator.unit() * 2 * .pi)
        }
        markets = listed
        self.venueIDsByPosition = venueIDsByPosition
        worldPositions = Dictionary(
            uniqueKeysWithValues: venueIDsByPosition.enumerated().compactMap { position, id in id.map { ($0, position) }
            })
        self.drifts = drifts
    }

    /// Whether the venue lists a market of its own naming (`KRW-BTC`, `USDT-BTC` on Binance).
    public func lists(_ id: MarketID) -> Bool { worldPositions[id] != nil }

    /// How many markets the world's catalog holds (positions run below it).
    var worldCount: Int { venueIDsByPosition.count }

    /// The venue's ids of the markets that traded and it lists, in trade order.
    func venueIDs(_ traded: TradedMarkets) -> [MarketID] {
        traded.positions.compactMap { venueIDsByPosition[$0] }
    }

    /// A venue market's position in the world's catalog; `nil` when unlisted.
    func worldPosition(of id: MarketID) -> Int? { worldPositions[id] }

    /// The figures of these venue markets now (unlisted ids skipped), in the order given.
    func figures(_ ids: [MarketID], now: Int64) -> [CoinFigures] {
        figures(atWorldPositions: ids.compactMap { worldPositions[$0] }, now: now)
    }

    /// The figures of the listed markets at these world catalog positions now, in the order given.
    func figures(atWorldPositions positions: [Int], now: Int64) -> [CoinFigures] {
        let rate = usdtRate()
        let listed = positions.filter { venueIDsByPosition[$0] != nil }
        return world.read(positions: listed) { position, coin in
            let id = venueIDsByPosition[position] ?? coin.market.id
            // The gap moves with the coin's own trades, so a paused market holds still everywhere.
            let scale = scale(position, usdtRate: rate, at: coin.tradeTimestamp)
            return coin.figures(as: market(id, coin), scale: scale, now: now)
        }
    }

    /// The latest `count` trades of a venue market, newest first, with its figures now; `nil` when
    /// unlisted.
    func trades(_ id: MarketID, count: Int, now: Int64) -> (trades: [Trade], figures: CoinFigures)? {
        guard let position = worldPositions[id] else { return nil }
        let rate = usdtRate()
        return world.read(positions: [position]) { position, coin in
            let venueID = venueIDsByPosition[position] ?? coin.market.id
            let scale = scale(position, usdtRate: rate, at: coin.tradeTimestamp)
            let market = market(venueID, coin)
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
        guard let position = worldPositions[id] else { return nil }
        let rate = usdtRate()
        let grid: PriceGrid = exchange == .binance ? .usdt : .krw
        return world.read(positions: [position]) { position, coin in
            let venueID = venueIDsByPosition[position] ?? coin.market.id
            let scale = scale(position, usdtRate: rate, at: coin.tradeTimestamp)
            let market = market(venueID, coin)
            let figures = coin.figures(as: market, scale: scale, now: now)
            let second = now / 1000
            let recent = coin.trades(as: market, scale: scale, count: max(count, SimulatedTape.capacity))
            // The side the last trade took stands at the last price; this second's trades there took from it.
            let takerSide: Trade.Side = figures.lastSideIsAsk ? .sell : .buy
            let taken = recent.prefix { $0.timestamp / 1000 == second }
                .filter { $0.side == takerSide && $0.price == figures.price }.reduce(0) { $0 + $1.size }
            return VenueDepth(
                book: figures.orderBook(depth: levels, now: now, grid: grid, taken: taken),
                trades: Array(recent.prefix(count)), figures: figures)
        }.first
    }

    /// The figures of every listed market now, in catalog order.
    func allFigures(now: Int64) -> [CoinFigures] {
        figures(markets.map(\.id), now: now)
    }

    /// The daily candles of a venue market through its current scale, oldest first; `nil` when unlisted.
    public func candles(_ id: MarketID) -> [Candle]? {
        guard let position = worldPositions[id] else { return nil }
        let rate = usdtRate()
        return world.read(positions: [position]) { position, coin in
            coin.candles(scale: scale(position, usdtRate: rate, at: coin.tradeTimestamp))
        }.first
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

    private func market(_ id: MarketID, _ coin: SimulatedCoin) -> Market {
        let names = exchange == .upbit || exchange == .bithumb
        return Market(
            id: id, koreanName: names ? coin.market.koreanName : "",
            englishName: exchange == .binance ? "" : coin.market.englishName)
    }

    /// KRW per USDT in the world (its KRW-USDT market), or a usual level when it is not listed.
    private func usdtRate() -> Double {
        guard exchange == .binance else { return 1 }
        return world.read([CoinComparison.usdtMarket]) { $0.price }.first ?? 1_450
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

    private static func lists(
        _ market: Market, on exchange: Exchange, bithumbListing: Set<MarketID>, draw: Double
    )
        -> Bool
    {
        let isKnown = CoinCatalog.knownLevels[market.symbol] != nil
        switch exchange {
        case .upbit: return true
        case .bithumb: return bithumbListing.contains(market.id)
        case .korbit: return isKnown || draw < 0.4
        case .binance: return market.symbol != "USDT" && (isKnown || draw < 0.7)
        }
    }

    /// FNV-1a, to seed each coin's draws by name.
    private static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0100_0000_01b3
        }
        return hash
    }
}
