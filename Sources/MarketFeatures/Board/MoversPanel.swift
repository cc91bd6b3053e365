public import MarketDomain

/// The movers view of the board (issue 28, point 4; `m`): the markets that rose and fell most
/// over a window, from the board's own ticks, formatted for every face. The window is the one the
/// board sorts by when it sorts by a move (`5` `6` `7`), five minutes otherwise.
public struct MoversPanel: Sendable, Equatable, Codable {
    /// One market of either list.
    public struct Row: Sendable, Equatable, Codable, Identifiable {
        public var id: MarketID
        public var name: String
        public var symbol: String
        /// The move over the window: `+3.21%`.
        public var change: String
        public var price: String
        /// `rise` or `fall`: the move's colour.
        public var direction: ChangeDirection

        /// Makes a row (for renderers' tests).
        public init(
            id: MarketID, name: String, symbol: String, change: String, price: String, direction: ChangeDirection
        ) {
            self.id = id
            self.name = name
            self.symbol = symbol
            self.change = change
            self.price = price
            self.direction = direction
        }
    }

    /// `1m`, `5m` or `15m`.
    public var window: String
    /// The largest rises first.
    public var risers: [Row]
    /// The largest falls first.
    public var fallers: [Row]
    /// What the panel says while no market's window is covered yet.
    public var placeholder: String?
    /// `Filling 15m from one-minute candles: 120 of 408 markets`, while the windows are filled.
    public var progress: String?

    /// Makes a panel (for renderers' tests).
    public init(window: String, risers: [Row], fallers: [Row], placeholder: String? = nil, progress: String? = nil) {
        self.window = window
        self.risers = risers
        self.fallers = fallers
        self.placeholder = placeholder
        self.progress = progress
    }

    /// How many markets each list holds.
    public static let size = 10

    /// The panel of `board`'s markets quoted in `quote` (only `markets` when given) over the
    /// window of `key` (five minutes unless it is a move), named in `language`, with the fill's
    /// progress while its windows are `filling` from candles.
    static func of(
        _ board: TickerBoard, key: SortKey, quote: String, markets: Set<MarketID>?, language: NameLanguage,
        filling: String? = nil
    ) -> MoversPanel {
        let key = key.moveWindow == nil ? SortKey.move5m : key
        let window = key.moveWindow ?? 300_000
        let movers = Movers(
            board: board, window: window, top: markets == nil ? size : .max, quote: quote, language: language)
        func rows(_ entries: [Movers.Entry]) -> [Row] {
            entries.lazy.filter { markets?.contains($0.market) ?? true }.prefix(size).map { entry in
                Row(
                    id: entry.market, name: DisplayWidth.sanitized(entry.name), symbol: entry.market.base,
                    change: NumberFormat.changeRate(entry.change),
                    price: NumberFormat.price(entry.price, quote: entry.market.quote),
                    direction: entry.change > 0 ? .rise : .fall)
            }
        }
        let label = "\(window / 60_000)m"
        var panel = MoversPanel(
            window: label, risers: rows(movers.risers), fallers: rows(movers.fallers), progress: filling)
        if panel.risers.isEmpty, panel.fallers.isEmpty {
            panel.placeholder =
                filling.map { $0 + "…" }
                ?? "No market has moved over \(label) yet — the board's own ticks cover the window first"
        }
        return panel
    }
}
