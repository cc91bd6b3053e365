public import MarketDomain

/// Fills a coin's daily premium history from the exchanges' daily candles and the dollar's daily
/// closes (issue 29, ``PremiumDays``), where the store has too little of it: what makes a year
/// of daily premium show on a new database within seconds.
public struct PremiumBackfill: Sendable {
    /// A market's daily candles on an exchange, the last `days` days.
    public var candles: @Sendable (_ exchange: Exchange, _ market: MarketID, _ days: Int) async throws -> [Candle]
    /// The dollar's daily closes in won over the last year, by day.
    public var usdKRW: @Sendable () async throws -> [TradingDay: Double]
    public var store: PremiumHistoryStore

    /// Days a back-fill asks for.
    public static let days = 365
    /// A coin with fewer day bars than this is back-filled.
    public static let enoughDays = 30

    /// A back-fill from its sources.
    public init(
        candles: @escaping @Sendable (_ exchange: Exchange, _ market: MarketID, _ days: Int) async throws -> [Candle],
        usdKRW: @escaping @Sendable () async throws -> [TradingDay: Double], store: PremiumHistoryStore
    ) {
        self.candles = candles
        self.usdKRW = usdKRW
        self.store = store
    }

    /// Fills each coin (with the Korean exchange its premium is measured on) that has fewer than
    /// ``enoughDays`` day bars, in the order given; returns the day bars added by coin. Coins
    /// whose candles cannot be read are left for the next start; `onFailure` hears why. The
    /// dollar is read once; without it only the premium over tether is filled.
    @discardableResult
    public func fill(
        _ coins: [(symbol: String, exchange: Exchange)], today: TradingDay,
        onFailure: @Sendable (String, any Error) -> Void = { _, _ in }
    ) async -> [String: Int] {
        let since = today.adding(days: -Self.days).startUnixMilliseconds
        let wanted = coins.filter { coin in
            ((try? store.bars(coin.symbol, .day, since))?.count ?? 0) < Self.enoughDays
        }
        guard !wanted.isEmpty else { return [:] }
        var dollar: [TradingDay: Double] = [:]
        do { dollar = try await usdKRW() } catch { onFailure("USD/KRW", error) }
        var tether: [Exchange: [Candle]] = [:]
        var added: [String: Int] = [:]
        for (symbol, exchange) in wanted where !Task.isCancelled {
            do {
                if tether[exchange] == nil {
                    tether[exchange] = try await candles(exchange, CoinComparison.usdtMarket, Self.days)
                }
                async let korean = candles(exchange, MarketID(quote: "KRW", base: symbol), Self.days)
                async let global = candles(.binance, MarketID(quote: "USDT", base: symbol), Self.days)
                let bars = PremiumDays.bars(
                    symbol: symbol, korean: try await korean, binance: try await global,
                    tether: tether[exchange] ?? [], usdKRW: dollar, before: today)
                added[symbol] = try store.addDays(bars)
            } catch {
                onFailure(symbol, error)
            }
        }
        return added
    }
}
