public import MarketDomain

/// One coin's premium as `sise premium` prints it (issue 29, `--format json|ndjson`): the premium
/// on the chosen basis (`premium`), both bases and tether's own premium as fractions, the rate,
/// the Korean exchange it is measured on, and when (Unix ms).
public struct PremiumRecord: Codable, Sendable, Equatable {
    public var symbol: String
    public var koreanName: String
    public var englishName: String
    /// `usdt` or `fx`: what `premium` is measured against.
    public var basis: String
    public var premium: Double?
    public var premiumUSDT: Double?
    public var premiumFX: Double?
    public var tetherPremium: Double?
    public var usdKRW: Double?
    /// When the USD/KRW rate behind `premiumFX` was quoted, Unix ms; nil without a rate.
    public var usdKRWAt: Int64?
    /// Whether that rate is the last good one, kept after its latest read failed (issue 63).
    public var usdKRWStale: Bool
    public var exchange: String
    public var krwPrice: Double
    public var binanceUSDT: Double?
    public var at: Int64

    /// The record of a comparison measured on `basis`, at `at`, its USD/KRW from `rate` (stale
    /// when its latest read failed).
    public init(_ row: CoinComparison, basis: PremiumBasis, at: Int64, rate: ForexRate? = nil, rateStale: Bool = false)
    {
        symbol = row.symbol
        koreanName = row.market.koreanName
        englishName = row.market.englishName
        self.basis = basis.rawValue
        premium = basis.premium(of: row)
        premiumUSDT = row.premium
        premiumFX = row.premiumFX
        tetherPremium = row.tetherPremium
        usdKRW = row.usdKRW
        usdKRWAt = row.usdKRW == nil ? nil : rate?.time
        usdKRWStale = row.usdKRW != nil && rateStale
        exchange = row.referenceExchange.rawValue
        krwPrice = row.referencePrice
        binanceUSDT = row.globalPrice
        self.at = at
    }

    /// The table of `rows`: the coin, the premium on the basis, both bases, tether's, the rate.
    public static func table(_ rows: [PremiumRecord], basis: PremiumBasis, language: NameLanguage) -> TextTable {
        var table = TextTable(columns: [
            .init("Coin"), .init("Name", maxWidth: 16), .init("김프 vs \(basis.displayName)", .right),
            .init("vs USDT", .right), .init("vs USD/KRW", .right), .init("Tether", .right), .init("USD/KRW", .right),
            .init("On"),
        ])
        func percent(_ value: Double?) -> String { value.map(NumberFormat.changeRate) ?? "—" }
        table.rows = rows.map { row in
            [
                row.symbol, language == .korean ? row.koreanName : row.englishName, percent(row.premium),
                percent(row.premiumUSDT), percent(row.premiumFX), percent(row.tetherPremium),
                row.usdKRW.map { NumberFormat.fixed($0, decimals: 2) + (row.usdKRWStale ? " stale" : "") } ?? "—",
                row.exchange,
            ]
        }
        return table
    }
}

/// One bar of a coin's premium history as `sise premium history` prints it (issue 29): its start
/// (Unix ms and KST), and both bases' open, high, low and close as fractions.
public struct PremiumBarRecord: Codable, Sendable, Equatable {
    public var symbol: String
    public var interval: String
    public var start: Int64
    /// The start in KST, `2026-11-26 09:00:00`.
    public var time: String
    public var usdtOpen: Double
    public var usdtHigh: Double
    public var usdtLow: Double
    public var usdtClose: Double
    public var fxOpen: Double?
    public var fxHigh: Double?
    public var fxLow: Double?
    public var fxClose: Double?

    /// The record of `bar`.
    public init(_ bar: PremiumBar) {
        symbol = bar.symbol
        interval = bar.interval.rawValue
        start = bar.start
        time = KoreanTime.dateClock(bar.start)
        (usdtOpen, usdtHigh, usdtLow, usdtClose) = (bar.usdt.open, bar.usdt.high, bar.usdt.low, bar.usdt.close)
        (fxOpen, fxHigh, fxLow, fxClose) = (bar.fx?.open, bar.fx?.high, bar.fx?.low, bar.fx?.close)
    }

    /// The CSV header, in the order of ``csvFields``.
    public static let csvHeader = [
        "symbol", "interval", "start", "time", "usdtOpen", "usdtHigh", "usdtLow", "usdtClose", "fxOpen", "fxHigh",
        "fxLow", "fxClose",
    ]

    /// The fields of a CSV line (an empty field where there is no bank-rate premium).
    public var csvFields: [String] {
        func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }
        return [symbol, interval, "\(start)", time]
            + [usdtOpen, usdtHigh, usdtLow, usdtClose, fxOpen, fxHigh, fxLow, fxClose].map(number)
    }

    /// The table of `bars` on `basis`: the start in KST and the open, high, low and close in percent.
    public static func table(_ bars: [PremiumBar], basis: PremiumBasis) -> TextTable {
        var table = TextTable(columns: [
            .init("Time (KST)"), .init("Open", .right), .init("High", .right), .init("Low", .right),
            .init("Close", .right),
        ])
        table.rows = bars.compactMap { bar in
            bar.on(basis).map { value in
                [KoreanTime.dateClock(bar.start)]
                    + [value.open, value.high, value.low, value.close].map(NumberFormat.changeRate)
            }
        }
        return table
    }
}
