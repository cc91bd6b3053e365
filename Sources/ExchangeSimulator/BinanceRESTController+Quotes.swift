import ExchangeWire
import Foundation
import Hummingbird
import MarketDomain

/// The simulated Binance endpoints real clients call besides the tickers, book and klines
/// (Binance's spot market-data and general docs): `ping`, `time`, the last prices, the best bids
/// and asks, and the aggregate trades.
extension BinanceRESTController {
    func registerQuotes(on router: Router<Context>) {
        router.get(RouterPath(BinanceEndpoint.ping)) { _, _ in Response.json(EmptyObject()) }
        router.get(RouterPath(BinanceEndpoint.time)) { _, _ in Response.json(BinanceServerTimeDTO(serverTime: now())) }
        router.get(RouterPath(BinanceEndpoint.priceTicker)) { request, _ in prices(request) }
        router.get(RouterPath(BinanceEndpoint.bookTicker)) { request, _ in bookTickers(request) }
        router.get(RouterPath(BinanceEndpoint.aggregateTrades)) { request, _ in aggregateTrades(request) }
    }

    private func prices(_ request: Request) -> Response {
        let parameters = FormQuery(request.uri)
        guard let (ids, single) = selection(parameters) else { return selectionError(parameters) }
        let rows = venue.figures(ids, now: now()).map {
            BinancePriceTickerDTO(symbol: BinanceWire.symbol($0.market.id), price: WireDecimal($0.price))
        }
        if single, let row = rows.first { return .json(row) }
        return .json(rows)
    }

    private func bookTickers(_ request: Request) -> Response {
        let parameters = FormQuery(request.uri)
        guard let (ids, single) = selection(parameters) else { return selectionError(parameters) }
        let rows = venue.tops(ids, now: now()).map {
            BinanceBookTickerDTO(symbol: BinanceWire.symbol($0.figures.market.id), book: $0.book)
        }
        if single, let row = rows.first { return .json(row) }
        return .json(rows)
    }

    /// One symbol's aggregate trades, oldest first, `limit` 1…1000 (500 when absent): from `fromId`
    /// on, or inside `startTime`…`endTime`, or the latest (of the trades the simulator keeps).
    private func aggregateTrades(_ request: Request) -> Response {
        let parameters = FormQuery(request.uri)
        let query: TradesQuery
        do { query = try TradesQuery(parameters) } catch { return .json(error.body, status: .badRequest) }
        let (symbol, limit, fromID) = (query.symbol, query.limit, query.fromID)
        guard let start = RequestTime.milliseconds(parameters.get(BinanceEndpoint.Parameter.startTime)) else {
            return .json(BinanceErrorBody.illegalParameter("startTime"), status: .badRequest)
        }
        guard let end = RequestTime.milliseconds(parameters.get(BinanceEndpoint.Parameter.endTime)) else {
            return .json(BinanceErrorBody.illegalParameter("endTime"), status: .badRequest)
        }
        guard let id = BinanceWire.marketID(symbol), symbol == symbol.uppercased(), venue.lists(id),
            let (trades, _) = venue.trades(id, count: SimulatedTape.capacity, now: now())
        else {
            return .json(BinanceErrorBody.invalidSymbol, status: .badRequest)
        }
        let aggregates = Self.aggregated(trades.reversed()).filter { row in
            (fromID.map { row.id >= $0 } ?? true) && (start.map { row.time >= $0 } ?? true)
                && (end.map { row.time <= $0 } ?? true)
        }
        let windowed = fromID != nil || start != nil
        return .json(windowed ? Array(aggregates.prefix(limit)) : Array(aggregates.suffix(limit)))
    }

    /// Trades (oldest first) as Binance aggregates them: a run of one side at one price in one
    /// millisecond is one taker's order filled against several makers.
    static func aggregated(_ oldestFirst: some Sequence<Trade>) -> [BinanceAggregateTradeDTO] {
        var runs: [[Trade]] = []
        for trade in oldestFirst {
            if let last = runs.last?.last, last.timestamp == trade.timestamp, last.price == trade.price,
                last.side == trade.side
            {
                runs[runs.count - 1].append(trade)
            } else {
                runs.append([trade])
            }
        }
        return runs.compactMap(BinanceAggregateTradeDTO.init)
    }
}

/// `{}`: the answer of Binance's `ping`.
struct EmptyObject: Encodable {}
