/// One coin across exchanges (SPEC §1.8): its KRW price on each Korean exchange that lists it,
/// the spread between the highest and the lowest, and the premium of the Korean price over the
/// global one on Binance (the "kimchi premium").
public struct CoinComparison: Sendable, Hashable, Identifiable {
    /// The coin as a KRW market (`KRW-BTC`), with its names.
    public var market: Market
    /// The KRW price on each Korean exchange listing the coin.
    public var prices: [Exchange: Double]
    /// The Korean exchange whose price the premium is measured from: Upbit when it lists the
    /// coin, else the next in ``Exchange/korean``.
    public var referenceExchange: Exchange
    /// The highest KRW price minus the lowest.
    public var spread: Double
    /// The spread as a fraction of the lowest price (`0.004` is 0.4 %).
    public var spreadRate: Double
    /// The price on Binance in USDT, when Binance lists the coin.
    public var globalPrice: Double?
    /// The KRW price of one USDT the premium was computed with.
    public var usdtRate: Double?
    /// `KRW price / (USDT price × KRW-USDT rate) − 1`, as a fraction; `nil` without a global
    /// price or a rate.
    public var premium: Double?
    /// The dollar in won the premium against the bank rate was measured with (issue 29), when
    /// one was given (``measured(against:)``).
    public var usdKRW: Double?
    /// `KRW price / (USDT price × USD/KRW) − 1`: the premium against the bank rate, the one on
    /// the news; `nil` without a global price or a rate.
    public var premiumFX: Double?
    /// `KRW-USDT / USD/KRW − 1`: how far tether trades over the dollar in Korea.
    public var tetherPremium: Double?
    /// The KRW value traded over 24 h, summed over the Korean exchanges.
    public var tradeValue24h: Double
    /// The newest ticker time among the prices, Unix ms.
    public var timestamp: Int64

    /// The coin's symbol, e.g. `BTC`.
    public var symbol: String { market.symbol }
    /// The market id, `KRW-<symbol>`.
    public var id: MarketID { market.id }
    /// The price the premium is measured from.
    public var referencePrice: Double { prices[referenceExchange] ?? 0 }

    /// The market whose price converts USDT into KRW.
    public static let usdtMarket = MarketID(quote: "KRW", base: "USDT")

    /// Compares every coin listed on more than one Korean exchange.
    ///
    /// - Parameters:
    ///   - quotes: each exchange's quotes (Korean ones in KRW, Binance's in USDT).
    ///   - usdtRate: KRW per USDT; by default the KRW-USDT price of the first Korean exchange listing it.
    public static func compare(_ quotes: [Exchange: [Quote]], usdtRate: Double? = nil) -> [CoinComparison] {
        let rate = usdtRate ?? Self.usdtRate(in: quotes)
        var bySymbol: [String: [Exchange: Quote]] = [:]
        for exchange in Exchange.korean {
            for quote in quotes[exchange] ?? [] where quote.market.quote == "KRW" && quote.ticker.price > 0 {
                bySymbol[quote.market.symbol, default: [:]][exchange] = quote
            }
        }
        var global: [String: Double] = [:]
        for quote in quotes[.binance] ?? [] where quote.market.quote == "USDT" && quote.ticker.price > 0 {
            global[quote.market.symbol] = quote.ticker.price
        }
        return bySymbol.compactMap { symbol, listed in
            guard listed.count > 1 else { return nil }
            return CoinComparison(symbol: symbol, listed: listed, globalPrice: global[symbol], usdtRate: rate)
        }
    }

    /// One coin compared across the boards, as ``compare(_:usdtRate:)`` compares it among all:
    /// `nil` when fewer than two Korean exchanges have a KRW price for it. What a board that
    /// follows a few changed coins recomputes, instead of every coin.
    public static func compare(symbol: String, on boards: [Exchange: TickerBoard], usdtRate: Double?) -> CoinComparison?
    {
        let id = MarketID(quote: "KRW", base: symbol)
        var listed: [Exchange: Quote] = [:]
        for exchange in Exchange.korean {
            if let quote = boards[exchange]?.quote(id), quote.ticker.price > 0 { listed[exchange] = quote }
        }
        guard listed.count > 1 else { return nil }
        let global = boards[.binance]?.quote(MarketID(quote: "USDT", base: symbol)).map(\.ticker.price)
        return CoinComparison(
            symbol: symbol, listed: listed, globalPrice: global.flatMap { $0 > 0 ? $0 : nil }, usdtRate: usdtRate)
    }

    /// KRW per USDT on these boards: the KRW-USDT price on the first Korean exchange listing it.
    public static func usdtRate(on boards: [Exchange: TickerBoard]) -> Double? {
        for exchange in Exchange.korean {
            if let price = boards[exchange]?.quote(usdtMarket)?.ticker.price, price > 0 { return price }
        }
        return nil
    }

    /// KRW per USDT: the KRW-USDT price on the first Korean exchange that lists it.
    public static func usdtRate(in quotes: [Exchange: [Quote]]) -> Double? {
        for exchange in Exchange.korean {
            if let quote = quotes[exchange]?.first(where: { $0.id == usdtMarket }), quote.ticker.price > 0 {
                return quote.ticker.price
            }
        }
        return nil
    }

    /// The comparison with its premium against the bank rate and tether's premium, at `usdKRW`
    /// (issue 29): `(1 + premiumFX) = (1 + premium) × (1 + tetherPremium)`.
    public func measured(against usdKRW: Double?) -> CoinComparison {
        var measured = self
        guard let usdKRW, usdKRW > 0, usdKRW.isFinite else { return measured }
        measured.usdKRW = usdKRW
        if let globalPrice {
            measured.premiumFX = Self.premium(krwPrice: referencePrice, usdtPrice: globalPrice, usdtRate: usdKRW)
        }
        measured.tetherPremium = usdtRate.flatMap { $0 > 0 && $0.isFinite ? $0 / usdKRW - 1 : nil }
        return measured
    }

    /// The premium of a KRW price over a USDT price at a KRW-per-USDT rate.
    public static func premium(krwPrice: Double, usdtPrice: Double, usdtRate: Double) -> Double? {
        let global = usdtPrice * usdtRate
        guard global > 0, krwPrice > 0, global.isFinite, krwPrice.isFinite else { return nil }
        return krwPrice / global - 1
    }

    private init(symbol: String, listed: [Exchange: Quote], globalPrice: Double?, usdtRate: Double?) {
        let reference = Exchange.korean.first { listed[$0] != nil } ?? .upbit
        let markets = Exchange.korean.compactMap { listed[$0]?.market }
        market = Market(
            id: MarketID(quote: "KRW", base: symbol),
            koreanName: markets.first { !$0.koreanName.isEmpty }?.koreanName ?? "",
            englishName: markets.first { !$0.englishName.isEmpty }?.englishName ?? symbol)
        prices = listed.mapValues(\.ticker.price)
        referenceExchange = reference
        let highest = prices.values.max() ?? 0
        let lowest = prices.values.min() ?? 0
        spread = highest - lowest
        spreadRate = lowest > 0 ? spread / lowest : 0
        self.globalPrice = globalPrice
        self.usdtRate = usdtRate
        if let globalPrice, let usdtRate {
            premium = Self.premium(krwPrice: prices[reference] ?? 0, usdtPrice: globalPrice, usdtRate: usdtRate)
        } else {
            premium = nil
        }
        tradeValue24h = listed.values.reduce(0) { $0 + $1.ticker.tradeValue24h }
        timestamp = listed.values.map(\.ticker.timestamp).max() ?? 0
    }
}

extension QuoteOrder {
    /// The comparisons in this order. On the compare view the keys read: name, price (the
    /// reference KRW price), change (the premium) and value (the spread rate); a missing
    /// premium (on `basis`) sorts below every known one.
    public func sorted(
        _ rows: [CoinComparison], language: NameLanguage = .korean, basis: PremiumBasis = .usdt
    ) -> [CoinComparison] {
        rows.sorted { lhs, rhs in
            let byKey: Int
            switch key {
            case .name: byKey = Self.compareNames(lhs.market.name(in: language), rhs.market.name(in: language))
            case .price: byKey = Self.compare(lhs.referencePrice, rhs.referencePrice)
            case .change:
                byKey = Self.compare(basis.premium(of: lhs) ?? -.infinity, basis.premium(of: rhs) ?? -.infinity)
            case .value: byKey = Self.compare(lhs.spreadRate, rhs.spreadRate)
            case .move1m, .move5m, .move15m: byKey = 0  // no moves across exchanges: by name
            }
            if byKey != 0 { return direction == .ascending ? byKey < 0 : byKey > 0 }
            let byName = Self.compareNames(lhs.market.name(in: language), rhs.market.name(in: language))
            return byName != 0 ? byName < 0 : lhs.id < rhs.id
        }
    }
}
