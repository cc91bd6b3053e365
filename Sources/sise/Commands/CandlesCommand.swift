public import ArgumentParser
import ExchangeWire
import Foundation
import HeadlessOutput
public import MarketDomain
import MarketFeatures
import MarketStore

/// `sise candles`: a market's candles of any interval (issue 30), or a stock's daily history.
struct CandlesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "candles", abstract: "Print a market's candles of any interval, oldest first.",
        discussion: """
            Intervals: 1s (Upbit, Binance), 1m 3m 5m 10m 15m 30m 1h 4h, 1d (the default), 1w, 1M; not every \
            exchange has each (Korbit: 1m 5m 15m 30m 1h 4h 1d 1w; Binance: no 10m). Times are KST. \
            --follow keeps the newest candle moving with the live trades and prints it again as it changes.
            """)

    @OptionGroup var exchangeOptions: ExchangeOptions
    @OptionGroup var stockOptions: StockOptions
    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "The market, as KRW-BTC or BTC; for stocks (--exchange kis|yahoo) a code: 005930, 005930.KS, AAPL.")
    var market: String

    @Option(help: "The interval: 1s, 1m, 3m, 5m, 10m, 15m, 30m, 1h, 4h, 1d, 1w or 1M.")
    var interval: CandleInterval = .day

    @Option(parsing: .unconditional, help: "How many candles, up to 10000 (paged as the exchange allows).")
    var count: Int?

    @Option(parsing: .unconditional, help: "How many days (the same as --count with 1d), up to 1000.")
    var days: Int?

    @Option(help: "Every candle from this time on: 2026-11-26, '2026-11-26 09:00' (KST) or ISO 8601 with a zone.")
    var from: String?

    @Option(
        help:
            "Indicator columns, comma-separated: ma20 (or sma20), ema50, bb (20, 2), rsi (14; or rsi9), macd (12, 26, 9)."
    )
    var indicators: String?

    @Flag(help: "Keep the newest candle moving with the live trades, printing it as it changes.")
    var follow = false

    @Option(parsing: .unconditional, help: "With --follow: stop after this many seconds.")
    var duration: Double?

    @Option(help: "Output format: table, json or csv (with --follow, json is one object a line).")
    var format: OutputFormat = .table

    /// The most candles one command reads.
    static let maximumCount = 10_000

    func validate() throws {
        let isStock = exchangeOptions.source?.stockSource != nil
        if !isStock {
            _ = try MarketArguments.parse([market], exchange: exchangeOptions.exchange)
        } else if interval != .day || from != nil || follow || count != nil {
            throw ValidationError("Stocks have daily candles only: use --days.")
        }
        if let days {
            guard (1...1000).contains(days) else { throw ValidationError("--days must be between 1 and 1000.") }
            guard interval == .day, count == nil else {
                throw ValidationError("--days goes with 1d and without --count.")
            }
        }
        if let count, !(1...Self.maximumCount).contains(count) {
            throw ValidationError("--count must be between 1 and \(Self.maximumCount).")
        }
        if count != nil, from != nil { throw ValidationError("Use --count or --from, not both.") }
        if let from, CandlesCommand.time(from) == nil {
            throw ValidationError("--from: '\(from)' is not a date or time (2026-11-26, '2026-11-26 09:00').")
        }
        if let indicators {
            do { _ = try CandleIndicatorColumns(parsing: indicators) } catch {
                throw ValidationError("--indicators: \(error.description)")
            }
        }
        if let duration {
            guard follow else { throw ValidationError("--duration goes with --follow.") }
            try SecondsFlag.validate(duration, flag: "--duration")
        }
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            if let source = exchangeOptions.source?.stockSource {
                try await printStockBars(source)
                return
            }
            guard let id = try MarketArguments.parse([market], exchange: exchangeOptions.exchange).first else { return }
            if interval == .day, from == nil, !follow, indicators == nil {
                try await printDays(id, count: count ?? days ?? 30)
                return
            }
            try await MarketSession.run(exchangeOptions) { client in try await self.printCandles(id, client: client) }
        }
    }

    /// The time `--from` names: a KST date or date and time, or ISO 8601 with a zone.
    static func time(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count == 10, let day = TradingDay(trimmed) {
            return day.startUnixMilliseconds - KoreanTime.offsetMilliseconds
        }
        let hasZone = trimmed.count > 19 || trimmed.hasSuffix("Z")
        let padded = trimmed.count == 16 ? trimmed + ":00" : trimmed
        guard let time = UpbitTime.parseTo(padded) else { return nil }
        return hasZone ? time : time - KoreanTime.offsetMilliseconds
    }

    /// The candles asked for, then, with `--follow`, the newest again each time a trade moves it.
    private func printCandles(_ id: MarketID, client: MarketDataClient) async throws {
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        var wanted = count ?? 200
        var start: Int64?
        if let from, let time = Self.time(from) {
            start = time
            let length = interval.milliseconds ?? 31 * 86_400_000
            wanted = Int(min(Int64(Self.maximumCount), max(1, (now - time) / length + 1)))
        }
        // Through the store's cache: only what it lacks is fetched (the newest candle always). A
        // simulated market is a new world each run: its candles are not kept.
        let kept = exchangeOptions.live ? storeOptions.openIfPossible()?.candleStore : nil
        let store = kept ?? .inMemory()
        let cache = CandleCache(store: store, client: client, now: MarketStore.wallClock)
        let columns = indicators.flatMap { try? CandleIndicatorColumns(parsing: $0) }
        // The indicators' warm-up comes first and is not shown.
        let warmUp = columns?.warmUp ?? 0
        let fetchedCandles = try await cache.candles(id, interval, count: min(Self.maximumCount, wanted + warmUp))
        var shown = Array(fetchedCandles.suffix(wanted))
        if let start { shown = shown.filter { interval.next(after: $0.start) > start } }
        let names = columns?.names ?? []
        let values = columns.map { Array($0.values(fetchedCandles).suffix(shown.count)) } ?? shown.map { _ in [] }
        if format == .json, !follow {
            let records = zip(shown, values).map { IndicatorCandleRecord($0, names: names, values: $1) }
            try StandardOutput.writeLine(OutputJSON.encode(records))
            return
        }
        let printer = CandlePrinter(format: format, quote: id.quote, indicators: names)
        try printer.printHeader()
        for (candle, row) in zip(shown, values) { try printer.print(candle, row) }
        guard follow else { return }
        let fetched = LiveCandles(interval: interval, candles: fetchedCandles, since: now)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                var live = fetched
                for await event in client.liveDepth(id) {
                    guard case .trades(let trades) = event, live.take(trades), let newest = live.candles.last else {
                        if case .connection(let state) = event, state != .live, state != .connecting {
                            StandardError.writeLine("sise: feed \(state.label)")
                        }
                        continue
                    }
                    try printer.print(newest, columns.flatMap { $0.values(live.candles).last } ?? [])
                }
            }
            if let duration {
                group.addTask { try await Task.sleep(for: SecondsFlag.duration(duration)) }
            }
            group.addTask { await InterruptSignal.wait() }
            _ = try await group.next()
            group.cancelAll()
        }
    }

    /// A market's daily history as `sise candles` always printed it (dated rows).
    private func printDays(_ id: MarketID, count: Int) async throws {
        let candles = try await MarketSession.run(exchangeOptions) { client in
            try await client.fetchDailyCandles(id, count)
        }
        let records = candles.map(CandleRecord.init)
        switch format {
        case .json:
            try StandardOutput.writeLine(OutputJSON.encode(records))
        case .csv:
            try StandardOutput.writeLine(CSV.line(CandleRecord.csvHeader))
            for record in records { try StandardOutput.writeLine(CSV.line(record.csvFields)) }
        case .table:
            var table = TextTable(columns: [
                .init("Date"), .init("Open", .right), .init("High", .right), .init("Low", .right),
                .init("Close", .right), .init("Volume", .right), .init("Value", .right),
            ])
            table.rows = candles.map { candle in
                [
                    candle.day.description, NumberFormat.price(candle.open, quote: id.quote),
                    NumberFormat.price(candle.high, quote: id.quote),
                    NumberFormat.price(candle.low, quote: id.quote),
                    NumberFormat.price(candle.close, quote: id.quote),
                    NumberFormat.fixed(candle.volume, decimals: 3),
                    NumberFormat.tradeValueInMillions(candle.value),
                ]
            }
            for line in table.render() { try StandardOutput.writeLine(line) }
        }
    }

    /// A stock's daily bars from KIS or Yahoo, oldest first.
    private func printStockBars(_ source: StockSource) async throws {
        guard let stock = try StockCatalog.resolve([market], on: source).first else { return }
        let bars = try await StockSession.run(
            exchangeOptions, limits: stockOptions, store: storeOptions.openIfPossible()
        ) {
            context in
            try await context.client.fetchDailyBars(stock, days ?? 30)
        }
        let decimals = stock.currency == "KRW" ? 0 : 2
        let rows = bars.map { bar in
            [
                bar.day.description, CSV.number(bar.open), CSV.number(bar.high), CSV.number(bar.low),
                CSV.number(bar.close), CSV.number(bar.volume),
            ]
        }
        switch format {
        case .json:
            try StandardOutput.writeLine(
                OutputJSON.encode(
                    bars.map {
                        StockBarRecord(
                            date: $0.day.description, open: $0.open, high: $0.high, low: $0.low, close: $0.close,
                            volume: $0.volume)
                    }))
        case .csv:
            try StandardOutput.writeLine(CSV.line(["date", "open", "high", "low", "close", "volume"]))
            for row in rows { try StandardOutput.writeLine(CSV.line(row)) }
        case .table:
            var table = TextTable(columns: [
                .init("Date"), .init("Open", .right), .init("High", .right), .init("Low", .right),
                .init("Close", .right), .init("Volume", .right),
            ])
            table.rows = bars.map { bar in
                [bar.day.description]
                    + [bar.open, bar.high, bar.low, bar.close].map {
                        NumberFormat.fixed($0, decimals: decimals)
                    } + [NumberFormat.fixed(bar.volume, decimals: 0)]
            }
            for line in table.render() { try StandardOutput.writeLine(line) }
        }
    }
}

/// One stock bar as `candles --format json` prints it.
struct StockBarRecord: Encodable {
    var date: String
    var open: Double
    var high: Double
    var low: Double
    var close: Double
    var volume: Double
}

/// Prints candles one a line as `sise candles --interval` writes them: JSON objects (while
/// following), CSV rows, or table rows under one header; each with its indicator columns.
private struct CandlePrinter: Sendable {
    let format: OutputFormat
    let quote: String
    /// The indicator columns' names, after the candle's own.
    let indicators: [String]

    func printHeader() throws {
        switch format {
        case .csv: try StandardOutput.writeLine(CSV.line(IntervalCandleRecord.csvHeader + indicators))
        case .table:
            try StandardOutput.writeLine(
                Self.tableLine(["Time (KST)", "Open", "High", "Low", "Close", "Volume", "Value"] + indicators))
        case .json: break
        }
    }

    func print(_ candle: IntervalCandle, _ values: [Double?]) throws {
        switch format {
        case .json:
            try StandardOutput.writeLine(
                OutputJSON.encode(IndicatorCandleRecord(candle, names: indicators, values: values)))
        case .csv:
            try StandardOutput.writeLine(
                CSV.line(IntervalCandleRecord(candle).csvFields + values.map { $0.map(CSV.number) ?? "" }))
        case .table:
            let prices = [candle.open, candle.high, candle.low, candle.close].map {
                NumberFormat.price($0, quote: quote)
            }
            let amounts = [
                NumberFormat.fixed(candle.volume, decimals: 3), NumberFormat.tradeValueInMillions(candle.value),
            ]
            // An RSI is a score to one decimal; the others are in the market's price, with its
            // prices' decimals (a KRW average of Bitcoin in whole won, not `.00`).
            let decimals = NumberFormat.decimals(forPrice: candle.close, quote: quote)
            let shown = zip(indicators, values).map { name, value in
                value.map { NumberFormat.fixed($0, decimals: name.hasPrefix("rsi") ? 1 : decimals) } ?? "—"
            }
            try StandardOutput.writeLine(
                Self.tableLine([KoreanTime.dateClock(candle.start)] + prices + amounts + shown))
        }
    }

    /// One table line: the time, then right-aligned columns (the indicators' 14 wide).
    private static func tableLine(_ fields: [String]) -> String {
        let widths = [19, 14, 14, 14, 14, 14, 12]
        return fields.enumerated().map { index, field in
            let width = index < widths.count ? widths[index] : 14
            let pad = String(repeating: " ", count: max(0, width - DisplayWidth.of(field)))
            return index == 0 ? field + pad : pad + field
        }.joined(separator: "  ")
    }
}

extension CandleInterval: ExpressibleByArgument {
    public init?(argument: String) { self.init(text: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
