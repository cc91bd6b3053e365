public import MarketDomain

/// What a person did in the detail view: chose which part shows where the screen is too narrow
/// for the chart, the order book and the trades side by side, or which chart it draws.
public enum DetailInput: Sendable, Equatable, Codable {
    case paneChosen(DetailPane)
    case nextPaneChosen
    case previousPaneChosen
    /// The price chart or the premium history (issue 29; `k`).
    case chartChosen(DetailChart)
    case chartToggled
    /// The premium history's bars: a minute, an hour or a day (`i` goes round them).
    case premiumIntervalChosen(PremiumInterval)
    case nextPremiumIntervalChosen
    /// The premium history over tether or over the bank rate (`p`).
    case premiumBasisToggled
    /// The fillable premium's amount one step up or down (`+` `-`: ₩1,000,000 to ₩1,000,000,000).
    case fillAmountStepped(by: Int)
    /// The price chart's candles of one interval (issue 30; `1`–`0` from a minute to a month,
    /// `s` for seconds where the exchange has them).
    case chartIntervalChosen(CandleInterval)
    /// The moving averages on or off (`m`), the Bollinger bands (`b`).
    case averagesToggled
    case bandsToggled
    /// The oscillator pane round none → RSI → MACD (`r`).
    case oscillatorCycled
    /// Fewer, wider candles (positive steps) or more (`z` `x`, the page's wheel).
    case chartZoomed(by: Int)
    /// Back in time by candles, or toward now when negative (`<` `>`, the page's drag); 0 with
    /// `toNewest` back at the live candle.
    case chartPanned(by: Int)
    case chartPannedToNewest
    /// The order book grouped by the next unit or the one before (`g` `G`: 호가 모아보기, none,
    /// then ten, a hundred, … a hundred thousand ticks).
    case bookGroupingStepped(by: Int)

    enum PaneChosenCodingKeys: String, CodingKey { case _0 = "pane" }
    enum ChartChosenCodingKeys: String, CodingKey { case _0 = "chart" }
    enum PremiumIntervalChosenCodingKeys: String, CodingKey { case _0 = "interval" }
    enum ChartIntervalChosenCodingKeys: String, CodingKey { case _0 = "interval" }
}

/// The chart the detail draws: the market's daily candles, or its premium's history (issue 29).
public enum DetailChart: String, Sendable, Equatable, Codable {
    case price
    case premium
}

/// A part of the detail view shown alone on a narrow screen.
public enum DetailPane: String, Sendable, Equatable, Codable, CaseIterable {
    case chart
    case orderBook
    case trades

    /// The pane `steps` after this one, round the cycle.
    func moved(by steps: Int) -> DetailPane {
        let all = Self.allCases
        let index = all.firstIndex(of: self)!
        return all[(index + steps % all.count + all.count) % all.count]
    }

    /// Its name on a tab.
    public var title: String {
        switch self {
        case .chart: "Chart"
        case .orderBook: "Order book 호가"
        case .trades: "Trades 체결"
        }
    }
}
