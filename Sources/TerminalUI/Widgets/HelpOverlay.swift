import MarketDomain
import MarketFeatures

/// The key help (`?`), drawn in a box over the middle of the screen.
enum HelpOverlay {
    static let lines = [
        "Keys",
        "↑↓ / j k      move          PgUp PgDn  page",
        "g / G         first / last  Enter      detail",
        "/             search        Esc        clear / back",
        "1 2 3 4       sort by name, price, change, value",
        "5 6 7         sort by the move over 1, 5, 15 min",
        "              (again: reverse the order)",
        "f / Space     favorite      X          clear favorites",
        "w             hide / show markets under 유의 or 주의",
        "m             movers: top risers and fallers (5 6 7 window)",
        "p             Compare: premium vs USDT or vs USD/KRW",
        "Tab ←→ h l    switch tabs   Shift-Tab  previous tab",
        "[ ] Shift-←→  market group (KRW · BTC · USDT)",
        "In the detail: Tab or c o t  chart, order book, trades",
        "?             this help     q          quit",
    ]

    /// The Watchlist tab's keys.
    static let watchlistLines = [
        "Keys — Watchlist",
        "↑↓ / j k      move          Enter      detail",
        "a / /         add a stock   d / x      remove",
        "J / K         move the stock down / up",
        "r             refresh now",
        "Tab ←→ h l    switch tabs   Shift-Tab  previous tab",
        "?             this help     q          quit",
    ]

    /// The Alerts tab's keys.
    static let alertsLines = [
        "Keys — Alerts",
        "↑↓ / j k      select a rule",
        "a / /         add a rule    d / x / Del  remove it",
        "  KRW-BTC above 150000000 · BTC < 90000000",
        "  XRP +3% 5m · ETH -2% 1m once · SOL 5% 15m",
        "Tab ←→ h l    switch tabs   Shift-Tab  previous tab",
        "?             this help     q          quit",
    ]

    /// Draws the keys of `tab` in a box in the middle of the screen.
    static func draw(for tab: BoardTab = .market, into screen: inout ScreenBuffer) {
        let lines = tab == .watchlist ? watchlistLines : tab == .alerts ? alertsLines : lines
        let width = min(screen.width - 2, (lines.map(DisplayWidth.of).max() ?? 0) + 4)
        let height = min(screen.height - 2, lines.count + 2)
        let left = max(0, (screen.width - width) / 2)
        let top = max(0, (screen.height - height) / 2)
        let box = TextStyle(foreground: .white, background: .palette(236))
        for row in 0..<height { screen.fill(x: left, y: top + row, count: width, style: box) }
        for (index, line) in lines.prefix(height - 2).enumerated() {
            screen.write(
                line, x: left + 2, y: top + 1 + index,
                style: index == 0 ? TextStyle(foreground: .cyan, background: .palette(236), bold: true) : box,
                maxWidth: width - 4)
        }
    }
}
