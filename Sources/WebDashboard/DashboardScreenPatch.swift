public import MarketFeatures

/// What changed from one ``DashboardScreen`` to the next: the board's changes (``BoardPatch``),
/// the detail's figures and chart each whole when they changed, the Watchlist tab and its stock
/// chart whole when they changed, and the parts that closed in `cleared`. Applying the patch of `old → new` to `old`
/// gives `new` exactly (``applied(to:)``; the page's `applyScreenPatch` does the same).
public struct DashboardScreenPatch: Sendable, Equatable, Codable {
    public var board: BoardPatch?
    /// The detail's figures, when the detail opened or they changed.
    public var detailFigures: DetailOutput?
    /// The detail's chart, when the detail opened or the chart changed.
    public var detailChart: CandleChartLayout?
    public var watchlist: DashboardScreen.Root.Watchlist.Output?
    /// The Watchlist tab's stock chart, when it opened or changed.
    public var stockChart: CandleChartLayout?
    /// The parts that are now closed.
    public var cleared: [Part]?

    /// The parts of a screen that open and close.
    public enum Part: String, Sendable, Codable {
        case detail, watchlist, stockChart
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { self == DashboardScreenPatch() }

    public init() {}

    /// The changes from `old` to `new`.
    public init(from old: DashboardScreen, to new: DashboardScreen) {
        let boardChanges = BoardPatch(from: old.board, to: new.board)
        board = boardChanges.isEmpty ? nil : boardChanges
        var cleared: [Part] = []
        if let detail = new.detail {
            detailFigures = detail.figures == old.detail?.figures ? nil : detail.figures
            detailChart = detail.chart == old.detail?.chart ? nil : detail.chart
        } else if old.detail != nil {
            cleared.append(.detail)
        }
        if let watchlist = new.watchlist {
            self.watchlist = watchlist == old.watchlist ? nil : watchlist
        } else if old.watchlist != nil {
            cleared.append(.watchlist)
        }
        if let chart = new.stockChart {
            stockChart = chart == old.stockChart ? nil : chart
        } else if old.stockChart != nil {
            cleared.append(.stockChart)
        }
        self.cleared = cleared.isEmpty ? nil : cleared
    }

    /// `old` with these changes.
    public func applied(to old: DashboardScreen) -> DashboardScreen {
        var new = old
        if let board { new.board = board.applied(to: old.board) }
        if let detailFigures, let detailChart {
            new.detail = DashboardScreen.DetailView(figures: detailFigures, chart: detailChart)
        } else if let detailFigures {
            new.detail?.figures = detailFigures
        } else if let detailChart {
            new.detail?.chart = detailChart
        }
        if let watchlist { new.watchlist = watchlist }
        if let stockChart { new.stockChart = stockChart }
        for part in cleared ?? [] {
            switch part {
            case .detail: new.detail = nil
            case .watchlist: new.watchlist = nil
            case .stockChart: new.stockChart = nil
            }
        }
        return new
    }
}
