import Foundation
import MarketDomain

/// One simulated stock: completed daily bars (its exchange's trading days only, oldest first) and, during its
/// exchange's session, today's bar moving with a random walk (KRX ticks and ±30 % limits in
/// Korea, cents in the US). It moves lazily: each read advances it to the time asked.
struct SimulatedStock: Sendable {
    let stock: Stock
    let dailyVolatility: Double
    /// Typical shares traded a day.
    let dailyVolume: Double
    var history: [StockBar]
    /// Today's bar once the session has opened.
    var today: StockBar?
    /// The session fraction today's bar has reached (0 at the open, 1 at the close).
    var reached = 0.0
    var tradeValue = 0.0
    var lastUpdate: Int64
    var generator: SeededGenerator

    init(stock: Stock, level: Double, now: Int64, historyDays: Int, seed: UInt64) {
        self.stock = stock
        generator = SeededGenerator(seed: seed)
        dailyVolatility = 0.012 + generator.unit() * 0.02
        dailyVolume = generator.logUniform(2e5, 2e7)
        lastUpdate = now
        let session = Session.of(stock.market)
        let today = session.day(at: now)
        var bars: [StockBar] = []
        var close = Self.round(level, stock.market)
        var day = today.adding(days: -1)
        // Walk back from the last close, weekdays only.
        while bars.count < historyDays {
            if session.isTradingDay(day) {
                let open = Self.round(close * exp(generator.gaussian() * dailyVolatility), stock.market)
                let high = Self.round(
                    max(open, close) * (1 + abs(generator.gaussian()) * dailyVolatility * 0.4), stock.market)
                let low = Self.round(
                    min(open, close) * (1 - abs(generator.gaussian()) * dailyVolatility * 0.4), stock.market)
                let volume = (dailyVolume * (0.5 + generator.unit())).rounded()
                bars.append(
                    StockBar(
                        day: day, open: open, high: max(high, open, close), low: min(low, open, close), close: close,
                        volume: volume))
                close = open
            }
            day = day.adding(days: -1)
        }
        history = bars.reversed()
        advance(to: now)
    }

    /// Moves the stock to `time`: closes days that ended, fills weekdays missed, and walks
    /// today's bar up to the session fraction reached.
    mutating func advance(to time: Int64) {
        let session = session
        let today = session.day(at: time)
        if let bar = self.today, bar.day < today {
            history.append(bar)
            self.today = nil
            reached = 0
        }
        // Trading days between the last bar and today that passed unseen trade as whole days.
        if var day = history.last?.day.adding(days: 1) {
            while day < today {
                if session.isTradingDay(day) { history.append(wholeDay(day)) }
                day = day.adding(days: 1)
            }
        }
        if history.count > 600 { history.removeFirst(history.count - 600) }
        guard session.isTradingDay(today), let fraction = session.fraction(at: time) else {
            lastUpdate = max(lastUpdate, time)
            return
        }
        let previous = history.last?.close ?? 1
        if self.today == nil {
            let open = clamp(
                Self.round(previous * exp(generator.gaussian() * dailyVolatility * 0.3), stock.market), previous)
            self.today = StockBar(day: today, open: open, high: open, low: open, close: open, volume: 0)
            tradeValue = 0
        }
        guard var bar = self.today, fraction > reached else { return }
        let step = fraction - reached
        let price = clamp(
            Self.round(bar.close * exp(generator.gaussian() * dailyVolatility * step.squareRoot()), stock.market),
            previous)
        let volume = (dailyVolume * step * (0.5 + generator.unit())).rounded()
        bar.close = price
        bar.high = max(bar.high, price)
        bar.low = min(bar.low, price)
        bar.volume += volume
        tradeValue += volume * price
        self.today = bar
        reached = fraction
        lastUpdate = time
    }

    /// Every bar, oldest first, today's last when the session has opened.
    var bars: [StockBar] { history + (today.map { [$0] } ?? []) }

    /// The latest bar and the close before it.
    var latest: (bar: StockBar, previousClose: Double) {
        if let today { return (today, history.last?.close ?? today.open) }
        let last =
            history.last ?? StockBar(day: TradingDay(daysSinceEpoch: 0), open: 1, high: 1, low: 1, close: 1, volume: 0)
        let before = history.dropLast().last?.close ?? last.open
        return (last, before)
    }

    /// The value traded in the latest bar.
    var latestTradeValue: Double {
        today != nil ? tradeValue : (history.last.map { $0.volume * ($0.open + $0.close) / 2 } ?? 0)
    }

    /// The 52-week range up to the latest bar.
    var week52: (high: StockBar, low: StockBar) {
        let recent = bars.suffix(250)
        let high = recent.max { $0.high < $1.high } ?? latest.bar
        let low = recent.min { $0.low < $1.low } ?? latest.bar
        return (high, low)
    }

    private mutating func wholeDay(_ day: TradingDay) -> StockBar {
        let previous = history.last?.close ?? 1
        let open = clamp(
            Self.round(previous * exp(generator.gaussian() * dailyVolatility * 0.3), stock.market), previous)
        let close = clamp(Self.round(open * exp(generator.gaussian() * dailyVolatility), stock.market), previous)
        let high = clamp(
            Self.round(max(open, close) * (1 + abs(generator.gaussian()) * dailyVolatility * 0.4), stock.market),
            previous)
        let low = clamp(
            Self.round(min(open, close) * (1 - abs(generator.gaussian()) * dailyVolatility * 0.4), stock.market),
            previous)
        return StockBar(
            day: day, open: open, high: max(high, open, close), low: min(low, open, close), close: close,
            volume: (dailyVolume * (0.5 + generator.unit())).rounded())
    }

    private func clamp(_ price: Double, _ previous: Double) -> Double {
        stock.market.isKorean ? KRXPriceRules.clamp(price, previousClose: previous) : max(0.01, price)
    }

    /// A price on its market's grid: a KRX tick, or a cent.
    static func round(_ price: Double, _ market: StockMarket) -> Double {
        market.isKorean ? KRXPriceRules.snap(price) : max(0.01, (price * 100).rounded() / 100)
    }
}
