import ArgumentParser
import Foundation
import HeadlessOutput
import MarketDomain
import MarketFeatures
import SiseSupport

/// `sise stream`: live ticks, one line each, until a limit or Ctrl-C.
struct StreamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stream", abstract: "Print live ticks, one JSON object per line, until a limit or Ctrl-C.")

    @OptionGroup var exchangeOptions: ExchangeOptions

    @OptionGroup var storeOptions: StoreOptions

    @Argument(help: "Markets to follow, as KRW-BTC or BTC; every market when none are given.")
    var markets: [String] = []

    @Option(parsing: .unconditional, help: "Stop after this many ticks.")
    var count: Int?

    @Option(parsing: .unconditional, help: "Stop after this many seconds.")
    var duration: Double?

    @Option(help: "Output format: ndjson (one JSON object per line) or table.")
    var format: StreamFormat = .ndjson

    @Option(help: "Names in the table: ko (Korean) or en (English).")
    var names: NameLanguage = .korean

    func validate() throws {
        try exchangeOptions.requireExchange()
        _ = try MarketArguments.parse(markets, exchange: exchangeOptions.exchange)
        if let count, count < 1 { throw ValidationError("--count must be at least 1.") }
        try SecondsFlag.validate(duration, flag: "--duration")
    }

    func run() async throws {
        StandardOutput.prepare()
        try await CommandFailure.guarding {
            let ids = try MarketArguments.parse(markets, exchange: exchangeOptions.exchange)
            try await MarketSession.run(exchangeOptions, store: storeOptions.openPreferencesIfPossible()) { client in
                let board = LiveBoard(client: client)
                try await board.load(markets: ids)
                let updates = await board.updates()
                await board.follow(markets: ids)
                let output = BufferedOutput()
                defer { try? output.flush() }
                do {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await print(updates, exchange: client.exchange, to: output) }
                        group.addTask { try await output.flushEvery(.milliseconds(10)) }
                        if let duration {
                            group.addTask { try await Task.sleep(for: SecondsFlag.duration(duration)) }
                        }
                        group.addTask { await InterruptSignal.wait() }
                        _ = try await group.next()
                        group.cancelAll()
                    }
                } catch {
                    await board.stop()
                    throw error
                }
                await board.stop()
            }
        }
    }

    private func print(
        _ updates: AsyncStream<BoardUpdate>, exchange: Exchange, to output: BufferedOutput
    )
        async throws
    {
        var printed = 0
        if format == .table {
            output.append(line: TickLine.header(language: names))
        }
        // Each NDJSON line is written by hand into this one buffer (no JSONEncoder per tick).
        var writer = JSONTextWriter()
        for await update in updates {
            switch update {
            case .quotes(let quotes):
                for quote in quotes {
                    if format == .ndjson {
                        writer.removeAll()
                        QuoteRecord(quote, exchange: exchange).writeJSONLine(into: &writer)
                        try output.append(writer.bytes)
                    } else {
                        output.append(line: TickLine.format(quote, language: names))
                    }
                    printed += 1
                    if let count, printed >= count {
                        try output.flush()
                        return
                    }
                }
            case .connection(let state):
                if state != .live, state != .connecting { StandardError.writeLine("sise: feed \(state.label)") }
            case .snapshotApplied:
                break
            }
            if Task.isCancelled { return }
        }
    }
}

/// One tick as a line of `stream --format table`.
enum TickLine {
    static func header(language: NameLanguage) -> String {
        format(
            time: "Time", name: language == .korean ? "이름" : "Name", symbol: "Symbol", price: "Price", rate: "Change %",
            change: "Change")
    }

    static func format(_ quote: Quote, language: NameLanguage) -> String {
        let ticker = quote.ticker
        // Korean market watchers read times in KST (UTC+9).
        let time = KoreanTime.clock(ticker.timestamp)
        return format(
            time: time, name: quote.market.name(in: language), symbol: quote.market.symbol,
            price: NumberFormat.price(ticker.price, quote: quote.market.quote),
            rate: NumberFormat.changeRate(ticker.changeRate),
            change: NumberFormat.changePrice(ticker.changePrice, price: ticker.price, quote: quote.market.quote))
    }

    private static func format(
        time: String, name: String, symbol: String, price: String, rate: String, change: String
    ) -> String {
        [
            DisplayWidth.padRight(time, to: 8), DisplayWidth.padRight(DisplayWidth.sanitized(name), to: 20),
            DisplayWidth.padRight(symbol, to: 8), DisplayWidth.padLeft(price, to: 16),
            DisplayWidth.padLeft(rate, to: 9),
            DisplayWidth.padLeft(change, to: 14),
        ].joined(separator: " ")
    }
}
