public import MarketDomain

/// What a person did in the detail view: chose which part shows where the screen is too narrow
/// for the chart, the order book and the trades side by side, or which chart it draws.
public enum DetailInput: Sendable, Equatable, Codable {
    case paneChosen(DetailPane)
    case nextPaneChosen
    case previousPaneChosen
    /// The daily candles or the premium history (issue 29; `k`).
    case chartChosen(DetailChart)
    case chartToggled
    /// The premium history's bars: a minute, an hour or a day (`i` goes round them).
    case premiumIntervalChosen(PremiumInterval)
    case nextPremiumIntervalChosen
    /// The premium history over tether or over the bank rate (`p`).
    case premiumBasisToggled
    /// The fillable premium's amount one step up or down (`+` `-`: ₩1,000,000 to ₩1,000,000,000).
    case fillAmountStepped(by: Int)

    enum PaneChosenCodingKeys: String, CodingKey { case _0 = "pane" }
    enum ChartChosenCodingKeys: String, CodingKey { case _0 = "chart" }
    enum PremiumIntervalChosenCodingKeys: String, CodingKey { case _0 = "interval" }
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
        return all[((index + steps) % all.count + all.count) % all.count]
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
