/// What a person did in the detail view: chose which part shows where the screen is too narrow
/// for the chart, the order book and the trades side by side.
public enum DetailInput: Sendable, Equatable, Codable {
    case paneChosen(DetailPane)
    case nextPaneChosen
    case previousPaneChosen

    enum PaneChosenCodingKeys: String, CodingKey { case _0 = "pane" }
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
