import ExchangeWire
import Hummingbird
import MarketDomain

/// The simulated Korbit v2 public REST API (exchange-apis.md §3.1–§3.5): pairs, currencies with
/// English names, tickers (all, or the listed symbols; unknown ones left out), daily candles, order books.
struct KorbitRESTController<Context: RequestContext> {
    let venue: SimulatedVenue
    let now: @Sendable () -> Int64

    func register(on router: Router<Context>) {
        router.get(RouterPath(KorbitEndpoint.currencyPairs)) { _, _ in currencyPairs() }
        router.get(RouterPath(KorbitEndpoint.currencies)) { _, _ in currencies() }
        router.get(RouterPath(KorbitEndpoint.tickers)) { request, _ in tickers(request) }
        router.get(RouterPath(KorbitEndpoint.candles)) { request, _ in candles(request) }
        router.get(RouterPath(KorbitEndpoint.orderbook)) { request, _ in orderbook(request) }
        router.get(RouterPath(KorbitEndpoint.trades)) { request, _ in trades(request) }
        router.get(RouterPath(KorbitEndpoint.time)) { _, _ -> Response in .json(KorbitEnvelope(data: ["time": now()])) }
    }

    private func currencyPairs() -> Response {
        .json(
            KorbitEnvelope(
                data: venue.markets.map {
                    KorbitCurrencyPairDTO(
                        symbol: KorbitWire.symbol($0.id), status: "launched", baseCurrency: $0.symbol.lowercased(),
                        quoteCurrency: "krw", minOrderValue: "5000", maxOrderValue: "1000000000")
                }))
    }

    /// Every currency with the fields of the documented example (§3.2): limits and fees as
    /// strings, each network's statuses, precision and explorer; `krw` without networks.
    private func currencies() -> Response {
        var won = KorbitCurrencyDTO(name: "krw", fullName: "Won")
        (won.withdrawalTxFee, won.withdrawalMinAmount, won.withdrawalMaxAmountPerRequest) = (
            "1000", "1000", "5000000000"
        )
        let prices = Dictionary(
            venue.figures(venue.markets.map(\.id), now: now()).map { ($0.market.id, $0.price) },
            uniquingKeysWith: { first, _ in first })
        return .json(KorbitEnvelope(data: [won] + venue.markets.map { Self.currency($0, price: prices[$0.id]) }))
    }

    /// One coin as `/v2/currencies` lists it: about ten thousand won the least one withdraws, a
    /// quarter of that the fee, a billion the most a request.
    static func currency(_ market: Market, price: Double?) -> KorbitCurrencyDTO {
        let price = max(price ?? 1, 0.000_000_01)
        func amount(_ won: Double) -> String { WireDecimal(won / price, decimals: 8).text }
        var network = KorbitCurrencyDTO.Network(name: market.symbol, fullName: market.englishName, confirmationCount: 3)
        (network.depositStatus, network.withdrawalStatus) = ("launched", "launched")
        (network.withdrawalTxFee, network.withdrawalMinAmount) = (amount(2_500), amount(10_000))
        (network.withdrawalPrecision, network.hasSecondaryAddr) = (8, false)
        network.addressExplorerUrl = "https://explorer.example/\(market.symbol.lowercased())/address/"
        var currency = KorbitCurrencyDTO(
            name: market.symbol.lowercased(), fullName: market.englishName, defaultNetwork: market.symbol,
            networkList: [network])
        (currency.withdrawalTxFee, currency.withdrawalMinAmount) = (
            network.withdrawalTxFee, network.withdrawalMinAmount
        )
        (currency.withdrawalMaxAmountPerRequest, currency.confirmationCount) = (amount(1_000_000_000), "3")
        return currency
    }

    private func tickers(_ request: Request) -> Response {
        let time = now()
        let ids: [MarketID]
        let list = FormQuery(request.uri).list(KorbitEndpoint.Parameter.symbol)
        if !list.isEmpty {
            // Symbols are case-sensitive; unknown ones are simply not in the answer (§3.3).
            ids = list.compactMap { symbol in
                symbol == symbol.lowercased() ? KorbitWire.marketID(symbol) : nil
            }
        } else {
            ids = venue.markets.map(\.id)
        }
        return .json(
            KorbitEnvelope(
                data: venue.tops(ids, now: time).map { $0.figures.korbitTicker(withSymbol: true, book: $0.book) }))
    }

    /// One pair's book, 30 levels a side; a missing symbol is BAD_REQUEST, an unknown or
    /// upper-case one INVALID_CURRENCY_PAIR (§3.5).
    private func orderbook(_ request: Request) -> Response {
        guard let symbol = FormQuery(request.uri).get(KorbitEndpoint.Parameter.symbol), !symbol.isEmpty else {
            return .json(KorbitFailure(error: .badRequest), status: .badRequest)
        }
        let time = now()
        guard symbol == symbol.lowercased(), let id = KorbitWire.marketID(symbol),
            let depth = venue.depth(id, levels: 30, trades: 0, now: time)
        else {
            return .json(KorbitFailure(error: .invalidPair), status: .badRequest)
        }
        return .json(KorbitEnvelope(data: KorbitOrderbookDTO(depth.book)))
    }

    /// One pair's latest trades, newest first, `limit` 1…500 (50 when absent).
    private func trades(_ request: Request) -> Response {
        let parameters = FormQuery(request.uri)
        guard let symbol = parameters.get(KorbitEndpoint.Parameter.symbol), !symbol.isEmpty else {
            return .json(KorbitFailure(error: .badRequest), status: .badRequest)
        }
        var limit = 50
        if let text = parameters.get(KorbitEndpoint.Parameter.limit) {
            guard let number = Int(text), (1...500).contains(number) else {
                return .json(KorbitFailure(error: .badRequest), status: .badRequest)
            }
            limit = number
        }
        guard symbol == symbol.lowercased(), let id = KorbitWire.marketID(symbol),
            let (trades, _) = venue.trades(id, count: limit, now: now())
        else {
            return .json(KorbitFailure(error: .invalidPair), status: .badRequest)
        }
        return .json(KorbitEnvelope(data: trades.map(KorbitTradeDTO.init)))
    }

    private func candles(_ request: Request) -> Response {
        let parameters = FormQuery(request.uri)
        guard let symbol = parameters.get(KorbitEndpoint.Parameter.symbol), !symbol.isEmpty,
            let interval = parameters.get(KorbitEndpoint.Parameter.interval),
            let limitText = parameters.get(KorbitEndpoint.Parameter.limit)
        else {
            return .json(KorbitFailure(error: .badRequest), status: .badRequest)
        }
        guard let limit = Int(limitText), (1...KorbitEndpoint.maxCandleCount).contains(limit) else {
            return .json(
                KorbitFailure(error: KorbitError(code: 400, message: "limit out of range")), status: .badRequest)
        }
        guard let chosen = KorbitEndpoint.candleInterval(interval) else {
            return .json(KorbitFailure(error: .badRequest), status: .badRequest)
        }
        // Times held to the years a market can have, so that an end of Int64.max cannot trap.
        guard let start = RequestTime.milliseconds(parameters.get(KorbitEndpoint.Parameter.start)),
            let end = RequestTime.milliseconds(parameters.get(KorbitEndpoint.Parameter.end))
        else {
            return .json(KorbitFailure(error: .badRequest), status: .badRequest)
        }
        if let start, let end, end <= start {
            return .json(KorbitFailure(error: .badRequest), status: .badRequest)
        }
        guard symbol == symbol.lowercased(), let id = KorbitWire.marketID(symbol) else {
            return .json(KorbitFailure(error: .invalidPair), status: .badRequest)
        }
        // Days and weeks start at 00:00 KST, 9 hours before the UTC day the simulator keeps.
        let shift = chosen.isDaily ? UpbitTime.kstOffsetMilliseconds : 0
        // The last `limit` starting in [start, end], oldest first.
        let before = end.map { $0 + shift + 1 }
        guard let candles = venue.candles(id, interval: chosen, before: before, count: limit)
        else {
            return .json(KorbitFailure(error: .invalidPair), status: .badRequest)
        }
        let rows = candles.map { candle in
            KorbitCandleDTO(
                timestamp: candle.start - shift, open: WireDecimal(candle.open), high: WireDecimal(candle.high),
                low: WireDecimal(candle.low), close: WireDecimal(candle.close), volume: WireDecimal(candle.volume))
        }.filter { row in start.map { row.timestamp >= $0 } ?? true }
        return .json(KorbitEnvelope(data: Array(rows.suffix(limit))))
    }
}

extension CoinFigures {
    /// This coin as Korbit's ticker: the REST row (with `symbol`) or a WebSocket message's data,
    /// its best bid and ask those of `book` (the one `/v2/orderbook` serves).
    func korbitTicker(withSymbol: Bool, book: OrderBook) -> KorbitTickerDTO {
        let (amount, rate) = change
        return KorbitTickerDTO(
            symbol: withSymbol ? KorbitWire.symbol(market.id) : nil, open: WireDecimal(open), high: WireDecimal(high),
            low: WireDecimal(low), close: WireDecimal(price), prevClose: WireDecimal(previousClose),
            priceChange: WireDecimal(amount), priceChangePercent: WireDecimal(rate * 100, decimals: 2),
            volume: WireDecimal(volume24h), quoteVolume: WireDecimal(value24h, decimals: 5),
            bestBidPrice: WireDecimal(book.bids.first?.price ?? 0),
            bestAskPrice: WireDecimal(book.asks.first?.price ?? 0),
            lastTradedAt: tradeTimestamp)
    }
}
