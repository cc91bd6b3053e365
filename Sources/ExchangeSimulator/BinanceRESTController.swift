import ExchangeWire
import Foundation
import Hummingbird
import MarketDomain

/// The simulated Binance spot public REST API (exchange-apis.md §4.1): exchange info, 24h
/// tickers (one, several or all) and daily klines, with Binance's `{code,msg}` errors.
struct BinanceRESTController<Context: RequestContext> {
    let venue: SimulatedVenue
    let now: @Sendable () -> Int64
    /// The books' versions, shared with the diff streams.
    let journal: BinanceBookJournal
    /// The weight limit `exchangeInfo` publishes, if any.
    var requestWeight: BinanceRequestWeight? = nil

    func register(on router: Router<Context>) {
        router.get(RouterPath(BinanceEndpoint.exchangeInfo)) { _, _ in exchangeInfo() }
        router.get(RouterPath(BinanceEndpoint.ticker24h)) { request, _ in tickers(request) }
        router.get(RouterPath(BinanceEndpoint.klines)) { request, _ in klines(request) }
        router.get(RouterPath(BinanceEndpoint.depth)) { request, _ in depth(request) }
        router.get(RouterPath(BinanceEndpoint.trades)) { request, _ in trades(request) }
        router.get(RouterPath(BinanceEndpoint.historicalTrades)) { request, _ in trades(request) }
        registerQuotes(on: router)
    }

    private func exchangeInfo() -> Response {
        let time = now()
        let tops = Dictionary(
            uniqueKeysWithValues: venue.tops(venue.markets.map(\.id), now: time).map { ($0.figures.market.id, $0) })
        return .json(
            BinanceExchangeInfoDTO(
                rateLimits: requestWeight.map {
                    [.requestWeight($0.limit, windowSeconds: $0.windowSeconds)]
                },
                symbols: venue.markets.map { market in
                    let grid = PriceGrid(quote: market.quote)
                    // The tick of the grid at today's price; sizes go to eight decimals.
                    let tick = tops[market.id].map { grid.tick(at: $0.figures.price) } ?? 0.000_000_01
                    return .spot(
                        symbol: BinanceWire.symbol(market.id), baseAsset: market.symbol, quoteAsset: market.quote,
                        filters: [
                            .price(tick: tick, max: 1_000_000), .lotSize(step: 0.000_000_01, max: 9_000),
                            .notional(minimum: market.quote == "BTC" ? 0.0001 : 5),
                        ])
                }))
    }

    /// The markets a ticker request names (`symbol=`, `symbols=["A","B"]`, or none for all), and
    /// whether one was named alone (answered as an object); or the error Binance answers.
    func selection(_ parameters: FormQuery) -> (ids: [MarketID], single: Bool)? {
        if let symbol = parameters.get(BinanceEndpoint.Parameter.symbol) {
            guard let id = BinanceWire.marketID(symbol), symbol == symbol.uppercased(), venue.lists(id) else {
                return nil
            }
            return ([id], true)
        }
        if let list = parameters.get(BinanceEndpoint.Parameter.symbols) {
            guard let symbols = try? JSONDecoder().decode([String].self, from: Data(list.utf8)) else { return nil }
            var ids: [MarketID] = []
            for symbol in symbols {
                guard let id = BinanceWire.marketID(symbol), venue.lists(id) else { return nil }
                ids.append(id)
            }
            return (ids, false)
        }
        return (venue.markets.map(\.id), false)
    }

    /// The error of a selection that could not be read.
    func selectionError(_ parameters: FormQuery) -> Response {
        if parameters.get(BinanceEndpoint.Parameter.symbol) == nil,
            let list = parameters.get(BinanceEndpoint.Parameter.symbols),
            (try? JSONDecoder().decode([String].self, from: Data(list.utf8))) == nil
        {
            return .json(BinanceErrorBody.illegalParameter("symbols"), status: .badRequest)
        }
        return .json(BinanceErrorBody.invalidSymbol, status: .badRequest)
    }

    private func tickers(_ request: Request) -> Response {
        let parameters = FormQuery(request.uri)
        guard let (ids, single) = selection(parameters) else { return selectionError(parameters) }
        let time = now()
        let tickers = venue.tops(ids, now: time).map { $0.figures.binanceTicker(now: time, book: $0.book) }
        if single, let ticker = tickers.first { return .json(ticker) }
        return .json(tickers)
    }

    /// One symbol's book, `limit` levels a side (100 by default, at most 5000; the simulator's
    /// book holds 100).
    private func depth(_ request: Request) -> Response {
        let parameters = FormQuery(request.uri)
        guard let symbol = parameters.get(BinanceEndpoint.Parameter.symbol), !symbol.isEmpty else {
            return .json(BinanceErrorBody.missingParameter("symbol"), status: .badRequest)
        }
        guard let limit = Self.limit(parameters, default: 100, range: 1...5000) else {
            return .json(BinanceErrorBody.illegalParameter("limit"), status: .badRequest)
        }
        let time = now()
        guard let id = BinanceWire.marketID(symbol), symbol == symbol.uppercased(), venue.lists(id),
            let version = journal.latest(
                of: id, now: time,
                book: { venue.depth(id, levels: BinanceBookJournal.levels, trades: 0, now: time)?.book })
        else {
            return .json(BinanceErrorBody.invalidSymbol, status: .badRequest)
        }
        let book = version.book
        let served = OrderBook(
            market: id, timestamp: book.timestamp, asks: Array(book.asks.prefix(limit)),
            bids: Array(book.bids.prefix(limit)))
        return .json(BinanceDepthDTO(served, lastUpdateId: version.id))
    }

    /// One symbol's latest trades, oldest first, `limit` 1…1000 (500 when absent; the simulator
    /// keeps 2,000); `historicalTrades` with `fromId`: those from that id on (of the kept ones).
    private func trades(_ request: Request) -> Response {
        let query: TradesQuery
        do { query = try TradesQuery(FormQuery(request.uri)) } catch { return .json(error.body, status: .badRequest) }
        let (symbol, limit, fromID) = (query.symbol, query.limit, query.fromID)
        guard let id = BinanceWire.marketID(symbol), symbol == symbol.uppercased(), venue.lists(id),
            let (trades, _) = venue.trades(id, count: fromID == nil ? limit : SimulatedTape.capacity, now: now())
        else {
            return .json(BinanceErrorBody.invalidSymbol, status: .badRequest)
        }
        let oldestFirst = trades.reversed()
        let page =
            fromID.map { from in Array(oldestFirst.filter { $0.id >= from }.prefix(limit)) } ?? Array(oldestFirst)
        return .json(page.map(BinanceTradeDTO.init))
    }

    /// A trades request's symbol, `limit` (1…1000, 500 when absent) and `fromId`, as Binance
    /// reads them (`trades`, `historicalTrades`, `aggTrades`).
    struct TradesQuery {
        let symbol: String
        let limit: Int
        let fromID: Int64?

        /// Reads them; Binance's refusal of the first that cannot be read.
        init(_ parameters: FormQuery) throws(Refusal) {
            guard let symbol = parameters.get(BinanceEndpoint.Parameter.symbol), !symbol.isEmpty else {
                throw Refusal(body: .missingParameter("symbol"))
            }
            guard
                let limit = BinanceRESTController.limit(
                    parameters, default: 500, range: 1...BinanceEndpoint.maxTradeCount)
            else { throw Refusal(body: .illegalParameter("limit")) }
            var fromID: Int64?
            if let text = parameters.get(BinanceEndpoint.Parameter.fromID) {
                guard let number = Int64(text), number >= 0 else { throw Refusal(body: .illegalParameter("fromId")) }
                fromID = number
            }
            (self.symbol, self.limit, self.fromID) = (symbol, limit, fromID)
        }
    }

    /// A request Binance refuses, with its `{code,msg}`.
    struct Refusal: Error {
        let body: BinanceErrorBody
    }

    /// The `limit` parameter: `default` when absent, `nil` when it is not a number in `range`.
    static func limit(_ parameters: FormQuery, default: Int, range: ClosedRange<Int>) -> Int? {
        guard let text = parameters.get(BinanceEndpoint.Parameter.limit) else { return `default` }
        return Int(text).flatMap { range.contains($0) ? $0 : nil }
    }

    private func klines(_ request: Request) -> Response {
        let parameters = FormQuery(request.uri)
        guard let symbol = parameters.get(BinanceEndpoint.Parameter.symbol), !symbol.isEmpty else {
            return .json(BinanceErrorBody.missingParameter("symbol"), status: .badRequest)
        }
        guard let interval = parameters.get(BinanceEndpoint.Parameter.interval) else {
            return .json(BinanceErrorBody.missingParameter("interval"), status: .badRequest)
        }
        guard let span = CandleSpan(interval) else {
            return .json(BinanceErrorBody(code: -1120, msg: "Invalid interval."), status: .badRequest)
        }
        guard let limit = Self.limit(parameters, default: 500, range: 1...BinanceEndpoint.maxKlineCount) else {
            return .json(BinanceErrorBody.illegalParameter("limit"), status: .badRequest)
        }
        // Times held to the years a market can have, so that a start or end of Int64.max cannot trap.
        guard let start = RequestTime.milliseconds(parameters.get(BinanceEndpoint.Parameter.startTime)) else {
            return .json(BinanceErrorBody.illegalParameter("startTime"), status: .badRequest)
        }
        guard let end = RequestTime.milliseconds(parameters.get(BinanceEndpoint.Parameter.endTime)) else {
            return .json(BinanceErrorBody.illegalParameter("endTime"), status: .badRequest)
        }
        // With a start, the first `limit` from the candle holding it; otherwise the last before the end.
        var before = end.map { $0 + 1 }
        if let start {
            var reach = span.start(containing: start)
            for _ in 0..<limit { reach = span.next(after: reach) }
            before = min(before ?? .max, reach)
        }
        guard let id = BinanceWire.marketID(symbol),
            let candles = span.candles(of: id, on: venue, before: before, count: limit)
        else {
            return .json(BinanceErrorBody.invalidSymbol, status: .badRequest)
        }
        let rows = candles.map { candle in
            BinanceKline(
                openTime: candle.start, open: WireDecimal(candle.open), high: WireDecimal(candle.high),
                low: WireDecimal(candle.low), close: WireDecimal(candle.close), volume: WireDecimal(candle.volume),
                closeTime: span.next(after: candle.start) - 1, quoteVolume: WireDecimal(candle.value),
                trades: Int64(candle.volume.squareRoot() * 10) + 1, takerBuyBaseVolume: WireDecimal(candle.volume / 2),
                takerBuyQuoteVolume: WireDecimal(candle.value / 2))
        }.filter { row in start.map { row.closeTime >= $0 } ?? true }
        return .json(rows: rows, bytesPerRow: 200) { $0.writeJSON(into: &$1) }
    }
}

extension CoinFigures {
    /// This coin as a `GET /api/v3/ticker/24hr` object, its best bid and ask those of `book`.
    func binanceTicker(now: Int64, book: OrderBook) -> BinanceTicker24hDTO {
        let (amount, rate) = change
        let symbol = BinanceWire.symbol(market.id)
        let trades = Int64(max(1, volume24h.squareRoot() * 10))
        return BinanceTicker24hDTO(
            symbol: symbol, priceChange: WireDecimal(amount), priceChangePercent: WireDecimal(rate * 100, decimals: 3),
            weightedAvgPrice: WireDecimal(volume24h > 0 ? value24h / volume24h : price),
            prevClosePrice: WireDecimal(previousClose), lastPrice: WireDecimal(price),
            lastQty: WireDecimal(lastTradeVolume), bidPrice: WireDecimal(book.bids.first?.price ?? 0),
            bidQty: WireDecimal(book.bids.first?.size ?? 0), askPrice: WireDecimal(book.asks.first?.price ?? 0),
            askQty: WireDecimal(book.asks.first?.size ?? 0), openPrice: WireDecimal(open),
            highPrice: WireDecimal(high), lowPrice: WireDecimal(low), volume: WireDecimal(volume24h),
            quoteVolume: WireDecimal(value24h), openTime: now - 86_400_000, closeTime: now, firstId: 1,
            lastId: trades, count: trades)
    }

    /// This coin as a `<symbol>@ticker` event, its best bid and ask those of `book`.
    func binanceStreamTicker(now: Int64, book: OrderBook) -> BinanceStreamTicker {
        let ticker = binanceTicker(now: now, book: book)
        return BinanceStreamTicker(
            eventTime: now, symbol: ticker.symbol, priceChange: ticker.priceChange,
            priceChangePercent: ticker.priceChangePercent, weightedAvgPrice: ticker.weightedAvgPrice,
            firstTradePrice: ticker.prevClosePrice, lastPrice: ticker.lastPrice, lastQuantity: ticker.lastQty,
            bestBid: ticker.bidPrice, bestBidQuantity: ticker.bidQty, bestAsk: ticker.askPrice,
            bestAskQuantity: ticker.askQty, openPrice: ticker.openPrice, highPrice: ticker.highPrice,
            lowPrice: ticker.lowPrice, volume: ticker.volume, quoteVolume: ticker.quoteVolume,
            openTime: ticker.openTime, closeTime: ticker.closeTime, firstTradeID: ticker.firstId,
            lastTradeID: ticker.lastId, tradeCount: ticker.count)
    }
}
