public import MarketDomain

/// One line of a screen's key help: the keys and what they do.
public struct KeyHelp: Sendable, Equatable, Codable {
    /// `z x`, `↑↓ / j k`: the keys, as a person presses them.
    public var keys: String
    /// What they do.
    public var meaning: String

    /// A line of help.
    public init(_ keys: String, _ meaning: String) {
        self.keys = keys
        self.meaning = meaning
    }
}

/// The keys of the screen showing, as `?` lists them in both faces (issue 65).
public struct KeyHelpSheet: Sendable, Equatable, Codable {
    /// Which screen's keys: `board`, `watchlist`, `stockChart`, `alerts` or `detail`.
    public var screen: KeyTable.Screen
    /// `Keys — Detail`.
    public var title: String
    public var lines: [KeyHelp]
}

extension KeyTable {
    /// A screen with keys of its own.
    public enum Screen: String, Sendable, Equatable, Codable, CaseIterable {
        case board, watchlist, stockChart, alerts, detail

        /// The screen under the help on `tab` with no detail open.
        public init(tab: BoardTab) {
            self = tab == .watchlist ? .watchlist : tab == .alerts ? .alerts : .board
        }

        /// The focus its keys are read in (the table ``action(for:in:)`` is tested against).
        public var focus: KeyboardFocus {
            switch self {
            case .board: .board
            case .watchlist: .watchlist
            case .stockChart: .stockChart
            case .alerts: .alerts
            case .detail: .detail
            }
        }
    }

    /// The screen the help of `output` is about: the open detail or stock chart, else the tab.
    public static func helpScreen(of output: RootViewModel.Output) -> Screen {
        if output.detail != nil || output.board.detailMarket != nil { return .detail }
        if output.board.tab == .watchlist, output.watchlist?.detail != nil { return .stockChart }
        return Screen(tab: output.board.tab)
    }

    /// What `?` lists on `screen`: its keys as this table reads them (a test holds every key
    /// listed to an action of the screen's focus).
    public static func help(for screen: Screen) -> KeyHelpSheet {
        switch screen {
        case .board: KeyHelpSheet(screen: screen, title: "Keys", lines: boardHelp)
        case .watchlist: KeyHelpSheet(screen: screen, title: "Keys — Watchlist", lines: watchlistHelp)
        case .stockChart: KeyHelpSheet(screen: screen, title: "Keys — Stock chart", lines: stockChartHelp)
        case .alerts: KeyHelpSheet(screen: screen, title: "Keys — Alerts", lines: alertsHelp)
        case .detail: KeyHelpSheet(screen: screen, title: "Keys — Detail", lines: detailHelp)
        }
    }

    private static let tabs = KeyHelp("Tab ←→ h l", "switch tabs (Shift-Tab: the previous one)")
    private static let closing = [KeyHelp("?", "this help (any key closes it)"), KeyHelp("q", "quit")]

    private static let boardHelp =
        [
            KeyHelp("↑↓ j k", "move (PgUp PgDn: a page)"),
            KeyHelp("g G", "first / last row"),
            KeyHelp("Enter", "the market's detail"),
            KeyHelp("/", "search (초성: ㅂㅌ), Esc clears"),
            KeyHelp("1 2 3 4", "sort by name, price, change, value (again: reverse)"),
            KeyHelp("5 6 7", "sort by the move over 1, 5, 15 minutes"),
            KeyHelp("f Space", "favorite (X clears them all)"),
            KeyHelp("w", "hide / show markets under 유의 or 주의"),
            KeyHelp("m", "movers: the top risers and fallers (5 6 7 window)"),
            KeyHelp("p", "Compare: premium vs USDT or vs USD/KRW"),
            tabs,
            KeyHelp("[ ]", "market group (KRW · BTC · USDT)"),
        ] + closing

    private static let watchlistHelp =
        [
            KeyHelp("↑↓ j k", "move"),
            KeyHelp("Enter", "the stock's daily bars"),
            KeyHelp("a /", "add a stock"),
            KeyHelp("d x", "remove the stock"),
            KeyHelp("J K", "move the stock down / up"),
            KeyHelp("r", "refresh now"),
            tabs,
        ] + closing

    private static let stockChartHelp = [KeyHelp("Esc ← h", "back to the Watchlist")] + closing

    private static let alertsHelp =
        [
            KeyHelp("↑↓ j k", "select a rule"),
            KeyHelp("a /", "add a rule: KRW-BTC above 150000000 · XRP +3% 5m · ETH -2% 1m once"),
            KeyHelp("d x Del", "remove the rule"),
            tabs,
        ] + closing

    private static let detailHelp =
        [
            KeyHelp("Esc ← h", "back to the board"),
            KeyHelp("Tab → l", "next pane (Shift-Tab: the previous one)"),
            KeyHelp("c o t", "chart, order book, trades"),
            KeyHelp(
                CandleInterval.allCases.compactMap { $0.chartKey.map(String.init) }.joined(separator: " "),
                "candles of "
                    + CandleInterval.allCases.filter { $0.chartKey != nil }.map(\.chartName).joined(separator: " ")),
            KeyHelp("z x", "zoom the chart in / out"),
            KeyHelp("< > End", "pan ten candles back / forward, back to now"),
            KeyHelp("m b r", "moving averages, Bollinger bands, RSI / MACD"),
            KeyHelp("k", "김프: the premium's history / the price chart"),
            KeyHelp("i p", "김프: its bars' interval, its basis (USDT, USD/KRW)"),
            KeyHelp("+ -", "김프: the amount the books would fill"),
            KeyHelp("g G", "호가 모아보기: group the book by more / fewer ticks"),
            KeyHelp("f Space", "favorite"),
        ] + closing
}
