public import MarketDomain

/// Everything the board screen shows, as plain values ready to draw (SPEC §1.1–§1.5, §1.9).
public struct BoardOutput: Sendable, Equatable, Codable {
    /// The tab shown, and every tab in order.
    public var tab: BoardTab = .market
    public var tabs: [BoardTab] = BoardTab.allCases
    /// The search text of this tab, and whether typing goes into it.
    public var searchText = ""
    public var isSearchFocused = false
    /// The sort of this tab (the table header marks its key and direction).
    public var order: QuoteOrder = .standard
    /// The table's columns in the order they give way on a narrow screen, the first to go first
    /// (the sorted column and the name last): both faces drop them in this order.
    public var columnsGivingWay: [BoardColumn] = BoardColumn.givingWay(on: .market, sortedBy: .value)
    /// Each column's header by its key, in the language of the names (`--names`): both faces
    /// head their tables with these.
    public var columnTitles: [String: String] = BoardColumn.titles(.korean)
    /// The rows in view, from `firstRowIndex` of `rowCount` rows in all.
    public var rows: [BoardRow] = []
    public var rowCount = 0
    public var firstRowIndex = 0
    /// The selected row's index among all rows, if any row is selected.
    public var selectedRowIndex: Int?
    /// The compare tab's rows in view (its `rows` stay empty), from `firstRowIndex`.
    public var compareRows: [CompareRow] = []
    /// What to say instead of rows when there are none (or the tab is not built yet).
    public var placeholder: String?
    /// The status bar.
    public var status = BoardStatus()
    /// A short message shown for about two seconds.
    public var toast: String?
    /// A y/n question waiting for an answer.
    public var confirmation: String?
    /// Whether the key help is shown over the board.
    public var isHelpVisible = false
    /// Whether markets under a 유의 or 주의 are hidden (`w`).
    public var hidesWarned = false
    /// The Compare tab's line about its premium (issue 29): the basis, the bank rate with its
    /// source and time, and tether's premium over it: `김프 vs USDT · USD/KRW 1,426.45 Dunamu
    /// (하나은행) 17:33 KST · 테더 +1.51% · p: vs USD/KRW`.
    public var forexLine: String?
    /// The movers view, shown instead of the rows on the Market and Favorites tabs (`m`).
    public var movers: MoversPanel?
    /// The market whose detail view is open.
    public var detailMarket: MarketID?
    /// The market groups the exchange lists (`KRW`, `BTC`, `USDT`), when it lists more than one.
    public var quoteGroups: [String] = []
    /// The group the Market tab shows.
    public var quoteGroup = "KRW"

    public init() {}
}

/// One row of the board, formatted (SPEC §1.1).
public struct BoardRow: Sendable, Equatable, Codable, Identifiable {
    public var id: MarketID
    public var name: String
    public var symbol: String
    public var price: String
    public var changeRate: String
    public var changePrice: String
    public var tradeValue: String
    /// Up, flat or down against the previous close (the row's colour).
    public var direction: ChangeDirection
    /// Set for about 300 ms after the price moved, in the direction it moved.
    public var flash: ChangeDirection?
    public var isFavorite: Bool
    public var isSelected: Bool
    /// The moves over the last 1, 5 and 15 minutes (`+1.23%`), empty while the board's ticks do
    /// not reach back that far.
    public var move1m: String
    public var move5m: String
    public var move15m: String
    /// The exchange's warning and a new listing, as badges (`유의`, `주의`, `NEW`).
    public var badges: [RowBadge]

    /// Makes a row.
    public init(
        id: MarketID, name: String, symbol: String, price: String, changeRate: String, changePrice: String,
        tradeValue: String, direction: ChangeDirection, flash: ChangeDirection?, isFavorite: Bool, isSelected: Bool,
        move1m: String = "", move5m: String = "", move15m: String = "", badges: [RowBadge] = []
    ) {
        self.badges = badges
        self.move1m = move1m
        self.move5m = move5m
        self.move15m = move15m
        self.id = id
        self.name = name
        self.symbol = symbol
        self.price = price
        self.changeRate = changeRate
        self.changePrice = changePrice
        self.tradeValue = tradeValue
        self.direction = direction
        self.flash = flash
        self.isFavorite = isFavorite
        self.isSelected = isSelected
    }
}

/// The status bar: exchange, mode, connection, pace and freshness (SPEC §1.9).
public struct BoardStatus: Sendable, Equatable, Codable {
    public var exchange = ""
    /// `SIMULATED` unless connected to the real exchange.
    public var isSimulated = true
    public var connection: ConnectionState = .connecting
    /// Live ticks in the last second.
    public var ticksPerSecond = 0
    /// The time of the newest tick, `HH:mm:ss` KST, or empty before any.
    public var lastUpdate = ""
    /// Every exchange's feed, when the board follows several (the compare view).
    public var feeds: [FeedStatus] = []
    /// What a banner says while the main feed is not live (`nil` when it is): the words every
    /// face shows for the feed's state, written once here.
    public var notice: String?

    public init() {}

    /// The banner's words for `connection` of `exchange`.
    public static func notice(for connection: ConnectionState, of exchange: String) -> String? {
        switch connection {
        case .live: nil
        case .connecting: "Connecting to \(exchange)…"
        case .stale: "No update from \(exchange) for a while: prices may be stale"
        case .reconnecting: "\(exchange): \(connection.label)…"
        case .offline: "\(exchange) is offline: prices are the last known"
        }
    }
}

/// One exchange's live feed in the status bar, with the words both faces show: an exchange whose
/// feed has not been started (the others start when the Compare tab first shows) says so, never
/// `connecting`.
public struct FeedStatus: Sendable, Equatable, Codable {
    public var exchange: String
    public var connection: ConnectionState
    /// The feed's state word: `idle` (not started), `connecting`, `live`, `stale`,
    /// `reconnecting` or `offline` (the page's `data-feed`).
    public var feed: String
    /// What the status bar says of it: `with Compare` (not started: the Compare tab starts it),
    /// `connecting`, `live`, `reconnecting in 2s`…
    public var label: String

    /// Makes a feed status; `isStarted` false for a feed not started yet.
    public init(exchange: String, connection: ConnectionState, isStarted: Bool = true) {
        self.exchange = exchange
        self.connection = connection
        guard isStarted else {
            feed = "idle"
            label = "with Compare"
            return
        }
        label = connection.label
        feed =
            switch connection {
            case .connecting: "connecting"
            case .live: "live"
            case .stale: "stale"
            case .reconnecting: "reconnecting"
            case .offline: "offline"
            }
    }
}

/// One row of the compare tab, formatted (SPEC §1.8): the coin's KRW price on each Korean
/// exchange, the spread, Binance's USDT price and the premium.
public struct CompareRow: Sendable, Equatable, Codable, Identifiable {
    /// The coin as a KRW market, `KRW-BTC`.
    public var id: MarketID
    public var name: String
    public var symbol: String
    /// The KRW prices in ``Exchange/korean`` order, `—` where the coin is not listed.
    public var prices: [String]
    /// Which of `prices` is the highest and the lowest (indices), when they differ.
    public var highestIndex: Int?
    public var lowestIndex: Int?
    /// The spread as a percent of the lowest price, `0.41%`.
    public var spread: String
    /// Binance's price in USDT, or `—`.
    public var globalPrice: String
    /// The premium over Binance, `+3.05%`, or `—`.
    public var premium: String
    /// Above, at or below the global price (the premium's colour).
    public var premiumDirection: ChangeDirection
    public var isFavorite: Bool
    public var isSelected: Bool
    /// The exchanges that suspend the coin's deposits or withdrawals, short: `⛔빗썸 출금`
    /// (issue 29); nil while none does.
    public var wallet: String?

    /// Makes a row.
    public init(
        id: MarketID, name: String, symbol: String, prices: [String], highestIndex: Int?, lowestIndex: Int?,
        spread: String, globalPrice: String, premium: String, premiumDirection: ChangeDirection, isFavorite: Bool,
        isSelected: Bool, wallet: String? = nil
    ) {
        self.wallet = wallet
        self.id = id
        self.name = name
        self.symbol = symbol
        self.prices = prices
        self.highestIndex = highestIndex
        self.lowestIndex = lowestIndex
        self.spread = spread
        self.globalPrice = globalPrice
        self.premium = premium
        self.premiumDirection = premiumDirection
        self.isFavorite = isFavorite
        self.isSelected = isSelected
    }
}

/// A badge on a board row (issue 28): the exchange's 유의 or 주의, or a market listed within a day.
public enum RowBadge: String, Sendable, Hashable, Codable, CaseIterable {
    case warning
    case caution
    case new

    /// `유의`, `주의` or `NEW`.
    public var label: String {
        switch self {
        case .warning: "유의"
        case .caution: "주의"
        case .new: "NEW"
        }
    }

    /// The badges of a market on a board.
    public static func of(_ market: Market, isNew: Bool) -> [RowBadge] {
        var badges: [RowBadge] = []
        switch market.warning?.level {
        case .warning: badges.append(.warning)
        case .caution: badges.append(.caution)
        case nil: break
        }
        if isNew { badges.append(.new) }
        return badges
    }
}
