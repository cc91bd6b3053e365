public import ArgumentParser
import ExchangeSimulator
import Exchanges
public import MarketDomain

/// The choices every market command takes: which exchange (or stock source), and simulated, live
/// or another server.
struct ExchangeOptions: ParsableArguments {
    @Option(
        name: .customLong("exchange"),
        help: "The exchange: upbit (default), bithumb, korbit, binance; for stocks kis (default) or yahoo.")
    var source: MarketSource?

    @Flag(
        name: .customLong("live"),
        help:
            "Connect to the real exchange; without it the market is simulated (the embedded simulator, the same prices in every copy at the same moment; `live = true` under [sise] in config.toml makes live the default)."
    )
    var liveFlag = false

    @Flag(
        name: .customLong("simulated"),
        help: "Use the embedded simulated market even when the config makes live the default.")
    var simulatedFlag = false

    @Option(
        name: .long,
        help: "Connect to any server of the exchange's dialect, e.g. http://127.0.0.1:8080 (a `sise simulate`).")
    var baseURL: String?

    @Option(name: .long, parsing: .unconditional, help: "The seed of the embedded simulated market.")
    var seed: UInt64 = 1

    @Flag(name: .long, help: "Log connection details to stderr.")
    var verbose = false

    @Option(
        name: .customLong("pump"),
        help: ArgumentHelp(
            "With the embedded simulated market: a scripted move MARKET:PCT:SECONDS (as `sise simulate --pump`), e.g. KRW-XRP:+12:300.",
            valueName: "move"))
    var pumps: [String] = []

    /// The scripted moves the embedded simulated market plays (`--pump`).
    var moves: [ScriptedMove] { pumps.compactMap { ScriptedMove($0) } }

    @Option(
        name: .customLong("suspend"),
        help: ArgumentHelp(
            "With the embedded simulated market: a coin whose withdrawals Bithumb suspends (as `sise simulate --suspend`), e.g. XRP.",
            valueName: "coin"))
    var suspensions: [String] = []

    /// Whether to connect to the real exchange: `--live`, or the config's `live = true` unless
    /// `--simulated` or `--base-url` says otherwise.
    var live: Bool {
        liveFlag || (!simulatedFlag && baseURL == nil && ConfigFile.liveByDefault())
    }

    /// The crypto exchange chosen (Upbit when none is).
    var exchange: Exchange { source?.exchange ?? .upbit }

    /// The stock source chosen (KIS when none is); `nil` when a crypto exchange was chosen.
    var stockSource: StockSource? {
        guard let source else { return .kis }
        return source.stockSource
    }

    /// Refuses a stock source on a crypto command.
    func requireExchange() throws {
        if let source, source.exchange == nil {
            throw ValidationError(
                "--exchange \(source.rawValue) is a stock source: use it with `sise watchlist`, `sise search` or `sise candles`."
            )
        }
    }

    /// The stock source, refusing a crypto exchange on a stock command.
    func requireStockSource() throws -> StockSource {
        guard let stockSource else {
            throw ValidationError(
                "--exchange \(source?.rawValue ?? "") is a crypto exchange: stocks come from kis or yahoo.")
        }
        return stockSource
    }

    func validate() throws {
        if liveFlag, simulatedFlag {
            throw ValidationError("--live and --simulated cannot be used together.")
        }
        if liveFlag, baseURL != nil {
            throw ValidationError("--live and --base-url cannot be used together.")
        }
        for pump in pumps where ScriptedMove(pump) == nil {
            throw ValidationError(
                "--pump '\(DisplayWidth.sanitized(pump))' is not MARKET:PCT:SECONDS like KRW-XRP:+12:300.")
        }
        if !pumps.isEmpty, live || baseURL != nil {
            throw ValidationError("--pump plays on the embedded simulated market: not with --live or --base-url.")
        }
        if !suspensions.isEmpty, live || baseURL != nil {
            throw ValidationError("--suspend plays on the embedded simulated market: not with --live or --base-url.")
        }
        if let baseURL, ExchangeServer(baseURL: baseURL, exchange: exchange) == nil {
            throw ValidationError(
                "--base-url must be an http:// or https:// URL with a host, e.g. http://127.0.0.1:8080.")
        }
    }
}

/// Every `--exchange` value: the crypto exchanges and the stock sources.
enum MarketSource: String, CaseIterable, ExpressibleByArgument {
    case upbit, bithumb, korbit, binance, kis, yahoo

    /// The crypto exchange, if this is one.
    var exchange: Exchange? { Exchange(rawValue: rawValue) }
    /// The stock source, if this is one.
    var stockSource: StockSource? { StockSource(rawValue: rawValue) }
}

/// Reads market arguments: `KRW-BTC`, `krw-btc`, Korbit's `btc_krw`, Binance's `BTCUSDT`, or just
/// `BTC` (the market of the exchange's quote currency: `KRW-BTC`, or `USDT-BTC` on Binance).
enum MarketArguments {
    /// Market codes from arguments: `KRW-BTC`, `BTC_KRW`, `BTCUSDT` on Binance, or a bare symbol
    /// in `quote`'s group (the exchange's own when not given).
    static func parse(_ arguments: [String], exchange: Exchange = .upbit, quote: String? = nil) throws -> [MarketID] {
        let quote = quote ?? exchange.quoteCurrency
        return try arguments.map { argument in
            if let id = MarketID(argument) { return id }
            var symbol = argument.uppercased()
            let parts = symbol.split(separator: "_")
            if parts.count == 2, let id = MarketID("\(parts[1])-\(parts[0])") { return id }
            if symbol.hasSuffix(quote), symbol.count > quote.count, exchange == .binance {
                symbol.removeLast(quote.count)
            }
            if !symbol.isEmpty, symbol.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                return MarketID(quote: quote, base: symbol)
            }
            throw ValidationError("'\(argument)' is not a market code like \(quote)-BTC or a symbol like BTC.")
        }
    }
}
