public import MarketDomain
public import MarketFeatures

/// One browser tab's screen as the page draws it: the root view model's output, with the
/// detail's daily candles turned into the chart's geometry (``CandleChartLayout``, the terminal
/// chart's own), so the page only places what Swift laid out.
public struct DashboardScreen: Sendable, Equatable, Codable {
    /// The root view model a browser tab drives.
    public typealias Root = RootViewModel

    public var board = BoardOutput()
    /// The detail of the market the board opened, while it is open.
    public var detail: DetailView?
    /// The Watchlist tab, while the board is on it (its open stock's bars left out: `stockChart`
    /// stands for them).
    public var watchlist: Root.Watchlist.Output?
    /// The chart of the stock the Watchlist tab opened, while it is open.
    public var stockChart: CandleChartLayout?
    /// The Alerts tab, while the board is on it.
    public var alerts: AlertsOutput?
    /// The alert notice showing, on whatever screen shows.
    public var alert: AlertNotice?

    /// The detail's figures and its chart.
    public struct DetailView: Sendable, Equatable, Codable {
        /// The figures, without the candles (the chart stands for them).
        public var figures: DetailOutput
        /// One column a day for the latest ``chartColumns`` days, ``chartRows`` rows high.
        public var chart: CandleChartLayout
    }

    /// Days the page's chart shows.
    public static let chartColumns = 90
    /// Rows of the page's chart: fine enough for pixels, coarse enough that a tick seldom moves it.
    public static let chartRows = 160

    public init() {}

    /// The screen of `output`.
    public init(_ output: Root.Output) {
        board = output.board
        detail = output.detail.map { detail in
            var figures = detail
            figures.candles = []
            // The chart stands for the bars it draws: the candles, or the premium's history.
            figures.premium?.bars = []
            let chart =
                if detail.chart == .premium, let premium = detail.premium {
                    CandleChartLayout(
                        premium: premium.bars, basis: premium.basis, columns: Self.chartColumns, rows: Self.chartRows)
                } else {
                    CandleChartLayout(
                        detail.candles, quote: detail.market.quote, columns: Self.chartColumns, rows: Self.chartRows)
                }
            return DetailView(figures: figures, chart: chart)
        }
        watchlist = output.watchlist
        alerts = output.alerts
        alert = output.alert
        if let stock = output.watchlist?.detail {
            stockChart = CandleChartLayout(
                stock.bars.map(\.candle), quote: stock.currency, columns: Self.chartColumns, rows: Self.chartRows)
            watchlist?.detail?.bars = []
        }
    }
}
