public import ArgumentParser
import Exchanges
import Foundation
import HeadlessOutput
public import MarketDomain
import MarketFeatures
import MarketStore
import Synchronization

/// `sise premium [SYMBOLS…]` and `sise premium history SYMBOL` (issue 29): each coin's premium
/// over Binance on the chosen basis, once or as it moves, and a coin's premium history.
struct PremiumCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "premium",
        abstract: "The kimchi premium of each coin over tether and the bank rate, live or as history.",
        subcommands: [PremiumNowCommand.self, PremiumHistoryCommand.self],
        defaultSubcommand: PremiumNowCommand.self)
}

extension PremiumBasis: ExpressibleByArgument {}
extension PremiumInterval: ExpressibleByArgument {}

/// How `sise premium` prints: a table, a JSON array, or a JSON object a line.
enum PremiumFormat: String, ExpressibleByArgument, CaseIterable {
    case table
    case json
    case ndjson
}

/// `sise premium [SYMBOLS…] [--basis usdt|fx] [--format table|json|ndjson] [--follow]`.
struct PremiumNowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now",
        abstract: "Each coin's premium over Binance, over tether and over the bank rate (USD/KRW).",
        discussion: """
            With --follow, prints a line for each coin whose premium moved, at most once a second \
            a coin, until interrupted (or for --duration seconds).
            """)

    @OptionGroup var exchangeOptions: ExchangeOptions

    @Argument(help: "Coins, as BTC or KRW-BTC; every coin with a premium when none.")
    var symbols: [String] = []

    @Option(help: "What `premium` is measured against: usdt (KRW-USDT) or fx (the bank rate).")
    var basis: PremiumBasis = .usdt

    @Option(help: "Output format: table, json or ndjson.")
    var format: PremiumFormat = .table

    @Flag(help: "Keep following the feeds, printing each coin whose premium moved.")
    var follow = false

    @Option(help: "With --follow, stop after this many seconds.")
    var duration: Double?

    @Option(help: "Names in the table: ko (Korean) or en (English).")
    var names: NameLanguage = .korean

    func validate() throws {
        try exchangeOptions.requireExchange()
        _ = try MarketArguments.parse(symbols)
        if follow, format == .json { throw ValidationError("--follow prints lines: use --format ndjson or table.") }
        if duration != nil, !follow { throw ValidationError("--duration goes with --follow.") }
        try SecondsFlag.validate(duration, flag: "--duration")
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            let wanted = try MarketArguments.parse(symbols).map(\.base)
            try await MarketSession.runWithForex(exchangeOptions, exchanges: Exchange.allCases) { clients, forex in
                let boards = ExchangeBoards(clients: clients)
                let watch = ForexWatch(fetch: forex.fetchUSDKRW)
                async let read: Void = watch.refresh()
                try await boards.loadSayingFailures()
                await read
                if let failure = watch.failure { StandardError.writeLine("sise: USD/KRW unavailable: \(failure)") }
                let rows = await records(boards, watch: watch, wanted: wanted)
                if !wanted.isEmpty, rows.isEmpty {
                    throw ExchangeError.unknownMarket("\(wanted.joined(separator: ", ")) has no premium over Binance")
                }
                // No coin at all has a premium: Binance (or every Korean exchange) could not be read.
                if rows.isEmpty {
                    throw ExchangeError.unavailable("no coin has a premium now: Binance's prices could not be read")
                }
                guard follow else { return try print(rows) }
                try await followPremiums(boards, watch: watch, wanted: wanted, first: rows)
            }
        }
    }

    /// The coins' records now.
    private func records(_ boards: ExchangeBoards, watch: ForexWatch, wanted: [String]) async -> [PremiumRecord] {
        let time = MarketStore.wallClock()
        let (rate, stale) = (watch.rate, watch.failure != nil)
        return await boards.comparisons(symbols: wanted).map { $0.measured(against: rate?.usdKRW) }
            .filter { $0.premium != nil }
            .map { PremiumRecord($0, basis: basis, at: time, rate: rate, rateStale: stale) }
    }

    private func print(_ rows: [PremiumRecord]) throws {
        switch format {
        case .json: try StandardOutput.writeLine(OutputJSON.encode(rows))
        case .ndjson: for row in rows { try StandardOutput.writeLine(OutputJSON.encode(row)) }
        case .table:
            for line in PremiumRecord.table(rows, basis: basis, language: names).render() {
                try StandardOutput.writeLine(line)
            }
        }
    }

    /// Prints the first rows, then each second the coins whose premium moved since printed.
    private func followPremiums(
        _ boards: ExchangeBoards, watch: ForexWatch, wanted: [String], first: [PremiumRecord]
    ) async throws {
        // A row is printed again when its premium moved or its rate went stale (or fresh again).
        var printed: [String: (premium: Double?, stale: Bool)] = [:]
        func emit(_ rows: [PremiumRecord]) throws {
            let moved = rows.filter { row in
                printed[row.symbol].map { $0.premium != row.premium || $0.stale != row.usdKRWStale } ?? true
            }
            for row in moved { printed[row.symbol] = (row.premium, row.usdKRWStale) }
            guard !moved.isEmpty else { return }
            switch format {
            case .table:
                for line in PremiumRecord.table(moved, basis: basis, language: names).render().dropFirst(2) {
                    try StandardOutput.writeLine(KoreanTime.clock(moved[0].at) + "  " + line)
                }
            default: for row in moved { try StandardOutput.writeLine(OutputJSON.encode(row)) }
            }
        }
        try emit(first)
        var notice = StaleRateNotice()
        let clock = ContinuousClock()
        let end = duration.map { clock.now + SecondsFlag.duration($0) }
        await boards.follow()
        let reading = Task { await watch.run(clock: clock) }
        defer { reading.cancel() }
        // Ctrl-C ends the loop at its next second, the output complete.
        let interrupted = Mutex(false)
        let listening = Task {
            await InterruptSignal.wait()
            interrupted.withLock { $0 = true }
        }
        defer { listening.cancel() }
        while !interrupted.withLock({ $0 }), end.map({ clock.now < $0 }) ?? true {
            try await clock.sleep(for: .seconds(1))
            let rows = await records(boards, watch: watch, wanted: wanted)
            if let line = notice.line(rate: watch.rate, failure: watch.failure) {
                StandardError.writeLine("sise: " + line)
            }
            try emit(rows)
        }
        await boards.stop()
    }
}

/// `sise premium history SYMBOL [--interval 1m|1h|1d] [--from DATE] [--format table|csv|json]`.
struct PremiumHistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "A coin's premium history: minutes, hours or days, oldest first.",
        discussion: """
            Minutes and hours are recorded while a copy of Sise runs its feeds (the app, sise serve); \
            a coin with little daily history is first back-filled with a year of daily premium from \
            the exchanges' daily candles and Yahoo's daily USD/KRW.
            """)

    @OptionGroup var exchangeOptions: ExchangeOptions

    @Argument(help: "The coin, as BTC or KRW-BTC.")
    var symbol: String

    @Option(help: "Bars of 1m, 1h or 1d.")
    var interval: PremiumInterval = .day

    @Option(
        help:
            "From this KST date (yyyy-MM-dd) on; a day of minutes, 90 days of hours or a year of days back by default.")
    var from: String?

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    @Option(help: "The table's premium: usdt (over tether) or fx (over the bank rate).")
    var basis: PremiumBasis = .usdt

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        try exchangeOptions.requireExchange()
        guard let market = try MarketArguments.parse([symbol]).first, market.quote == "KRW" else {
            throw ValidationError("a premium is a KRW coin's: give BTC or KRW-BTC.")
        }
        if let from, KoreanTime.milliseconds(date: from, clock: "00:00:00") == nil {
            throw ValidationError("--from must be a date, yyyy-MM-dd.")
        }
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            let coin = try MarketArguments.parse([symbol]).first?.base ?? symbol.uppercased()
            let store = try storeOptions.open()
            let history = store.premiumHistory
            let today = TradingDay(unixMilliseconds: MarketStore.wallClock())
            let since = today.adding(days: -PremiumBackfill.days).startUnixMilliseconds
            if try history.bars(coin, .day, since).count < PremiumBackfill.enoughDays {
                try await backfill(coin, into: history, today: today)
            }
            let start =
                from.flatMap { KoreanTime.milliseconds(date: $0, clock: "00:00:00") }
                ?? (MarketStore.wallClock() - PremiumHistorySource.span(interval))
            let bars = try history.bars(coin, interval, start)
            guard !bars.isEmpty else {
                let hint =
                    interval == .day ? "" : " (minutes and hours are recorded while `sise` or `sise serve` runs)"
                throw CommandFailure.Refusal("no \(interval.rawValue) premium of \(coin) recorded since then" + hint)
            }
            switch format {
            case .json: try StandardOutput.writeLine(OutputJSON.encode(bars.map(PremiumBarRecord.init)))
            case .csv:
                try StandardOutput.writeLine(CSV.line(PremiumBarRecord.csvHeader))
                for bar in bars { try StandardOutput.writeLine(CSV.line(PremiumBarRecord(bar).csvFields)) }
            case .table:
                for line in PremiumBarRecord.table(bars, basis: basis).render() { try StandardOutput.writeLine(line) }
            }
        }
    }

    /// Back-fills the coin's days from the first Korean exchange that lists it.
    private func backfill(_ coin: String, into history: PremiumHistoryStore, today: TradingDay) async throws {
        try await MarketSession.runWithForex(exchangeOptions, exchanges: Exchange.allCases) { clients, forex in
            let backfill = PremiumBackfill(
                candles: { exchange, market, days in
                    guard let client = clients[exchange] else {
                        throw ExchangeError.unavailable("no client for \(exchange.displayName)")
                    }
                    return try await client.fetchDailyCandles(market, days)
                }, usdKRW: forex.fetchDailyUSDKRW, store: history)
            let reasons = Mutex<[String]>([])
            for exchange in Exchange.korean {
                let added = await backfill.fill([(coin, exchange)], today: today) { _, error in
                    reasons.withLock { $0.append("\(exchange.displayName): \(CommandFailure.message(for: error))") }
                }
                if added[coin] != nil { return }
            }
            StandardError.writeLine(
                "sise: \(coin)'s daily premium not back-filled: " + reasons.withLock { $0 }.joined(separator: "; "))
        }
    }
}
