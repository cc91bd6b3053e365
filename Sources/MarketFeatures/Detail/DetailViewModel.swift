public import MarketDomain
import SiseSupport

/// The detail view's view model: live stats of one market from the shared board, 52-week range
/// and daily candles fetched once (cached), with today's candle following the live price, and
/// the market's live order book and trades from its depth feed, sizes that changed flashing for
/// 300 ms on the injected clock.
@MainActor
public final class DetailViewModel {
    /// The market's depth feed (``MarketDataClient/liveDepth``).
    public typealias DepthSource = @Sendable (MarketID) -> AsyncStream<MarketDepthEvent>
    /// A market's book with its prices grouped by a unit (``MarketDataClient/fetchGroupedOrderBook``).
    public typealias GroupedBookSource = @Sendable (_ market: MarketID, _ unit: Double) async throws -> OrderBook
    /// The last `count` candles of an interval, oldest first (``CandleCache``'s).
    public typealias CandleSource =
        @Sendable (_ market: MarketID, _ interval: CandleInterval, _ count: Int) async throws -> [IntervalCandle]

    /// Candles of an interval fetched for the chart: enough for a zoomed-out chart of 1,000.
    public static let intervalCandleCount = 1_000
    /// Candles of an interval fetched first, drawn before the rest: one page of Upbit's or
    /// Bithumb's (one REST round trip), a default window of candles and their studies' warm-up.
    public static let firstPaintCount = 200
    /// How long after a failed fetch an interval's candles are asked for again while it shows.
    static let candleRetry = Duration.seconds(3)
    /// How often a grouped book (호가 모아보기) is asked for again while it is chosen.
    static let groupedBookRefresh = Duration.seconds(1)

    /// How long a changed size flashes.
    static let flashDuration = Duration.milliseconds(300)

    /// The latest output.
    public internal(set) var output: DetailOutput
    private let publisher: Broadcast<DetailOutput>

    let board: LiveBoard
    let loader: DailyCandleLoader
    private let language: NameLanguage
    var candles: [Candle] = []
    /// The intraday, weekly and monthly candles fetched, each moving with the trades since.
    var series: [CandleInterval: LiveCandles] = [:]
    let candleSource: CandleSource?
    let groupedBookSource: GroupedBookSource?
    /// The unit the book is grouped by, while it is, and the grouped book last fetched.
    var groupingUnit: Double?
    var groupedBook: OrderBook?
    /// Asks for the grouped book at once (its unit changed).
    var groupingWanted: AsyncStream<Int>.Continuation?
    /// Bumped with every change of the grouping unit: a refresh of an older one stops.
    var groupingGeneration = 0
    /// Asks the candle loader for an interval not fetched yet.
    var intervalWanted: AsyncStream<CandleInterval>.Continuation?
    /// The highest high and lowest low of the loaded year of candles.
    private var yearRange: (high: Double, low: Double)?
    let depthSource: DepthSource?
    let clock: any Clock<Duration>
    var depth: MarketDepth
    /// Bumped with every book that flashes: a flash ends only if no newer one started.
    private var flashGeneration = 0
    /// The coin's premium history (issue 29), when the process keeps one.
    let premiumSource: PremiumHistorySource?
    /// The coins' deposit and withdrawal status (issue 29), when the process reads them.
    private let wallets: WalletWatch?

    /// The chart as last kept in the store (``ChartMemory``).
    var chartRemembered: ChartMemory?
    /// Asks for the premium again (the chart opened, the fill's amount changed).
    var premiumWanted: AsyncStream<Void>.Continuation?
    /// The premium's feeds not answering yet, as last asked.
    var premiumWaiting: [String] = []

    /// How often the premium chart is read again while it shows.
    static let premiumRefresh = Duration.seconds(5)

    /// A detail view model of `market`; with `depth`, it follows the market's book and trades.
    public init(
        market: MarketID, board: LiveBoard, loader: DailyCandleLoader, language: NameLanguage = .korean,
        depth: DepthSource? = nil, premium: PremiumHistorySource? = nil, wallets: WalletWatch? = nil,
        candles: CandleSource? = nil, groupedBook: GroupedBookSource? = nil,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        candleSource = candles
        groupedBookSource = groupedBook
        self.wallets = market.quote == "KRW" ? wallets : nil
        // Only a KRW coin has a premium over Binance.
        premiumSource = market.quote == "KRW" ? premium : nil
        self.board = board
        self.loader = loader
        self.language = language
        self.depthSource = depth
        self.clock = clock
        self.depth = MarketDepth(market: market)
        var first = DetailOutput(market: market)
        first.candleStatus = "Loading daily candles…"
        // Without a source of intraday candles only days are drawn.
        first.intervals = candles == nil ? [.day] : CandleInterval.chartChoices(on: loader.exchange)
        if depth != nil { first.depth = DepthOutput(self.depth, previous: nil, flashing: false) }
        if premiumSource != nil { first.premium = PremiumOutput() }
        chartRemembered = Self.recall(into: &first, from: loader.store)
        output = first
        publisher = Broadcast(latest: first)
    }

    /// Takes one input; its effect is in ``output`` when this returns.
    public func send(_ input: DetailInput) {
        switch input {
        case .paneChosen(let pane): output.pane = pane
        case .nextPaneChosen: output.pane = output.pane.moved(by: 1)
        case .previousPaneChosen: output.pane = output.pane.moved(by: -1)
        case .chartChosen(let chart): choose(chart)
        case .chartToggled: choose(output.chart == .price ? .premium : .price)
        case .premiumIntervalChosen(let interval): choosePremium(interval: interval)
        case .nextPremiumIntervalChosen:
            choosePremium(interval: (output.premium?.interval ?? .minute).next)
        case .premiumBasisToggled:
            guard let basis = output.premium?.basis else { break }
            output.premium?.basis = basis.toggled
            readPremium()
        case .fillAmountStepped(let steps):
            guard let amount = output.premium?.fillAmount else { break }
            let amounts = PremiumOutput.fillAmounts
            let index = amounts.firstIndex(of: amount) ?? 1
            output.premium?.fillAmount = amounts[max(0, min(amounts.count - 1, index.adding(saturating: steps)))]
            output.premium?.fillable = nil
            premiumWanted?.yield()
        case .chartIntervalChosen(let interval): choose(interval: interval)
        case .averagesToggled: output.studies.averages.toggle()
        case .bandsToggled: output.studies.bands.toggle()
        case .oscillatorCycled: output.studies.oscillator = output.studies.oscillator.next
        case .chartZoomed(let steps): output.window.zoom(by: steps)
        case .chartPanned(let candles): output.window.pan(by: candles, available: output.chartCandles.count)
        case .chartPannedToNewest: output.window.offset = 0
        case .bookGroupingStepped(let steps): stepGrouping(by: steps)
        }
        rememberChart()
        publish()
    }
    /// need; `.unbounded` keeps each one in order).
    public func outputs(
        bufferingPolicy: AsyncStream<DetailOutput>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<DetailOutput> {
        publisher.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Loads and follows the board and the depth until cancelled.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.followBoard() }
            if premiumSource != nil {
                let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
                premiumWanted = continuation
                group.addTask { await self.followPremium() }
                group.addTask { await self.followPremiumRequests(changes) }
            }
            if candleSource != nil {
                let (wanted, continuation) = AsyncStream<CandleInterval>.makeStream()
                intervalWanted = continuation
                // An interval chosen before the run began is fetched now.
                if output.interval != .day { continuation.yield(output.interval) }
                group.addTask { await self.loadIntervals(wanted) }
            }
            if groupedBookSource != nil, depthSource != nil {
                let (changes, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
                groupingWanted = continuation
                if groupingUnit != nil { continuation.yield(groupingGeneration) }
                group.addTask { await self.followGrouping(changes) }
            }
            if let source = depthSource {
                let (flashes, flashStarted) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
                let events = source(output.market)
                group.addTask { await self.followDepth(events, flashStarted: flashStarted) }
                group.addTask { await self.endFlashes(flashes) }
            }
            await group.waitForAll()
        }
    }

    /// Applies the depth feed's events; a book whose sizes moved flashes them.
    private func followDepth(
        _ events: AsyncStream<MarketDepthEvent>, flashStarted: AsyncStream<Int>.Continuation
    ) async {
        defer { flashStarted.finish() }
        for await event in events {
            let previous = depth.book
            switch event {
            case .trades(let trades), .snapshot(_, let trades): take(trades)
            default: break
            }
            guard depth.apply(event) else { continue }
            let flashing: Bool
            if case .orderBook = event { flashing = previous != nil } else { flashing = false }
            showDepth(previous: previous, flashing: flashing)
            let flashes = output.depth.map { ($0.asks + $0.bids).contains { $0.flash != nil } } ?? false
            if flashes {
                flashGeneration += 1
                flashStarted.yield(flashGeneration)
            }
            publish()
        }
    }

    /// Ends each flash after ``flashDuration``, unless a newer book started its own.
    private func endFlashes(_ started: AsyncStream<Int>) async {
        for await generation in started {
            do { try await clock.sleep(for: Self.flashDuration) } catch { return }
            guard generation == flashGeneration else { continue }
            showDepth(previous: nil, flashing: false)
            publish()
        }
    }

    /// Shows the board's quotes of the market and loads its candles, until cancelled.
    private func followBoard() async {
        let updates = await board.updates()
        if let quote = await board.board.quote(output.market) { show(quote) }
        let market = output.market
        let today = TradingDay(unixMilliseconds: output.lastTimestamp ?? 0)
        do {
            candles = try await loader.load(market, today: today)
            let year = candles.suffix(365)
            if let high = year.map(\.high).max(), let low = year.map(\.low).min() { yearRange = (high, low) }
            if output.interval == .day { output.candleStatus = candles.isEmpty ? "No daily candles" : nil }
        } catch {
            if output.interval == .day { output.candleStatus = "Daily candles unavailable: \(error)" }
        }
        if let quote = await board.board.quote(market) { show(quote) } else { publish() }
        for await update in updates {
            guard case .quotes(let quotes) = update, let quote = quotes.last(where: { $0.id == market }) else {
                continue
            }
            show(quote)
        }
    }

    private func show(_ quote: Quote) {
        let ticker = quote.ticker
        let currency = quote.market.quote
        output.lastTimestamp = ticker.timestamp
        output.name = DisplayWidth.sanitized(quote.market.name(in: language))
        output.symbol = quote.market.symbol
        output.warning = quote.market.warning?.description
        output.wallet = wallets.flatMap { WalletStatus.summary($0.statuses(of: quote.market.symbol)) }
        output.price = NumberFormat.price(ticker.price, quote: currency)
        output.changeRate = NumberFormat.changeRate(ticker.changeRate)
        output.changePrice = NumberFormat.changePrice(ticker.changePrice, price: ticker.price, quote: currency)
        output.direction = ticker.direction
        output.high24h = NumberFormat.price(ticker.high, quote: currency)
        output.low24h = NumberFormat.price(ticker.low, quote: currency)
        output.volume24h = NumberFormat.fixed(ticker.volume24h, decimals: 3) + " " + quote.market.symbol
        output.value24h = NumberFormat.tradeValue(ticker.tradeValue24h, quote: currency)
        candles = Self.following(candles, ticker: ticker)
        output.candles = candles
        if depthSource == nil {
            // Without the trades, the ticker's price moves the intraday candles (no volume).
            take([
                Trade(
                    market: quote.market.id, price: ticker.price, size: 0, side: .buy, timestamp: ticker.timestamp,
                    id: ticker.timestamp)
            ])
        }
        // The year's range is read once from the loaded candles; ticks only move today's end of it.
        if let range = yearRange, let today = candles.last {
            output.high52Week = NumberFormat.price(max(range.high, today.high, ticker.price), quote: currency)
            output.low52Week = NumberFormat.price(min(range.low, today.low, ticker.price), quote: currency)
        }
        publish()
    }

    func publish() {
        publisher.send(output)
    }

    /// The candles with today's following the ticker: updated in place, or started when the
    /// ticker is on a new day.
    static func following(_ candles: [Candle], ticker: Ticker) -> [Candle] {
        guard !candles.isEmpty else { return candles }
        var result = candles
        let day = TradingDay(unixMilliseconds: ticker.timestamp)
        if var today = result.last, today.day == day {
            today.close = ticker.price
            today.high = max(today.high, ticker.price)
            today.low = min(today.low, ticker.price)
            result[result.count - 1] = today
        } else if let last = result.last, last.day < day {
            result.append(
                Candle(
                    day: day, open: ticker.open, high: max(ticker.high, ticker.price),
                    low: min(ticker.low, ticker.price),
                    close: ticker.price, volume: 0, value: 0))
        }
        return result
    }
}
