import ArgumentParser
import Exchanges
import Foundation
import HeadlessOutput
import Logging
import MarketDomain
import MarketFeatures
import MarketStore
import SiseSupport
import WebDashboard

/// `sise serve`: the browser dashboard. Every browser tab gets its own view model (tab, search,
/// sort, selection) over the one live board per exchange, through one WebSocket.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "The browser dashboard: open the printed address in a browser.")

    @OptionGroup var exchangeOptions: ExchangeOptions

    @Option(help: "The port to listen on (0: any free port, printed).")
    var port = 8080

    @Option(help: "The address to listen on; anything but loopback lets other machines in.")
    var host = "127.0.0.1"

    @Flag(help: "Open the dashboard in the default browser.")
    var open = false

    @Option(help: "Names on the board: ko (Korean) or en (English).")
    var names: NameLanguage = .korean

    @Option(help: "The Watchlist tab's stock source: kis or yahoo (with --live and no KIS keys, yahoo).")
    var stocks: StockSource = .kis

    @OptionGroup var stockOptions: StockOptions

    @OptionGroup var storeOptions: StoreOptions

    @OptionGroup var webhookOptions: WebhookOptions

    func validate() throws {
        try exchangeOptions.requireExchange()
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard !host.isEmpty else { throw ValidationError("--host must name an address, e.g. 127.0.0.1.") }
        if let problem = ListenAddress.problem(with: host) { throw ValidationError(problem) }
    }

    /// Whether `host` only lets this machine in.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    func run() async throws {
        // Every tab is a descriptor: take all the process may have, and cap connections under it.
        let limits = ServerLimits.forDescriptorLimit(DescriptorLimit.raiseToHard())
        try await CommandFailure.guarding {
            let opened = try storeOptions.open()
            let store = opened.preferences
            let main = exchangeOptions.exchange
            if !Self.isLoopback(host) {
                StandardError.writeLine(
                    "sise serve: warning: listening on \(host): anyone who can reach this machine can open the dashboard"
                )
            }
            try await MarketSession.run(
                exchangeOptions, exchanges: Exchange.allCases, store: store, stocks: stocks, limits: stockOptions,
                listStore: opened, feedReadPacing: BoardViewModel.feedReadPacing
            ) { clients, stockContext, examples in
                let boards = ExchangeBoards(clients: clients)
                guard let board = boards.boards[main], let client = clients[main] else {
                    throw ExchangeError.unavailable("no client for \(main)")
                }
                try await board.load()
                await board.follow()
                var logger = Logger(label: "sise.serve")
                logger.logLevel = exchangeOptions.verbose ? .info : .error
                // One stock source's requests shared by every tab: N tabs on one watchlist cost the
                // source what one does.
                let watchlist = stockContext.map { context in
                    WatchlistSource(
                        context: context, client: SharedStockRequests(context.client).client,
                        store: opened.watchlists, names: opened.stockNames)
                }
                // One alert evaluator for every tab, on the same boards; the market list watched.
                let watchers = await BoardWatchers.start(
                    board: board, boards: boards, store: opened, forex: examples.forex(logger: logger),
                    webhook: webhookOptions.address,
                    logger: logger)
                defer { watchers.stop() }
                let context = DashboardContext(
                    root: RootAssembly.parts(
                        board: board, boards: boards, client: client, opened: opened, watchers: watchers,
                        watchlist: watchlist, isSimulated: !exchangeOptions.live && exchangeOptions.baseURL == nil,
                        keepsCandles: exchangeOptions.live, language: names,
                        // One depth feed a market for every tab on its detail: one connection to
                        // the exchange, each frame decoded once.
                        depth: SharedDepthFeeds(client.liveDepth).source,
                        // Every tab's board frames on one timer: a tab that acts costs no timer.
                        beat: FrameBeat(clock: ViewClock(ContinuousClock()))),
                    examples: Self.exampleClients(examples))
                let server = try DashboardServer(
                    context: context, host: host, port: port, limits: limits, logger: logger)
                let shownHost = host.contains(":") ? "[\(host)]" : host
                let open = self.open
                try await server.run { port in
                    let address = "http://\(shownHost):\(port)/"
                    // The address goes to stdout (a script reads it there); a closed stdout is no reason to stop.
                    try? StandardOutput.writeLine("sise serve: \(address) (Ctrl-C stops)")
                    if open { Self.openBrowser(address) }
                }
                await boards.stop()
            }
        }
    }

    /// Asks the desktop to open `address` (xdg-open, or `open` on macOS); says so when it cannot.
    /// The example pages' clients, over the session's servers of their dialects.
    private static func exampleClients(_ servers: MarketSession.ServiceServers) -> ExampleClients? {
        guard let github = servers.baseURLs[.github], let numbers = servers.baseURLs[.randomNumbers] else { return nil }
        return ExampleClients(
            repositories: ExampleServiceClients.github(baseURL: github),
            numbers: ExampleServiceClients.randomNumbers(baseURL: numbers))
    }

    private static func openBrowser(_ address: String) {
        let process = Process()
        #if os(macOS)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
            process.arguments = [address]
        #else
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdg-open", address]
        #endif
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            StandardError.writeLine("sise serve: could not open a browser (\(error)); open \(address) yourself")
        }
    }
}
