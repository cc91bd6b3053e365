import MarketDomain

/// What a simulated venue says about its markets now and then (issue 28, point 6), drawn from
/// the seed so the same seed says the same: about one market in a hundred is under a lasting
/// 유의 (investment warning); in every five minutes about one in fifty gets a 주의 (caution) with a
/// reason, cleared when the five minutes end; and a few markets (one in a hundred) are held back
/// at the start and listed one by one, ten minutes apart, as new listings.
struct SimulatedNotices: Sendable {
    let seed: UInt64
    /// When the venue started (Unix ms): the held-back markets are listed from then on.
    let start: Int64
    /// Coins whose withdrawals stay suspended (`--suspend`).
    var suspensions: Set<String> = []
    /// How long a drawn wallet suspension lasts, and how often they are drawn again.
    static let walletPeriod: Int64 = 600_000
    /// How long a caution lasts, and how often they are drawn again.
    static let cautionPeriod: Int64 = 300_000
    /// The time between two new listings.
    static let listingInterval: Int64 = 600_000

    /// Upbit's `market_event` flags of a market at `now`.
    func flags(of id: MarketID, on exchange: Exchange, at now: Int64) -> (warning: Bool, cautions: [String: Bool]) {
        var lasting = SeededGenerator(seed: seed ^ VenueListing.hash("warning:\(exchange.rawValue):\(id.rawValue)"))
        let warning = lasting.unit() < 0.01
        let bucket = now / Self.cautionPeriod
        var draw = SeededGenerator(
            seed: seed ^ VenueListing.hash("caution:\(exchange.rawValue):\(id.rawValue):\(bucket)"))
        let cautioned = draw.unit() < 0.02
        let reasons = MarketWarning.upbitCautionReasons
        // A lasting warning keeps its reason; a caution has the reason of its five minutes.
        let reasonDraw = warning ? lasting.unit() : draw.unit()
        let reason = reasons[Int(reasonDraw * Double(reasons.count)) % reasons.count].key
        var cautions = Dictionary(uniqueKeysWithValues: reasons.map { ($0.key, false) })
        if cautioned || warning { cautions[reason] = true }
        return (warning, cautions)
    }

    /// A coin's deposit and withdrawal status at `now` (issue 29): in every ten minutes about one
    /// coin in sixty has its deposits, its withdrawals or both suspended (입출금 중단), and the
    /// coins of ``suspensions`` their withdrawals throughout.
    func wallet(of symbol: String, on exchange: Exchange, at now: Int64) -> WalletStatus {
        if suspensions.contains(symbol) { return WalletStatus(deposit: true, withdrawal: false) }
        var draw = SeededGenerator(
            seed: seed ^ VenueListing.hash("wallet:\(exchange.rawValue):\(symbol):\(now / Self.walletPeriod)"))
        guard draw.unit() < 1.0 / 60 else { return WalletStatus(deposit: true, withdrawal: true) }
        let which = draw.unit()
        return WalletStatus(deposit: which >= 1.0 / 3, withdrawal: which < 1.0 / 3 || which >= 2.0 / 3)
    }

    /// The markets of `markets` held back at the start, in the order they are listed.
    func heldBack(_ markets: [Market], on exchange: Exchange) -> [MarketID] {
        markets.filter { market in
            guard market.id.quote == exchange.quoteCurrency, market.symbol != "BTC", market.symbol != "USDT" else {
                return false
            }
            var draw = SeededGenerator(seed: seed ^ VenueListing.hash("listing:\(exchange.rawValue):\(market.id)"))
            return draw.unit() < 0.01
        }.map(\.id)
    }

    /// Whether the `index`-th held-back market is listed at `now`.
    func isListed(heldBackIndex index: Int, at now: Int64) -> Bool {
        now >= start + Int64(index + 1) * Self.listingInterval
    }
}
