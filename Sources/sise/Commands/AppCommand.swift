public import ArgumentParser
import Foundation
import HeadlessOutput
import Logging
import MarketDomain
import MarketFeatures
import MarketStore
import SiseSupport
public import TerminalUI

/// `sise` (or `sise app`): the terminal app on the live board.
struct AppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app", abstract: "The terminal app: the live market board (the default command).")

    @OptionGroup var exchangeOptions: ExchangeOptions

    @Option(help: "Colours: korean (red up, blue down) or global (green up, red down). NO_COLOR turns colours off.")
    var colors: Theme.Convention = .korean

    @Option(help: "Names on the board: ko (Korean) or en (English).")
    var names: NameLanguage = .korean

    @Option(help: "The Watchlist tab's stock source: kis or yahoo (with --live and no KIS keys, yahoo).")
    var stocks: StockSource = .kis

    @OptionGroup var stockOptions: StockOptions

    @OptionGroup var storeOptions: StoreOptions

    @Flag(
        help: """
            Raise a desktop notification for each alert, through the terminal's escape sequence (OSC 9 in \
            iTerm2, Windows Terminal and kitty, OSC 777 elsewhere; SISE_NOTIFY=osc9 or osc777 chooses). \
            The bell rings either way.
            """)
    var notify = false

    func validate() throws {
        try exchangeOptions.requireExchange()
    }

    func run() async throws {
        guard isatty(STDOUT_FILENO) == 1, isatty(STDIN_FILENO) == 1 else {
            StandardError.writeLine(
                "sise: the terminal app needs a terminal; use `sise quotes` or `sise stream` to print to a pipe or file"
            )
            throw ExitCode(64)
        }
        try await CommandFailure.guarding {
            // The embedded simulator is made while the database opens.
            let simulator =
                exchangeOptions.live || exchangeOptions.baseURL != nil
                ? nil : EmbeddedSimulator.prepare(exchangeOptions)
            let opened = try storeOptions.open()
            StartupTrace.mark("store opened")
            let store = opened.preferences
            let main = exchangeOptions.exchange
            try await MarketSession.run(
                exchangeOptions, exchanges: Exchange.allCases, store: store, stocks: stocks, limits: stockOptions,
                listStore: opened, simulator: simulator, feedReadPacing: BoardViewModel.feedReadPacing
            ) { clients, stockContext, services in
                guard let client = clients[main] else { throw ExchangeError.unavailable("no client for \(main)") }
                // The chosen exchange must load before the screen opens; the others (the Compare
                // tab's) load and follow once that tab first shows, each retrying on its own if it
                // cannot be reached.
                // The boards run on the main actor, where the app reads them each frame.
                let boards = ExchangeBoards(clients: clients, runningOn: MainActor.shared)
                guard let board = boards.boards[main] else { return }
                try await board.load()
                StartupTrace.mark("board loaded")
                let notification = notify ? Self.notification() : nil
                // The watchers' first readings wait for the first board: on two cores they
                // would hold it up by a frame's worth of milliseconds.
                let (drawn, firstBoardDrawn) = AsyncStream<Void>.makeStream()
                let firstBoard = Task { for await _ in drawn {} }
                // One alert evaluator for the app: the rules' exchanges other than the main one load when a rule names them.
                let watchers = await BoardWatchers.start(
                    board: board, boards: boards, store: opened,
                    forex: services.forex(logger: Logger(label: "sise.forex")),
                    logger: Logger(label: "sise.alerts"), after: firstBoard)
                defer {
                    watchers.stop()
                    firstBoardDrawn.finish()
                }
                await Self.runApp(
                    board: board, boards: boards, client: client, opened: opened, watchers: watchers,
                    keepsCandles: exchangeOptions.live, notification: notification,
                    isSimulated: !exchangeOptions.live && exchangeOptions.baseURL == nil,
                    convention: colors, language: names, stocks: stockContext, firstBoardDrawn: firstBoardDrawn)
                await boards.stop()
            }
        }
    }

    @MainActor
    private static func runApp(
        board: LiveBoard, boards: ExchangeBoards, client: MarketDataClient, opened: MarketStore,
        watchers: BoardWatchers, keepsCandles: Bool, notification: AlertSignal.Notification?, isSimulated: Bool,
        convention: Theme.Convention, language: NameLanguage, stocks: StockSession.Context?,
        firstBoardDrawn: AsyncStream<Void>.Continuation
    ) async {
        let theme = Theme(convention: convention)
        let colorsWanted = (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        // The source's requests shared: a tab shown again within seconds costs no request.
        let watchlist = stocks.map { context in
            WatchlistSource(
                context: context, client: SharedStockRequests(context.client).client, store: opened.watchlists,
                names: opened.stockNames)
        }
        let root = RootViewModel.make(
            RootAssembly.parts(
                board: board, boards: boards, client: client, opened: opened, watchers: watchers,
                watchlist: watchlist, isSimulated: isSimulated, keepsCandles: keepsCandles, language: language,
                depth: client.liveDepth))
        let app = TerminalApp(
            viewModel: root, screen: BoardScreen(theme: theme, language: language),
            detailScreen: DetailScreen(theme: theme), watchlistScreen: WatchlistScreen(theme: theme),
            alertsScreen: AlertsScreen(theme: theme), colors: colorsWanted, notification: notification)
        #if os(Linux)
            // Once the first board is up, start-up's code pages are given back, and once a minute
            // after that what was used only once (see ResidentCodeTrim).
            let trim = Task.detached {
                var wait = Duration.seconds(3)
                while (try? await Task.sleep(for: wait)) != nil {
                    ResidentCodeTrim.releaseCleanCodePages()
                    wait = .seconds(60)
                }
            }
            defer { trim.cancel() }
        #endif
        // While the app owns the screen, a log line written to the same terminal would land over
        // it: such lines wait until the screen is given back.
        if isatty(STDERR_FILENO) == 1 { HeldLogLines.shared.start() }
        defer { HeldLogLines.shared.release() }
        // The live feed and the watchers' readings start once the loaded board is on the screen:
        // the feed's first snapshot (every market's ticker) would only hold that first frame up.
        _ = await app.run(afterFirstFrame: {
            firstBoardDrawn.finish()
            Task { await board.follow() }
        })
    }
}

extension AppCommand {
    /// The notification sequence `SISE_NOTIFY` names, or the one the terminal is known to read.
    static func notification() -> AlertSignal.Notification {
        let environment = ProcessInfo.processInfo.environment
        return environment["SISE_NOTIFY"].flatMap(AlertSignal.Notification.init(rawValue:))
            ?? .chosen(for: environment)
    }
}

extension Theme.Convention: ExpressibleByArgument {}
extension StockSource: ExpressibleByArgument {}
