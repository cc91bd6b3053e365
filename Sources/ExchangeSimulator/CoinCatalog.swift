import ExchangeWire
import Foundation
public import MarketDomain

/// The real KRW coin names the simulator lists: Upbit's KRW markets (February 2025), then the
/// KRW markets only Bithumb lists (August 2025), from `shared/data` (copied into Resources).
public enum CoinCatalog {
    static func krwMarkets() throws -> [Market] {
        var seen = Set<MarketID>()
        var markets: [Market] = []
        let lists = try lists.get()
        for market in lists.upbit + lists.bithumb where market.id.quote == "KRW" && seen.insert(market.id).inserted {
            markets.append(market)
        }
        return markets
    }

    /// `count` KRW markets: the real ones first, then generated ones, clearly synthetic
    /// (`KRW-SYN1`, "합성 코인 1", "Synthetic Coin 1"), when more are asked for than are real.
    public static func krwMarkets(count: Int) throws -> [Market] {
        let real = try krwMarkets()
        guard count > real.count else { return Array(real.prefix(max(1, count))) }
        let generated = (1...(count - real.count)).map { number in
            Market(
                id: MarketID(quote: "KRW", base: "SYN\(number)"), koreanName: "합성 코인 \(number)",
                englishName: "Synthetic Coin \(number)")
        }
        return real + generated
    }

    /// Whether a market is one of the generated ones (`KRW-SYN1`), not a real coin.
    static func isSynthetic(_ market: Market) -> Bool {
        let base = market.symbol
        return base.hasPrefix("SYN") && base.count > 3 && base.dropFirst(3).allSatisfy(\.isNumber)
    }

    /// The markets Bithumb lists (August 2025): KRW, BTC and USDT.
    static func bithumbMarkets() throws -> Set<MarketID> {
        Set(try lists.get().bithumb.map(\.id))
    }

    private static let upbitFile = "upbit-markets-2025-02"
    private static let bithumbFile = "bithumb-markets-2025-08"

    /// Both exchanges' lists, read once a process: a simulator reads them as it starts, and the
    /// Bithumb venue's listing again.
    private static let lists = Result { (upbit: try markets(of: upbitFile), bithumb: try markets(of: bithumbFile)) }

    /// A list's markets: the file is a `/v1/market/all` body, read as the client reads one.
    private static func markets(of file: String) throws -> [Market] {
        guard let url = Bundle.module.url(forResource: file, withExtension: "json", subdirectory: "Resources") else {
            throw SimulatorError.missingResource(file)
        }
        return try UpbitRESTRowsReader.markets(Data(contentsOf: url))
    }

    /// Rough KRW price levels and daily trade values of the best-known coins, so the board looks
    /// like a real one; other coins get seeded levels.
    static let knownLevels: [String: (price: Double, dailyValue: Double)] = [
        "BTC": (140_000_000, 300e9), "ETH": (5_000_000, 150e9), "XRP": (3_500, 250e9),
        "SOL": (250_000, 60e9), "DOGE": (350, 80e9), "ADA": (1_000, 30e9), "TRX": (400, 10e9),
        "USDT": (1_450, 100e9), "USDC": (1_450, 20e9), "LINK": (30_000, 15e9), "AVAX": (40_000, 10e9),
        "DOT": (6_000, 8e9), "BCH": (700_000, 10e9), "ETC": (30_000, 8e9), "LTC": (140_000, 6e9),
        "XLM": (500, 12e9), "SUI": (5_000, 25e9), "SHIB": (0.02, 10e9), "PEPE": (0.015, 15e9),
        "AAVE": (400_000, 5e9), "UNI": (12_000, 4e9), "NEAR": (4_000, 6e9), "APT": (7_000, 5e9),
        "ATOM": (6_000, 4e9), "HBAR": (300, 8e9), "SEI": (400, 6e9), "ENA": (900, 12e9),
    ]
}

/// What can stop the simulator from starting.
enum SimulatorError: Error, CustomStringConvertible {
    case missingResource(String)
    case notListening

    var description: String {
        switch self {
        case .missingResource(let name): "the simulator's market list \(name).json is missing from the build"
        case .notListening: "the simulator could not start listening"
        }
    }
}
