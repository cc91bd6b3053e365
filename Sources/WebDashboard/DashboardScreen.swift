public import MarketDomain
public import MarketFeatures

/// One browser tab's screen as the page draws it: the root view model's output, with the
/// detail's candles turned into the chart's geometry (``PriceChartLayout``, or ``CandleChartLayout``
/// for the premium history: the terminal chart's own), so the page only places what Swift laid out.
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
    /// How many of the tab's keys this screen has read (``RootViewModel/Output/keysRead``).
    public var keysRead = 0
    /// The keys of the screen under the help, while it shows (`?`).
    public var help: KeyHelpSheet?

    /// The detail's figures and its chart.
    public struct DetailView: Sendable, Equatable, Codable {
        /// The figures, without the candles (the chart stands for them).
        public var figures: DetailOutput
        /// The premium history's bars, one a column for the latest ``chartColumns``,
        /// ``chartRows`` rows high, while it shows.
        public var chart: CandleChartLayout?
        /// The price chart (issue 30) while it shows: the window's candles, their studies and
        /// readouts, laid out as the terminal's are.
        public var priceChart: PriceChartLayout?
    }

    /// Days the page's chart shows.
    public static let chartColumns = 90
    /// Rows of the page's chart: fine enough for pixels, coarse enough that a tick seldom moves it.
    public static let chartRows = 160
    /// Rows of the price chart's panes on the page: price, volume, oscillator.
    public static let priceChartRows = (price: 320, volume: 64, oscillator: 96)

    public init() {}

    /// The screen of `output`.
    public init(_ output: Root.Output) {
        var none: PriceChartCache?
        self.init(output, charts: &none)
    }

    /// A detail's price chart with what it was laid out from: the same inputs give the same
    /// layout, so a tab's next screen takes it again instead of laying out a thousand candles
    /// each frame.
    struct PriceChartCache {
        struct Inputs: Equatable {
            var candles: [IntervalCandle]
            var interval: CandleInterval
            var quote: String
            var studies: ChartStudies
            var window: ChartWindow
        }

        var inputs: Inputs
        var layout: PriceChartLayout
    }

    /// The screen of `output`, its price chart taken from `charts` when laid out from the same
    /// inputs (and kept there for the next), or else from `shared` (other tabs' lately).
    init(_ output: Root.Output, charts: inout PriceChartCache?, shared: PriceChartLayouts? = nil) {
        board = output.board
        detail = output.detail.map { detail in
            var figures = detail
            figures.candles = []
            figures.intervalCandles = []
            // The chart stands for the bars it draws: the candles, or the premium's history.
            figures.premium?.bars = []
            if detail.chart == .premium, let premium = detail.premium {
                let chart = CandleChartLayout(
                    premium: premium.bars, basis: premium.basis, columns: Self.chartColumns, rows: Self.chartRows)
                return DetailView(figures: figures, chart: chart)
            }
            let inputs = PriceChartCache.Inputs(
                candles: detail.chartCandles, interval: detail.interval, quote: detail.market.quote,
                studies: detail.studies, window: detail.window)
            if let cached = charts, cached.inputs == inputs {
                return DetailView(figures: figures, chart: nil, priceChart: cached.layout)
            }
            func layOut() -> PriceChartLayout {
                let rows = Self.priceChartRows
                let columns = detail.window.count
                return detail.priceChart(
                    columns: columns, priceRows: rows.price, volumeRows: rows.volume, oscillatorRows: rows.oscillator,
                    labelSpacing: max(6, min(columns, inputs.candles.count) / 6))
            }
            let chart = shared.map { $0.layout(for: inputs, making: layOut) } ?? layOut()
            charts = PriceChartCache(inputs: inputs, layout: chart)
            return DetailView(figures: figures, chart: nil, priceChart: chart)
        }
        watchlist = output.watchlist
        alerts = output.alerts
        alert = output.alert
        keysRead = output.keysRead
        help = output.help
        if let stock = output.watchlist?.detail {
            stockChart = CandleChartLayout(
                stock.bars.map(\.candle), quote: stock.currency, columns: Self.chartColumns, rows: Self.chartRows)
            watchlist?.detail?.bars = []
        }
    }
}
