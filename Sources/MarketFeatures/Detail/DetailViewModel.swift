public import MarketDomain

/// The detail view's view model: live stats of one market from the shared board, 52-week range
/// and daily candles fetched once (cached), with today's candle following the live price.
@MainActor
public final class DetailViewModel {
    /// The latest output.
    public private(set) var output: DetailOutput
    private let publisher: OutputPublisher<DetailOutput>

    private let board: LiveBoard
    private let loader: DailyCandleLoader
    private let language: NameLanguage
    private var candles: [Candle] = []
    /// The highest high and lowest low of the loaded year of candles.
    private var yearRange: (high: Double, low: Double)?

    /// A detail view model of `market`.
    public init(market: MarketID, board: LiveBoard, loader: DailyCandleLoader, language: NameLanguage = .korean) {
        self.board = board
        self.loader = loader
        self.language = language
        var first = DetailOutput(market: market)
        first.candleStatus = "Loading daily candles…"
        output = first
        publisher = OutputPublisher(first)
    }

    /// The current output, then every new one (only the newest waits by default: a renderer's
    /// need; `.unbounded` keeps each one in order).
    public func outputs(
        bufferingPolicy: AsyncStream<DetailOutput>.Continuation.BufferingPolicy = .bufferingNewest(1)
    ) -> AsyncStream<DetailOutput> {
        publisher.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Loads and follows until cancelled.
    public func run() async {
        let updates = await board.updates()
        if let quote = await board.board.quote(output.market) { show(quote) }
        let market = output.market
        let today = TradingDay(unixMilliseconds: output.lastTimestamp ?? 0)
        do {
            candles = try await loader.load(market, today: today)
            let year = candles.suffix(365)
            if let high = year.map(\.high).max(), let low = year.map(\.low).min() { yearRange = (high, low) }
            output.candleStatus = candles.isEmpty ? "No daily candles" : nil
        } catch {
            output.candleStatus = "Daily candles unavailable: \(error)"
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
        output.price = NumberFormat.price(ticker.price, quote: currency)
        output.changeRate = NumberFormat.changeRate(ticker.changeRate)
        output.changePrice = NumberFormat.changePrice(ticker.changePrice, price: ticker.price, quote: currency)
        output.direction = ticker.direction
        output.high24h = NumberFormat.price(ticker.high, quote: currency)
        output.low24h = NumberFormat.price(ticker.low, quote: currency)
        output.volume24h = NumberFormat.fixed(ticker.volume24h, decimals: 3) + " " + quote.market.symbol
        output.value24h = NumberFormat.tradeValueInMillions(ticker.tradeValue24h)
        candles = Self.following(candles, ticker: ticker)
        output.candles = candles
        // The year's range is read once from the loaded candles; ticks only move today's end of it.
        if let range = yearRange, let today = candles.last {
            output.high52Week = NumberFormat.price(max(range.high, today.high, ticker.price), quote: currency)
            output.low52Week = NumberFormat.price(min(range.low, today.low, ticker.price), quote: currency)
        }
        publish()
    }

    private func publish() {
        publisher.publish(output)
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
