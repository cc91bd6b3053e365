import MarketDomain
import SiseSupport

/// One coin's ticker figures on one exchange at one instant: the shared world's state seen
/// through that exchange's price scale and volume share. The dialects render these.
struct CoinFigures: Sendable {
    /// The market as the exchange lists it (its id, quote and names).
    let market: Market
    let price: Double
    let open: Double
    let high: Double
    let low: Double
    let previousClose: Double
    let dayVolume: Double
    let dayValue: Double
    let volume24h: Double
    let value24h: Double
    let lastTradeVolume: Double
    let lastSideIsAsk: Bool
    let askVolume: Double
    let bidVolume: Double
    let weekHigh: Double
    let weekHighDay: TradingDay
    let weekLow: Double
    let weekLowDay: TradingDay
    let tradeTimestamp: Int64
    let timestamp: Int64

    /// The change against the previous close, signed, and its rate, to the decimals the
    /// exchanges send (8 for amounts, 10 for rates): a difference of two prices with decimals
    /// is not itself a short decimal in binary.
    var change: (price: Double, rate: Double) {
        let signed = Self.rounded(price - previousClose, decimals: 8)
        return (signed, previousClose > 0 ? Self.rounded(signed / previousClose, decimals: 10) : 0)
    }

    /// `value` to at most `decimals` decimals (powers of ten to 10^22 are exact doubles).
    static func rounded(_ value: Double, decimals: Int) -> Double {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}

/// How an exchange's prices and volumes sit against the shared world's: prices multiplied by
/// `factor` and snapped to the exchange's ticks, volumes multiplied by `volumeShare`.
struct PriceScale: Sendable {
    let factor: Double
    let volumeShare: Double
    let snap: @Sendable (Double) -> Double

    /// The world as it is: Upbit's view.
    static let identity = PriceScale(factor: 1, volumeShare: 1, snap: { $0 })

    func price(_ value: Double) -> Double { snap(value * factor) }

    /// A candle of the world seen through this scale: its prices on the venue's grid, its volume
    /// the venue's share, its value that volume at the candle's own average price, held inside
    /// the candle's snapped low and high (a trade prints on the grid; issue 63).
    func candle(_ candle: IntervalCandle) -> IntervalCandle {
        let (open, close) = (price(candle.open), price(candle.close))
        let high = max(price(candle.high), open, close)
        let low = min(price(candle.low), open, close)
        let volume = candle.volume * volumeShare
        let average = candle.volume > 0 ? (candle.value / candle.volume * factor).clamped(to: low...high) : 0
        return IntervalCandle(
            start: candle.start, open: open, high: high, low: low, close: close, volume: volume,
            value: volume * average)
    }
}

extension SimulatedCoin {
    /// This coin's figures on an exchange listing it as `market`, seen through `scale`.
    func figures(as market: Market, scale: PriceScale, now: Int64) -> CoinFigures {
        let rolling = rolling24h(now: now)
        let week = fiftyTwoWeek
        let share = scale.volumeShare
        let price = scale.price(self.price)
        // Volumes scale by the share; values follow the exchange's own prices.
        let valueScale = share * scale.factor
        // Quantities carry 8 decimals and values 4, as the exchanges send them.
        func volume(_ amount: Double) -> Double { CoinFigures.rounded(amount * share, decimals: 8) }
        func value(_ amount: Double) -> Double { CoinFigures.rounded(amount * valueScale, decimals: 4) }
        return CoinFigures(
            market: market, price: price, open: scale.price(open), high: max(scale.price(high), price),
            low: min(scale.price(low), price), previousClose: scale.price(previousClose), dayVolume: volume(dayVolume),
            dayValue: value(dayValue), volume24h: volume(rolling.volume), value24h: value(rolling.value),
            lastTradeVolume: volume(lastTradeVolume), lastSideIsAsk: lastSideIsAsk, askVolume: volume(askVolume),
            bidVolume: volume(bidVolume), weekHigh: max(scale.price(week.high), price), weekHighDay: week.highDay,
            weekLow: min(scale.price(week.low), price), weekLowDay: week.lowDay, tradeTimestamp: tradeTimestamp,
            timestamp: timestamp)
    }

    /// Every daily candle through `scale`, oldest first, today's last (following the live price).
    func candles(scale: PriceScale) -> [Candle] {
        candles(scale: { _ in scale })
    }

    /// Every daily candle through the scale of its day, oldest first.
    func candles(scale: (TradingDay) -> PriceScale) -> [Candle] {
        candles.map { candle in
            let scale = scale(candle.day)
            let open = scale.price(candle.open)
            let close = scale.price(candle.close)
            return Candle(
                day: candle.day, open: open, high: max(scale.price(candle.high), open, close),
                low: min(scale.price(candle.low), open, close), close: close,
                volume: candle.volume * scale.volumeShare, value: candle.value * scale.volumeShare * scale.factor)
        }
    }
}
