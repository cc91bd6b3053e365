import Foundation
import MarketDomain

/// Which of the world's coins a venue lists and under which names (SPEC §3): every coin on Upbit,
/// Bithumb's own list, a share on Korbit and Binance; on Upbit and Bithumb also the BTC and USDT
/// groups' markets; and each listed coin's slow drift from the world's price. Drawn once from the
/// seed, so the same seed lists the same markets.
struct VenueListing {
    typealias Location = SimulatedVenue.Location
    typealias Drift = SimulatedVenue.Drift

    /// The main quote's markets in catalog order, then each other group's.
    private(set) var markets: [Market] = []
    private(set) var drifts: [Drift?] = []
    private(set) var venueIDsByPosition: [MarketID?] = []
    private(set) var crossIDsByPosition: [[MarketID?]] = []
    private(set) var locations: [MarketID: Location] = [:]

    init(exchange: Exchange, world: SimulatedMarket, bithumbListing: Set<MarketID>, seed: UInt64) {
        listMainGroup(exchange: exchange, world: world, bithumbListing: bithumbListing, seed: seed)
        listOtherGroups(exchange: exchange, world: world, bithumbListing: bithumbListing, seed: seed)
        for (position, id) in venueIDsByPosition.enumerated() {
            if let id { locations[id] = Location(position: position, group: 0) }
        }
        for (group, ids) in crossIDsByPosition.enumerated() {
            for (position, id) in ids.enumerated() {
                if let id { locations[id] = Location(position: position, group: group + 1) }
            }
        }
    }

    /// The main quote's markets, named as the exchange names them, each with its drift.
    private mutating func listMainGroup(
        exchange: Exchange, world: SimulatedMarket, bithumbListing: Set<MarketID>, seed: UInt64
    ) {
        for market in world.markets {
            venueIDsByPosition.append(nil)
            drifts.append(nil)
            var generator = SeededGenerator(seed: seed ^ Self.hash("\(exchange.rawValue):\(market.symbol)"))
            guard Self.lists(market, on: exchange, bithumbListing: bithumbListing, draw: generator.unit()) else {
                continue
            }
            let id = MarketID(quote: exchange.quoteCurrency, base: market.symbol)
            switch exchange {
            case .upbit, .bithumb:
                markets.append(Market(id: id, koreanName: market.koreanName, englishName: market.englishName))
            case .korbit: markets.append(Market(id: id, koreanName: "", englishName: market.englishName))
            case .binance: markets.append(Market(id: id, koreanName: "", englishName: ""))
            }
            venueIDsByPosition[venueIDsByPosition.count - 1] = id
            let isStable = market.symbol == "USDT" || market.symbol == "USDC"
            let width = exchange == .korbit ? 0.004 : 0.0025
            drifts[drifts.count - 1] = Drift(
                offset: (generator.unit() * 2 - 1) * width * (isStable ? 0.3 : 1),
                amplitude: width * (0.3 + generator.unit() * 0.5) * (isStable ? 0.3 : 1),
                periodMilliseconds: 600_000 + generator.unit() * 1_800_000, phase: generator.unit() * 2 * .pi)
        }
    }

    /// The other groups list some of the coins the main group lists, in catalog order; the BTC
    /// group only coins worth ten satoshi or more (a smaller price would not show on its grid).
    private mutating func listOtherGroups(
        exchange: Exchange, world: SimulatedMarket, bithumbListing: Set<MarketID>, seed: UInt64
    ) {
        let crossQuotes = SimulatedVenue.crossQuotes(of: exchange)
        crossIDsByPosition = crossQuotes.map { _ in [MarketID?](repeating: nil, count: world.markets.count) }
        let bitcoinPrice = world.read([MarketID(quote: "KRW", base: "BTC")]) { $0.price }.first ?? 0
        let prices = world.readAll { $0.price }
        for (group, quote) in crossQuotes.enumerated() {
            for (position, market) in world.markets.enumerated() where venueIDsByPosition[position] != nil {
                var generator = SeededGenerator(
                    seed: seed ^ Self.hash("\(exchange.rawValue):\(quote):\(market.symbol)"))
                let id = MarketID(quote: quote, base: market.symbol)
                // A group quoted in a coin lists neither that coin nor the dollar coin.
                let worthEnough = quote != "BTC" || bitcoinPrice > 0 && prices[position] / bitcoinPrice >= 1e-7
                guard market.symbol != quote, market.symbol != "USDT", worthEnough,
                    Self.listsCross(
                        market, quote: quote, on: exchange, bithumbListing: bithumbListing, draw: generator.unit())
                else { continue }
                crossIDsByPosition[group][position] = id
                markets.append(Market(id: id, koreanName: market.koreanName, englishName: market.englishName))
            }
        }
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

    /// Whether a group of another quote lists a coin: on Bithumb the markets its list has; on Upbit
    /// about half the real coins in BTC and the best-known and a fifth of the others in USDT (the
    /// generated coins of a large `--markets` trade in KRW only, as a board of thousands is a KRW one).
    private static func listsCross(
        _ market: Market, quote: String, on exchange: Exchange, bithumbListing: Set<MarketID>, draw: Double
    ) -> Bool {
        guard !CoinCatalog.isSynthetic(market) else { return false }
        switch exchange {
        case .bithumb: return bithumbListing.contains(MarketID(quote: quote, base: market.symbol))
        case .upbit:
            let isKnown = CoinCatalog.knownLevels[market.symbol] != nil
            return quote == "BTC" ? isKnown || draw < 0.5 : (isKnown && draw < 0.8) || draw < 0.2
        default: return false
        }
    }

    /// FNV-1a, to seed each coin's draws by name.
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0100_0000_01b3
        }
        return hash
    }
}
