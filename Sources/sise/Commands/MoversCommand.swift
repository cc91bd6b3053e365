public import ArgumentParser
import Foundation
import HeadlessOutput
import MarketDomain
import MarketFeatures

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

    /// Fills each market's one-minute candles over the window (each candle's open at its start,
    /// its close at its end) into the board's recent prices, before its own samples, eight requests at a time (the
    /// client keeps to the exchange's pace). A market whose candles cannot be read is measured
    /// from the feed alone; an exchange that has no minute candles at all is said.
    private static func fill(
        _ board: LiveBoard, from client: MarketDataClient, window: Int64, quote: String
    ) async throws {
        let snapshot = await board.board
        let recent = snapshot.recentPrices
        let ids = snapshot.markets.map(\.id).filter { $0.quote == quote }
        let count = Int(window / 60_000) + 2
        var failures = 0
        await withTaskGroup(of: (MarketID, [IntervalCandle]?).self) { group in
            var next = 0
            func start() {
                guard next < ids.count else { return }
                let id = ids[next]
                next += 1
                group.addTask { (id, try? await client.fetchCandles(id, .minute, nil, count)) }
            }
            for _ in 0..<8 { start() }
            for await (id, candles) in group {
                if let candles {
                    // Before the board's own samples (its snapshot's and the feed's ticks).
                    recent.fill(
                        id, earlier: candles.flatMap { [($0.start, $0.open), ($0.start + 59_999, $0.close)] })
                } else {
                    failures += 1
                }
                start()
            }
        }
        if failures > 0 {
            StandardError.writeLine(
                "sise movers: \(failures) of \(ids.count) markets had no candles; the feed measures them")
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
