/// A year of daily premium from the exchanges' daily candles (issue 29): what a new database is
/// back-filled with, so a new user sees the premium's past at once.
///
/// A day's premium over tether opens at `Korean open / (Binance open × KRW-USDT open) − 1` and
/// closes likewise with the closes; over the bank rate, with the day's USD/KRW close (the last
/// one before it on a day the currency market was shut). Daily candles do not say when in the
/// day each high came, so a day's premium high and low are the higher and lower of its open and
/// close.
public enum PremiumDays {
    /// The days before `today` on which all three candles exist, oldest first.
    ///
    /// - Parameters:
    ///   - korean: the coin's KRW candles on the Korean exchange.
    ///   - binance: its USDT candles on Binance.
    ///   - tether: KRW-USDT's candles on the same Korean exchange.
    ///   - usdKRW: the dollar's daily closes in won, by day.
    public static func bars(
        symbol: String, korean: [Candle], binance: [Candle], tether: [Candle], usdKRW: [TradingDay: Double],
        before today: TradingDay
    ) -> [PremiumBar] {
        let global = Dictionary(binance.map { ($0.day, $0) }, uniquingKeysWith: { _, later in later })
        let rates = Dictionary(tether.map { ($0.day, $0) }, uniquingKeysWith: { _, later in later })
        let dollarDays = usdKRW.keys.sorted()
        var dollarIndex = 0
        var dollar: Double?
        var bars: [PremiumBar] = []
        for candle in korean.sorted(by: { $0.day < $1.day }) where candle.day < today {
            // The dollar of the day, or of the last day before it that had one.
            while dollarIndex < dollarDays.count, dollarDays[dollarIndex] <= candle.day {
                dollar = usdKRW[dollarDays[dollarIndex]]
                dollarIndex += 1
            }
            guard let usdt = global[candle.day], let rate = rates[candle.day],
                let open = CoinComparison.premium(krwPrice: candle.open, usdtPrice: usdt.open, usdtRate: rate.open),
                let close = CoinComparison.premium(krwPrice: candle.close, usdtPrice: usdt.close, usdtRate: rate.close)
            else { continue }
            let fx = dollar.flatMap { dollar -> PremiumOHLC? in
                guard let open = CoinComparison.premium(krwPrice: candle.open, usdtPrice: usdt.open, usdtRate: dollar),
                    let close = CoinComparison.premium(krwPrice: candle.close, usdtPrice: usdt.close, usdtRate: dollar)
                else { return nil }
                return Self.ohlc(open: open, close: close)
            }
            bars.append(
                PremiumBar(
                    symbol: symbol, interval: .day, start: candle.day.startUnixMilliseconds,
                    usdt: Self.ohlc(open: open, close: close), fx: fx))
        }
        return bars
    }

    private static func ohlc(open: Double, close: Double) -> PremiumOHLC {
        PremiumOHLC(open: open, high: max(open, close), low: min(open, close), close: close)
    }
}
