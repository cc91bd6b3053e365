public import MarketDomain

/// One coin across exchanges as `sise compare` prints it (`--format json|csv`): the KRW price on
/// each Korean exchange (`null` where not listed), the spread, the Binance USDT price and the
/// premiums as fractions (`0.031` is 3.1 %): over tether (`premium`, also `premiumUSDT`), over the
/// bank rate (`premiumFX`), and tether's own (`tetherPremium`), with the rate and its source, and
/// the coin's deposit and withdrawal status on each exchange that says it (`wallets`).
public struct ComparisonRecord: Codable, Sendable, Equatable {
    public var symbol: String
    public var koreanName: String
    public var englishName: String
    /// KRW prices by exchange; every Korean exchange present as a key.
    public var prices: KoreanPrices
    /// The exchanges with the highest and the lowest price.
    public var highest: String
    public var lowest: String
    public var spread: Double
    public var spreadRate: Double
    /// The exchange the premium is measured from.
    public var referenceExchange: String
    public var binanceUSDT: Double?
    public var usdtKRW: Double?
    public var premium: Double?
    public var premiumUSDT: Double?
    public var premiumFX: Double?
    public var tetherPremium: Double?
    public var usdKRW: Double?
    /// `dunamu` or `yahoo`.
    public var fxSource: String?
    /// When the rate was quoted, Unix ms.
    public var fxTime: Int64?
    public var tradeValue24h: Double
    public var timestamp: Int64
    /// Deposits and withdrawals by exchange (`{"bithumb":{"deposit":true,"withdrawal":false}}`),
    /// where the exchange says them; empty without a reading.
    public var wallets: [String: WalletStatus] = [:]
    /// `Bithumb 출금 중단`, while any exchange suspends either; nil otherwise.
    public var walletSuspension: String?

    /// The KRW price on each Korean exchange, `null` where the coin is not listed.
    public struct KoreanPrices: Codable, Sendable, Equatable {
        public var upbit: Double?
        public var bithumb: Double?
        public var korbit: Double?

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(upbit, forKey: .upbit)
            try container.encode(bithumb, forKey: .bithumb)
            try container.encode(korbit, forKey: .korbit)
        }
    }

    /// The record of a comparison, measured against `forex` when given, with the coin's `wallets`.
    public init(_ row: CoinComparison, forex: ForexRate? = nil, wallets: [Exchange: WalletStatus] = [:]) {
        self.wallets = Dictionary(uniqueKeysWithValues: wallets.map { ($0.key.rawValue, $0.value) })
        walletSuspension = WalletStatus.summary(wallets)
        symbol = row.symbol
        koreanName = row.market.koreanName
        englishName = row.market.englishName
        prices = KoreanPrices(upbit: row.prices[.upbit], bithumb: row.prices[.bithumb], korbit: row.prices[.korbit])
        let ranked = Exchange.korean.compactMap { exchange in row.prices[exchange].map { (exchange, $0) } }
        highest = ranked.max { $0.1 < $1.1 }?.0.rawValue ?? ""
        lowest = ranked.min { $0.1 < $1.1 }?.0.rawValue ?? ""
        spread = row.spread
        spreadRate = row.spreadRate
        referenceExchange = row.referenceExchange.rawValue
        binanceUSDT = row.globalPrice
        usdtKRW = row.usdtRate
        premium = row.premium
        premiumUSDT = row.premium
        premiumFX = row.premiumFX
        tetherPremium = row.tetherPremium
        usdKRW = row.usdKRW
        fxSource = forex?.source.rawValue
        fxTime = forex?.time
        tradeValue24h = row.tradeValue24h
        timestamp = row.timestamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(symbol, forKey: .symbol)
        try container.encode(koreanName, forKey: .koreanName)
        try container.encode(englishName, forKey: .englishName)
        try container.encode(prices, forKey: .prices)
        try container.encode(highest, forKey: .highest)
        try container.encode(lowest, forKey: .lowest)
        try container.encode(spread, forKey: .spread)
        try container.encode(spreadRate, forKey: .spreadRate)
        try container.encode(referenceExchange, forKey: .referenceExchange)
        try container.encode(binanceUSDT, forKey: .binanceUSDT)
        try container.encode(usdtKRW, forKey: .usdtKRW)
        try container.encode(premium, forKey: .premium)
        try container.encode(premiumUSDT, forKey: .premiumUSDT)
        try container.encode(premiumFX, forKey: .premiumFX)
        try container.encode(tetherPremium, forKey: .tetherPremium)
        try container.encode(usdKRW, forKey: .usdKRW)
        try container.encode(fxSource, forKey: .fxSource)
        try container.encode(fxTime, forKey: .fxTime)
        try container.encode(tradeValue24h, forKey: .tradeValue24h)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encode(wallets, forKey: .wallets)
        try container.encode(walletSuspension, forKey: .walletSuspension)
    }

    /// The CSV columns, in order.
    public static let csvHeader = [
        "symbol", "koreanName", "englishName", "upbit", "bithumb", "korbit", "highest", "lowest", "spread",
        "spreadRate", "referenceExchange", "binanceUSDT", "usdtKRW", "premium", "premiumFX", "tetherPremium", "usdKRW",
        "tradeValue24h", "timestamp", "walletSuspension",
    ]

    /// The CSV fields, in the header's order; an absent value is an empty field.
    public var csvFields: [String] {
        func number(_ value: Double?) -> String { value.map(CSV.number) ?? "" }
        return [
            symbol, koreanName, englishName, number(prices.upbit), number(prices.bithumb), number(prices.korbit),
            highest, lowest, CSV.number(spread), CSV.number(spreadRate), referenceExchange, number(binanceUSDT),
            number(usdtKRW), number(premium), number(premiumFX), number(tetherPremium), number(usdKRW),
            CSV.number(tradeValue24h), String(timestamp), walletSuspension ?? "",
        ]
    }
}

/// The compare view as a text table (`sise compare --format table`).
public enum ComparisonTable {
    /// The table of these rows, names in `language`, each coin's suspended deposits or
    /// withdrawals from `wallets` in the last column (`⛔빗썸 출금`).
    public static func make(
        _ rows: [CoinComparison], language: NameLanguage = .korean,
        wallets: (String) -> [Exchange: WalletStatus] = { _ in [:] }
    ) -> TextTable {
        var table = TextTable(columns: [
            .init(language == .korean ? "이름" : "Name", maxWidth: 20), .init("Symbol"), .init("Upbit", .right),
            .init("Bithumb", .right), .init("Korbit", .right), .init("Spread", .right), .init("Binance USDT", .right),
            .init("Premium", .right), .init(language == .korean ? "입출금" : "Wallets"),
        ])
        table.rows = rows.map { row in
            func krw(_ exchange: Exchange) -> String {
                row.prices[exchange].map { NumberFormat.price($0, quote: "KRW") } ?? "—"
            }
            return [
                row.market.name(in: language), row.symbol, krw(.upbit), krw(.bithumb), krw(.korbit),
                NumberFormat.fixed(row.spreadRate * 100, decimals: 2) + "%",
                row.globalPrice.map { NumberFormat.price($0, quote: "USDT") } ?? "—",
                row.premium.map(NumberFormat.changeRate) ?? "—", WalletStatus.marker(wallets(row.symbol)) ?? "",
            ]
        }
        return table
    }
}
