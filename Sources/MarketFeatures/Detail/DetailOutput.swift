public import MarketDomain

/// What the detail view shows of one market (SPEC §1.6, §1.13), formatted.
public struct DetailOutput: Sendable, Equatable, Codable {
    public var market: MarketID
    public var name = ""
    public var symbol = ""
    /// The exchange's warning in words (`주의: 가격 급등락`), while there is one.
    public var warning: String?
    /// The exchanges that suspend the coin's deposits or withdrawals (`Bithumb 출금 중단`, issue
    /// 29), while one does.
    public var wallet: String?
    public var price = ""
    public var changeRate = ""
    public var changePrice = ""
    public var direction: ChangeDirection = .even
    public var high24h = ""
    public var low24h = ""
    public var volume24h = ""
    public var value24h = ""
    public var high52Week = ""
    public var low52Week = ""
    /// Daily candles, oldest first; the last is today's and follows live ticks.
    public var candles: [Candle] = []
    /// The price chart's interval (issue 30), and those the exchange serves, shortest first.
    public var interval: CandleInterval = .day
    public var intervals: [CandleInterval] = []
    /// Candles of ``interval`` when it is not a day (days are ``candles``), oldest first; the
    /// last moves with the trades.
    public var intervalCandles: [IntervalCandle] = []
    /// The averages, bands and oscillator drawn with the candles.
    public var studies = ChartStudies()
    /// Which candles show: how many, how far back.
    public var window = ChartWindow()
    /// Set while the candles load, or when they could not be loaded.
    public var candleStatus: String?
    /// The newest ticker's time, Unix ms.
    public var lastTimestamp: Int64?
    /// The order book and the trades; `nil` when the exchange's client follows none.
    public var depth: DepthOutput?
    /// The part shown alone when the screen is too narrow for all three side by side.
    public var pane: DetailPane = .chart
    /// The chart drawn: the daily candles or the premium history.
    public var chart: DetailChart = .price
    /// The coin's premium history; `nil` when the process keeps none or the market has no premium.
    public var premium: PremiumOutput?

    public init(market: MarketID) {
        self.market = market
    }

    /// The price chart's candles, oldest first: ``intervalCandles``, or the days as candles.
    public var chartCandles: [IntervalCandle] {
        interval == .day ? candles.map(IntervalCandle.init) : intervalCandles
    }

    /// The layout of the price chart in `columns` and the rows given, the same for both faces (the
    /// terminal's without readouts: it has no crosshair); zoomed out past one candle a column,
    /// each column draws several merged (``ChartWindow/candlesPerColumn(columns:)``).
    public func priceChart(
        columns: Int, priceRows: Int, volumeRows: Int, oscillatorRows: Int, labelSpacing: Int, readouts: Bool = true
    ) -> PriceChartLayout {
        let perColumn = window.candlesPerColumn(columns: columns)
        var layout = PriceChartLayout(
            candles: perColumn > 1 ? IntervalCandle.merged(chartCandles, by: perColumn) : chartCandles,
            interval: interval, quote: market.quote, studies: studies,
            window: perColumn > 1 ? window.merged(by: perColumn) : window, columns: columns, priceRows: priceRows,
            volumeRows: volumeRows, oscillatorRows: oscillatorRows, labelSpacing: labelSpacing, readouts: readouts)
        layout.candlesPerColumn = perColumn
        return layout
    }
}
