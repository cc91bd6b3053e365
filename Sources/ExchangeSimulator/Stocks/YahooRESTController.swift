import ExchangeWire
import Foundation
import Hummingbird
import MarketDomain
import NIOCore
import SiseSupport

/// The simulated Yahoo Finance (exchange-apis.md §6): the chart of one symbol (ranges, periods,
/// daily to quarterly bars, and intraday bars of the latest session), Latin-script search, the
/// crumb endpoint, Yahoo's error bodies, and a plain-text 429 past a limit per minute.
struct YahooRESTController<Context: RequestContext> {
    let market: SimulatedStockMarket
    let now: @Sendable () -> Int64
    /// The simulated dollar in won, for the chart of `KRW=X` (issue 29).
    let usdKRW: @Sendable () -> Double
    /// The simulated dollar's daily closes before a day, for the chart of `KRW=X` over a range.
    let pastUSDKRW: @Sendable (TradingDay) -> [(day: TradingDay, rate: Double)]

    func register(on router: Router<Context>) {
        router.get("/v8/finance/chart/:symbol") { request, context in
            chart(context.parameters.get("symbol") ?? "", FormQuery(request.uri))
        }
        router.get(RouterPath(YahooEndpoint.search)) { request, _ in search(FormQuery(request.uri)) }
        router.get(RouterPath(YahooEndpoint.crumb)) { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "text/plain;charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "sImCrUmB0x1")))
        }
    }

    /// `005930.KS` → the KOSPI stock `005930`; `AAPL` → the US stock; `nil` when not listed there.
    func stock(forSymbol symbol: String) -> Stock? {
        let upper = symbol.uppercased()
        for market in [StockMarket.kospi, .kosdaq] where upper.hasSuffix(market.yahooSuffix) {
            let code = String(upper.dropLast(market.yahooSuffix.count))
            guard let stock = self.market.stock(code), stock.market == market else { return nil }
            return stock
        }
        guard let stock = self.market.stock(upper), !stock.market.isKorean else { return nil }
        return stock
    }

    private func chart(_ symbol: String, _ parameters: FormQuery) -> Response {
        if symbol.uppercased() == Self.forexSymbol {
            return forexChart(range: parameters.get(YahooEndpoint.Parameter.range) ?? "1d")
        }
        guard let stock = stock(forSymbol: symbol) else {
            return .json(YahooChartResponse(error: .notFound), status: .notFound)
        }
        let interval = parameters.get(YahooEndpoint.Parameter.interval) ?? "1d"
        let range = parameters.get(YahooEndpoint.Parameter.range)
        if let refusal = Self.refusal(interval: interval, range: range) { return refusal }
        let time = now()
        guard
            let (bars, quote, lastUpdate) = market.read(stock.code, now: time, { ($0.bars, $0.latest, $0.lastUpdate) })
        else {
            return .json(YahooChartResponse(error: .notFound), status: .notFound)
        }
        let session = SimulatedStock.Session.of(stock.market)
        let window = Self.window(range: range, parameters: parameters, now: time, session: session)
        let intraday = !["1d", "5d", "1wk", "1mo", "3mo"].contains(interval)
        if intraday, let start = window.start, time.subtracting(saturating: start) > 60 * 86_400_000 {
            return .json(
                YahooChartResponse(
                    error: YahooError(
                        code: "Unprocessable Entity",
                        description:
                            "\(interval) data not available for startTime. The requested range must be within the last 60 days."
                    )),
                status: .unprocessableContent)
        }
        // A bar is stamped at its session's open, and only bars stamped inside [period1, period2)
        // are served, as Yahoo serves them (issue 63).
        func inside(_ stamp: Int64) -> Bool {
            (window.start.map { stamp >= $0 } ?? true) && (window.end.map { stamp < $0 } ?? true)
        }
        let chosen = bars.filter { inside(session.bounds(of: $0.day).open) }
        let selected = window.lastBars.map { Array(chosen.suffix($0)) } ?? chosen
        let points =
            intraday
            ? Self.intradayPoints(of: chosen.suffix(1), interval: interval, session: session, now: time)
                .filter { inside($0.time * 1000) }
            : Self.aggregate(selected, interval: interval, session: session)
        var meta = Self.meta(
            stock: stock, symbol: symbol.uppercased(), bars: bars, latest: quote, lastUpdate: lastUpdate,
            first: selected.first, range: range ?? "", interval: interval, session: session, now: time)
        if intraday, let day = chosen.last?.day {
            let (open, close) = session.bounds(of: day)
            meta.tradingPeriods = [
                [
                    .init(
                        timezone: session.abbreviation(on: day), start: open / 1000, end: close / 1000,
                        gmtoffset: Int(session.offsetMilliseconds(on: day) / 1000))
                ]
            ]
        }
        return .json(YahooChartResponse(result: Self.result(meta: meta, points: points, intraday: intraday)))
    }

    /// Yahoo's symbol of the dollar in won.
    static var forexSymbol: String { "KRW=X" }

    /// The chart of `KRW=X`: the simulated USD/KRW as the market price of now and as today's
    /// bar, after the weekdays of `range` before it.
    private func forexChart(range: String) -> Response {
        if let refusal = Self.refusal(interval: "1d", range: range) { return refusal }
        let time = now()
        let rate = (usdKRW() * 10_000).rounded() / 10_000
        var meta = YahooChartMeta()
        meta.currency = "KRW"
        meta.symbol = Self.forexSymbol
        meta.exchangeName = "CCY"
        meta.fullExchangeName = "CCY"
        meta.instrumentType = "CURRENCY"
        meta.regularMarketTime = time / 1000
        meta.gmtoffset = 0
        meta.timezone = "GMT"
        meta.exchangeTimezoneName = "Europe/London"
        meta.regularMarketPrice = rate
        meta.regularMarketDayHigh = rate
        meta.regularMarketDayLow = rate
        meta.regularMarketVolume = 0
        meta.longName = "USD/KRW"
        meta.shortName = "USD/KRW"
        meta.chartPreviousClose = rate
        meta.priceHint = 4
        let today = TradingDay(unixMilliseconds: time)
        let days: Int =
            switch range {
            case "1d": 0
            case "5d": 7
            case "1mo": 31
            case "3mo": 92
            case "6mo": 183
            case "1y": 366
            case "2y": 731
            default: 3_660
            }
        let past = pastUSDKRW(today).filter { $0.day >= today.adding(days: -days) }.map { day, close in
            let rounded = (close * 10_000).rounded() / 10_000
            return ChartPoint(
                time: day.startUnixMilliseconds / 1000, open: rounded, high: rounded, low: rounded, close: rounded,
                volume: 0)
        }
        meta.chartPreviousClose = past.last?.close ?? rate
        let point = ChartPoint(
            time: today.startUnixMilliseconds / 1000, open: rate, high: rate, low: rate, close: rate, volume: 0)
        return .json(YahooChartResponse(result: Self.result(meta: meta, points: past + [point], intraday: false)))
    }

    /// Yahoo's 400 for an interval or a range it does not serve.
    private static func refusal(interval: String, range: String?) -> Response? {
        if !YahooEndpoint.validIntervals.contains(interval) {
            let valid = YahooEndpoint.validIntervals.joined(separator: ", ")
            return .json(
                YahooChartResponse(
                    error: YahooError(
                        code: "Bad Request",
                        description:
                            "Invalid input - interval=\(interval) is not supported. Valid intervals: [\(valid)]")),
                status: .badRequest)
        }
        if let range, !YahooEndpoint.validRanges.contains(range) {
            let valid = YahooEndpoint.validRanges.joined(separator: ", ")
            return .json(
                YahooChartResponse(
                    error: YahooError(
                        code: "Bad Request",
                        description: "Invalid input - range=\(range) is not supported. Valid ranges: [\(valid)]")),
                status: .badRequest)
        }
        return nil
    }

    /// A chart's result: its points as Yahoo's column arrays (`null` columns when there are none).
    private static func result(meta: YahooChartMeta, points: [ChartPoint], intraday: Bool) -> YahooChartResult {
        YahooChartResult(
            meta: meta, timestamp: points.isEmpty ? nil : points.map(\.time),
            indicators: .init(
                quote: [
                    points.isEmpty
                        ? .init(open: nil, high: nil, low: nil, close: nil, volume: nil)
                        : .init(
                            open: points.map(\.open), high: points.map(\.high), low: points.map(\.low),
                            close: points.map(\.close), volume: points.map(\.volume))
                ],
                adjclose: intraday ? nil : [.init(adjclose: points.isEmpty ? nil : points.map(\.close))]))
    }

    private func search(_ parameters: FormQuery) -> Response {
        let query = (parameters.get(YahooEndpoint.Parameter.query) ?? "").trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty, query.unicodeScalars.allSatisfy({ $0.isASCII }) else {
            return .json(
                [
                    "finance": YahooChartResponse.Chart(
                        result: nil, error: YahooError(code: "Bad Request", description: "Invalid Search Query"))
                ],
                status: .badRequest)
        }
        let count =
            Int(parameters.get(YahooEndpoint.Parameter.quotesCount) ?? parameters.get("quotes_count") ?? "") ?? 8
        let needle = query.lowercased()
        let scored = market.stocks.compactMap { stock -> (Stock, Double)? in
            let symbol = Self.yahooSymbol(stock).lowercased()
            let name = stock.englishName.lowercased()
            if symbol == needle || stock.code.lowercased() == needle { return (stock, 30_000) }
            if symbol.hasPrefix(needle) { return (stock, 20_000) }
            if name.hasPrefix(needle) { return (stock, 15_000) }
            if name.contains(needle) { return (stock, 10_000) }
            return nil
        }
        let quotes = scored.sorted { $0.1 > $1.1 || ($0.1 == $1.1 && $0.0.code < $1.0.code) }.prefix(max(0, count)).map
        {
            stock, score in
            YahooSearchResponse.Quote(
                symbol: Self.yahooSymbol(stock),
                shortname: stock.englishName.isEmpty ? stock.koreanName : stock.englishName,
                longname: stock.englishName.isEmpty ? stock.koreanName : stock.englishName,
                exchange: Self.exchangeCodes(stock.market).short, exchDisp: Self.exchangeCodes(stock.market).display,
                score: score)
        }
        return .json(YahooSearchResponse(quotes: Array(quotes)))
    }

    /// Yahoo's symbol of a stock: `005930.KS`, `AAPL`.
    static func yahooSymbol(_ stock: Stock) -> String { stock.code + stock.market.yahooSuffix }

    static func exchangeCodes(_ market: StockMarket) -> (short: String, full: String, display: String) {
        switch market {
        case .kospi: ("KSC", "KSE", "KSE")
        case .kosdaq: ("KOE", "KOSDAQ", "KOSDAQ")
        case .nasdaq: ("NMS", "NasdaqGS", "NASDAQ")
        case .nyse: ("NYQ", "NYSE", "NYSE")
        }
    }
}
