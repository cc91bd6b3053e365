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
    static let intervalCandleCount = 1_000
    /// How often a grouped book (호가 모아보기) is asked for again while it shows.
    static let groupedBookRefresh = Duration.seconds(1)

    /// How long a changed size flashes.
    static let flashDuration = Duration.milliseconds(300)

    /// The latest output.
    public private(set) var output: DetailOutput
    private let publisher: Broadcast<DetailOutput>

    private let board: LiveBoard
    private let loader: DailyCandleLoader
    private let language: NameLanguage
    private var candles: [Candle] = []
    /// The intraday, weekly and monthly candles fetched, each moving with the trades since.
    private var series: [CandleInterval: LiveCandles] = [:]
    private let candleSource: CandleSource?
    private let groupedBookSource: GroupedBookSource?
    /// The unit the book is grouped by, while it is, and the grouped book last fetched.
    private var groupingUnit: Double?
    private var groupedBook: OrderBook?
    /// Asks for the grouped book at once (its unit changed).
    private var groupingWanted: AsyncStream<Void>.Continuation?
    /// Asks the candle loader for an interval not fetched yet.
    private var intervalWanted: AsyncStream<CandleInterval>.Continuation?
    /// The highest high and lowest low of the loaded year of candles.
    private var yearRange: (high: Double, low: Double)?
    private let depthSource: DepthSource?
    private let clock: any Clock<Duration>
    private var depth: MarketDepth
    /// Bumped with every book that flashes: a flash ends only if no newer one started.
    private var flashGeneration = 0
    /// The coin's premium history (issue 29), when the process keeps one.
    private let premiumSource: PremiumHistorySource?
    /// The coins' deposit and withdrawal status (issue 29), when the process reads them.
    private let wallets: WalletWatch?

    /// Asks for the fillable premium again (its amount changed).
    private var fillableWanted: AsyncStream<Void>.Continuation?

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
            output.premium?.fillAmount = amounts[max(0, min(amounts.count - 1, index + steps))]
            output.premium?.fillable = nil
            fillableWanted?.yield()
        case .chartIntervalChosen(let interval): choose(interval: interval)
        case .averagesToggled: output.studies.averages.toggle()
        case .bandsToggled: output.studies.bands.toggle()
        case .oscillatorCycled: output.studies.oscillator = output.studies.oscillator.next
        case .chartZoomed(let steps): output.window.zoom(by: steps)
        case .chartPanned(let candles): output.window.pan(by: candles, available: output.chartCandles.count)
        case .chartPannedToNewest: output.window.offset = 0
        case .bookGroupingStepped(let steps): stepGrouping(by: steps)
        }
        publish()
    }

    /// Draws the candles of `interval` (the price chart), at once from what was fetched before;
    /// otherwise the loader fetches them. An interval the exchange does not serve (not among
    /// ``DetailOutput/intervals``, which both faces show) changes nothing.
    private func choose(interval: CandleInterval) {
        guard output.intervals.contains(interval) else { return }
        output.chart = .price
        guard interval != output.interval else { return }
        output.interval = interval
        output.window.offset = 0
        if interval == .day {
            output.intervalCandles = []
            output.candleStatus = candles.isEmpty ? "Loading daily candles…" : nil
        } else if let kept = series[interval] {
            output.intervalCandles = kept.candles
            output.candleStatus = kept.candles.isEmpty ? "No \(interval.chartName) candles" : nil
        } else {
            output.intervalCandles = []
            output.candleStatus = "Loading \(interval.chartName) candles…"
            intervalWanted?.yield(interval)
        }
    }

    /// The book grouped by the next unit (호가 모아보기: ten, a hundred, … a hundred thousand ticks
    /// of the price), or not grouped, round the cycle; only a KRW market's book, and only with a
    /// source of grouped books.
    private func stepGrouping(by steps: Int) {
        guard groupedBookSource != nil, output.depth != nil else { return }
        let price = depth.book?.mid ?? depth.tape.first?.price ?? 0
        let units = OrderBook.groupingUnits(quote: output.market.quote, price: price)
        guard !units.isEmpty else { return }
        // Index 0 is the book as it is; 1… the units.
        let current = groupingUnit.flatMap { units.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        let next = ((current + steps) % (units.count + 1) + units.count + 1) % (units.count + 1)
        groupingUnit = next == 0 ? nil : units[next - 1]
        groupedBook = nil
        showDepth(previous: nil, flashing: false)
        if groupingUnit != nil { groupingWanted?.yield() }
    }

    /// Asks for the grouped book at once whenever its unit changes, until cancelled.
    private func fetchGroupedBooks(whenAsked wanted: AsyncStream<Void>) async {
        for await _ in wanted { await fetchGroupedBook() }
    }

    /// Asks for the grouped book again every ``groupedBookRefresh`` while it shows, until cancelled.
    private func refreshGroupedBooks() async {
        while true {
            do { try await clock.sleep(for: Self.groupedBookRefresh) } catch { return }
            await fetchGroupedBook()
        }
    }

    private func fetchGroupedBook() async {
        guard let unit = groupingUnit, let source = groupedBookSource else { return }
        let market = output.market
        do {
            let book = try await source(market, unit)
            guard groupingUnit == unit else { return }
            groupedBook = book
            showDepth(previous: nil, flashing: false)
        } catch is CancellationError {
            return
        } catch {
            guard groupingUnit == unit else { return }
            output.depth?.status = "모아보기 unavailable: \(error)"
        }
        publish()
    }

    /// The depth as it shows: the feed's book, or the grouped one once it came (its unit named
    /// only then, so a unit never labels a book not grouped by it).
    private func showDepth(previous: OrderBook?, flashing: Bool) {
        let grouped = groupingUnit == nil ? nil : groupedBook
        output.depth = DepthOutput(
            depth, previous: previous, flashing: flashing && groupingUnit == nil, grouped: grouped,
            grouping: grouped == nil ? nil : groupingUnit)
    }

    /// Fetches each interval asked for once, until cancelled; the trades move it on from then.
    private func loadIntervals(_ wanted: AsyncStream<CandleInterval>) async {
        guard let source = candleSource else { return }
        for await interval in wanted where series[interval] == nil {
            let market = output.market
            let since = output.lastTimestamp ?? 0
            do {
                let fetched = try await source(market, interval, Self.intervalCandleCount)
                series[interval] = LiveCandles(interval: interval, candles: fetched, since: since)
                guard output.interval == interval else { continue }
                output.intervalCandles = fetched
                output.candleStatus = fetched.isEmpty ? "No \(interval.chartName) candles" : nil
            } catch is CancellationError {
                return
            } catch {
                guard output.interval == interval else { continue }
                output.candleStatus = "\(interval.chartName) candles unavailable: \(error)"
            }
            publish()
        }
    }

    /// Moves every fetched interval's candles on with `trades`; the shown one into the output.
    private func take(_ trades: [Trade]) {
        guard !series.isEmpty, !trades.isEmpty else { return }
        for interval in Array(series.keys) {
            let changed = series[interval]?.take(trades) ?? false
            if changed, interval == output.interval, let kept = series[interval] {
                output.intervalCandles = kept.candles
            }
        }
    }

    /// Draws `chart`; the premium one only where there is a premium history.
    private func choose(_ chart: DetailChart) {
        guard chart == .price || output.premium != nil else { return }
        output.chart = chart
        if chart == .premium { readPremium() }
    }

    /// Shows the premium history's bars of `interval` (and the premium chart, if it was not shown).
    private func choosePremium(interval: PremiumInterval) {
        guard output.premium != nil else { return }
        output.premium?.interval = interval
        output.chart = .premium
        readPremium()
    }

    /// Reads the premium history again into the output (not published).
    private func readPremium() {
        guard let source = premiumSource, var premium = output.premium else { return }
        let symbol = output.market.base
        do {
            premium.show(try source.read(symbol, interval: premium.interval, basis: premium.basis), symbol: symbol)
        } catch {
            premium.status = "Premium history unavailable: \(error)"
        }
        output.premium = premium
    }

    /// Reads the premium chart again every ``premiumRefresh`` while it shows, with what the
    /// books would fill, until cancelled.
    private func followPremium() async {
        while true {
            if output.chart == .premium {
                readPremium()
                await measureFillable()
                publish()
            }
            do { try await clock.sleep(for: Self.premiumRefresh) } catch { return }
        }
    }

    /// Measures the fillable premium whenever its amount changes, until cancelled.
    private func followFillAmount(_ changes: AsyncStream<Void>) async {
        for await _ in changes {
            await measureFillable()
            publish()
        }
    }

    /// What the Korean book and Binance's would fill for the amount (issue 29, point 5).
    private func measureFillable() async {
        guard let binanceBook = premiumSource?.binanceBook, output.premium != nil else { return }
        let symbol = output.market.base
        guard let korean = depth.book else {
            output.premium?.fillable = "Fill: the order book has not loaded yet"
            return
        }
        guard let rate = await board.board.quote(CoinComparison.usdtMarket)?.ticker.price, rate > 0 else {
            output.premium?.fillable = "Fill: no KRW-USDT price on this exchange"
            return
        }
        do {
            let global = try await binanceBook(MarketID(quote: "USDT", base: symbol))
            guard let amount = output.premium?.fillAmount else { return }
            output.premium?.show(
                fillable: FillablePremium.of(amount: amount, korean: korean, binance: global, rate: rate))
        } catch {
            output.premium?.fillable = "Fill: Binance's book unavailable: \(error)"
        }
    }

    /// The current output, then every new one (only the newest waits by default: a renderer's
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
                fillableWanted = continuation
                group.addTask { await self.followPremium() }
                group.addTask { await self.followFillAmount(changes) }
            }
            if candleSource != nil {
                let (wanted, continuation) = AsyncStream<CandleInterval>.makeStream()
                intervalWanted = continuation
                group.addTask { await self.loadIntervals(wanted) }
            }
            if groupedBookSource != nil, depthSource != nil {
                let (wanted, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
                groupingWanted = continuation
                group.addTask { await self.fetchGroupedBooks(whenAsked: wanted) }
                group.addTask { await self.refreshGroupedBooks() }
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

    private func publish() {
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
