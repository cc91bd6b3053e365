public import ArgumentParser
import Foundation
import HeadlessOutput
import MarketDomain
import MarketFeatures
import MarketStore

/// `sise movers`: follows the live feed until the window is covered by the board's own ticks,
/// then prints the top risers and fallers over it.
struct MoversCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "movers",
        abstract: "The top risers and fallers over the last 1, 5 or 15 minutes, from the live feed.",
        discussion: """
            The moves are measured from the feed's own ticks. For 5m and 15m the window is filled first \
            from each market's one-minute candles (faster than waiting for it: the exchange serves about \
            ten candle requests a second), then the feed is followed for a few seconds; for 1m the \
            command follows the feed for the minute. Then it prints.
            """)

    @OptionGroup var exchangeOptions: ExchangeOptions
    @OptionGroup var storeOptions: StoreOptions
    @Option(help: "The window: 1m, 5m or 15m.") var window: AlertWindow = .fiveMinutes
    @Option(help: "How many risers and how many fallers.") var top = 20
    @Option(help: "Output format: table or json.") var format: OutputFormat = .table
    @Option(help: "Names in the table: ko (Korean) or en (English).") var names: NameLanguage = .korean

    func validate() throws {
        try exchangeOptions.requireExchange()
        guard (1...500).contains(top) else { throw ValidationError("--top must be between 1 and 500.") }
        guard format != .csv else { throw ValidationError("--format must be table or json.") }
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            let exchange = exchangeOptions.exchange
            let window = window
            let movers = try await MarketSession.run(
                exchangeOptions, store: storeOptions.openPreferencesIfPossible()
            ) { client in
                let board = LiveBoard(client: client)
                try await board.load()
                // Candles first: the feed's own ticks then follow on from them.
                let filled = window.milliseconds >= Self.candleFilledWindow
                if filled {
                    StandardError.writeLine(
                        "sise movers: filling the \(window.rawValue) window from one-minute candles on \(exchange.displayName)…"
                    )
                    try await Self.fill(board, from: client, window: window.milliseconds, quote: exchange.quoteCurrency)
                }
                await board.follow()
                if filled {
                    try? await Task.sleep(for: .seconds(3))
                } else {
                    StandardError.writeLine(
                        "sise movers: following \(exchange.displayName) for \(window.rawValue) to measure the moves…")
                    await Self.waitUntilCovered(board, window: window.milliseconds)
                }
                let snapshot = await board.board
                await board.stop()
                return Movers(
                    board: snapshot, window: window.milliseconds, top: top, quote: exchange.quoteCurrency,
                    language: names)
            }
            try print(movers)
        }
    }

    /// The shortest window filled from candles rather than waited for (fetching a board's
    /// candles takes about 40 s at ten requests a second).
    static let candleFilledWindow: Int64 = 5 * 60_000

    /// Fills each market's one-minute candles over the window into the board's recent prices
    /// (``CandleMovesFill/fill(_:ids:from:window:now:progress:)``), saying how far it has come
    /// every fifty markets; markets without candles are measured from the feed alone, and said.
    private static func fill(
        _ board: LiveBoard, from client: MarketDataClient, window: Int64, quote: String
    ) async throws {
        let snapshot = await board.board
        let ids = snapshot.markets.map(\.id).filter { $0.quote == quote }
        var last = CandleMovesFill.Progress(done: 0, total: ids.count, failed: 0)
        await CandleMovesFill.fill(
            snapshot.recentPrices, ids: ids, from: client, window: window, now: MarketStore.wallClock
        ) { progress in
            last = progress
            if progress.done > 0, progress.done % 50 == 0, !progress.isFinished {
                StandardError.writeLine("sise movers: \(progress.done) of \(progress.total) markets filled…")
            }
        }
        if last.failed > 0 {
            StandardError.writeLine(
                "sise movers: \(last.failed) of \(ids.count) markets had no candles; the feed measures them")
        }
    }

    /// Waits until the feed's time has moved on by `window` ms since the board loaded (every
    /// market's window is covered then), or, on a feed too quiet for that, the window and half a
    /// minute more of the wall clock.
    private static func waitUntilCovered(_ board: LiveBoard, window: Int64) async {
        let recent = await board.board.recentPrices
        let start = recent.latest
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(window) + .seconds(30)
        while recent.latest < start + window, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(250))
            if Task.isCancelled { return }
        }
    }

    private func print(_ movers: Movers) throws {
        if format == .json {
            try StandardOutput.writeLine(OutputJSON.encode(MoversRecord(window: window.rawValue, movers: movers)))
            return
        }
        for (title, entries) in [("Risers", movers.risers), ("Fallers", movers.fallers)] {
            try StandardOutput.writeLine("\(title) over \(window.rawValue)")
            var table = TextTable(columns: [
                .init("#", .right), .init("Market"), .init("Name", maxWidth: 24), .init("Δ\(window.rawValue)", .right),
                .init("Price", .right),
            ])
            for (index, entry) in entries.enumerated() {
                table.rows.append([
                    "\(index + 1)", entry.market.rawValue, entry.name, NumberFormat.changeRate(entry.change),
                    NumberFormat.price(entry.price, quote: entry.market.quote),
                ])
            }
            if entries.isEmpty { try StandardOutput.writeLine("  none") }
            for line in entries.isEmpty ? [] : table.render() { try StandardOutput.writeLine(line) }
        }
    }
}

/// `sise movers --format json`: the window and both lists, each move a fraction.
struct MoversRecord: Encodable {
    var window: String
    var risers: [Movers.Entry]
    var fallers: [Movers.Entry]

    init(window: String, movers: Movers) {
        self.window = window
        risers = movers.risers
        fallers = movers.fallers
    }
}
