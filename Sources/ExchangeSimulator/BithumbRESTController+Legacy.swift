import ExchangeWire
import Hummingbird
import MarketDomain

/// The simulated legacy Bithumb REST API (`/public/…`, exchange-apis.md §2.1), every value a
/// string and every error HTTP 200 with a status: the tickers of a quote currency (`ALL_KRW`,
/// `ALL_BTC`) or of one pair, one pair's book, latest trades and candlesticks of every interval.
extension BithumbRESTController {
    func registerLegacy(on router: Router<Context>) {
        router.get("/public/ticker/:pair") { _, context in legacyTicker(context.parameters.get("pair") ?? "") }
        router.get("/public/orderbook/:pair") { request, context in
            legacyOrderbook(context.parameters.get("pair") ?? "", FormQuery(request.uri))
        }
        router.get("/public/transaction_history/:pair") { request, context in
            legacyTransactions(context.parameters.get("pair") ?? "", FormQuery(request.uri))
        }
        router.get("/public/candlestick/:pair/:interval") { _, context in
            legacyCandles(context.parameters.get("pair") ?? "", interval: context.parameters.get("interval") ?? "")
        }
    }

    private func legacyTicker(_ pair: String) -> Response {
        let time = now()
        let parts = pair.uppercased().split(separator: "_")
        if parts.count == 2, parts[0] == "ALL" {
            let quote = String(parts[1])
            let wanted = venue.markets.map(\.id).filter { $0.quote == quote }
            guard !wanted.isEmpty else { return .json(BithumbLegacyStatus.notListed) }
            var tickers: [String: BithumbLegacyTickerDTO] = [:]
            for figures in venue.figures(wanted, now: time) {
                tickers[figures.market.symbol] = figures.bithumbLegacyTicker()
            }
            return .json(BithumbLegacyTickers(tickers: tickers, date: time))
        }
        guard let id = BithumbLegacyWire.market(pair), venue.lists(id),
            let figures = venue.figures([id], now: time).first
        else {
            return .json(BithumbLegacyStatus.notListed)
        }
        return .json(BithumbLegacyOneTicker(ticker: figures.bithumbLegacyTicker(), date: time))
    }

    /// A whole number parameter in `range`, `default` when absent; `nil` when it is anything else.
    private static func count(_ text: String?, default: Int, range: ClosedRange<Int>) -> Int? {
        guard let text else { return `default` }
        return Int(text).flatMap { range.contains($0) ? $0 : nil }
    }

    private func legacyOrderbook(_ pair: String, _ query: FormQuery) -> Response {
        guard let count = Self.count(query.get("count"), default: 30, range: 1...30) else {
            return .json(BithumbLegacyWire.invalidParameter)
        }
        let time = now()
        guard let id = BithumbLegacyWire.market(pair), let depth = venue.depth(id, levels: count, trades: 0, now: time)
        else {
            return .json(BithumbLegacyStatus.notListed)
        }
        func levels(_ side: [OrderBook.Level]) -> [BithumbLegacyOrderbook.Level] {
            side.map { .init(price: WireDecimal($0.price), quantity: WireDecimal($0.size, decimals: 4)) }
        }
        return .json(
            BithumbLegacyOrderbook(
                timestamp: time, base: id.base, quote: id.quote, bids: levels(depth.book.bids),
                asks: levels(depth.book.asks)))
    }

    private func legacyTransactions(_ pair: String, _ query: FormQuery) -> Response {
        guard let count = Self.count(query.get("count"), default: 20, range: 1...100) else {
            return .json(BithumbLegacyWire.invalidParameter)
        }
        guard let id = BithumbLegacyWire.market(pair), let (trades, _) = venue.trades(id, count: count, now: now())
        else {
            return .json(BithumbLegacyStatus.notListed)
        }
        let decimals = id.quote == "KRW" ? 0 : 8
        return .json(
            BithumbLegacyTransactions(
                data: trades.reversed().map { trade in
                    .init(
                        transactionDate: BithumbLegacyWire.text(unixMilliseconds: trade.timestamp),
                        type: trade.side == .buy ? "bid" : "ask", unitsTraded: WireDecimal(trade.size),
                        price: WireDecimal(trade.price),
                        total: WireDecimal(trade.price * trade.size, decimals: decimals))
                }))
    }

    private func legacyCandles(_ pair: String, interval: String) -> Response {
        guard let span = BithumbLegacyWire.intervals[interval] else { return .json(BithumbLegacyWire.invalidParameter) }
        guard let id = BithumbLegacyWire.market(pair), venue.lists(id) else {
            return .json(BithumbLegacyStatus.notListed)
        }
        let rows: [BithumbLegacyCandle]
        if span.base == .day, span.multiple == 1, let candles = venue.candles(id) {
            // A day starts at midnight KST.
            rows = candles.suffix(BithumbLegacyWire.candleCount).map {
                BithumbLegacyCandle(
                    time: $0.day.startUnixMilliseconds - UpbitTime.kstOffsetMilliseconds, open: WireDecimal($0.open),
                    close: WireDecimal($0.close), high: WireDecimal($0.high), low: WireDecimal($0.low),
                    volume: WireDecimal($0.volume))
            }
        } else {
            // A rolled-up span (6h, 12h) is made of its hours: at most 2,000 of them are read, so
            // an answer stays well inside a client's timeout (pybithumb waits 3 s).
            let count = min(BithumbLegacyWire.candleCount, BithumbLegacyWire.baseCandleCount / max(1, span.multiple))
            rows = (span.candles(of: id, on: venue, before: nil, count: count) ?? []).map {
                BithumbLegacyCandle(
                    time: $0.start, open: WireDecimal($0.open), close: WireDecimal($0.close),
                    high: WireDecimal($0.high),
                    low: WireDecimal($0.low), volume: WireDecimal($0.volume))
            }
        }
        return .json(BithumbLegacyCandles(data: rows))
    }

}

/// The legacy API's spellings: pairs `BTC_KRW`; times in KST, `yyyy-MM-dd HH:mm:ss`, with
/// microseconds on the WebSocket.
enum BithumbLegacyWire {
    /// `BTC_KRW` → `KRW-BTC`.
    static func market(_ pair: String) -> MarketID? {
        let parts = pair.uppercased().split(separator: "_")
        guard parts.count == 2 else { return nil }
        return MarketID("\(parts[1])-\(parts[0])")
    }

    /// `KRW-BTC` → `BTC_KRW`.
    static func pair(_ id: MarketID) -> String { "\(id.base)_\(id.quote)" }

    /// The intervals of `/public/candlestick/{pair}/{interval}`: Bithumb's nine, and the week and
    /// month ccxt asks for (`1w`, `1mm`).
    static let intervals: [String: CandleSpan] = [
        "1m": CandleSpan(base: .minute, multiple: 1), "3m": CandleSpan(base: .threeMinutes, multiple: 1),
        "5m": CandleSpan(base: .fiveMinutes, multiple: 1), "10m": CandleSpan(base: .tenMinutes, multiple: 1),
        "30m": CandleSpan(base: .thirtyMinutes, multiple: 1), "1h": CandleSpan(base: .hour, multiple: 1),
        "6h": CandleSpan(base: .hour, multiple: 6), "12h": CandleSpan(base: .hour, multiple: 12),
        "24h": CandleSpan(base: .day, multiple: 1), "1w": CandleSpan(base: .week, multiple: 1),
        "1mm": CandleSpan(base: .month, multiple: 1),
    ]
    /// How many rows a candlestick answer holds (Bithumb's cap is not documented).
    static let candleCount = 1_000
    /// The most candles of the base interval one answer rolls up.
    static let baseCandleCount = 2_000

    static let invalidParameter = BithumbLegacyStatus(status: "5500", message: "입력값을 확인해 주세요.")

    static func text(unixMilliseconds: Int64) -> String {
        let kst = unixMilliseconds + UpbitTime.kstOffsetMilliseconds
        return "\(TradingDay(unixMilliseconds: kst)) \(UpbitTime.colonTime(unixMilliseconds: kst))"
    }

    /// With the microseconds (`2020-01-29 12:24:18.830039`).
    static func microsecondText(unixMilliseconds: Int64) -> String {
        let millis = Int((unixMilliseconds % 1000 + 1000) % 1000)
        let padded = String(repeating: "0", count: 3 - String(millis).count) + String(millis)
        return text(unixMilliseconds: unixMilliseconds) + "." + padded + "000"
    }
}
