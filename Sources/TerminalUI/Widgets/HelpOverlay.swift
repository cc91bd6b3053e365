import MarketDomain
import MarketFeatures

/// The key help (`?`), drawn in a box over the middle of the screen: the keys of the screen under
/// it, as ``KeyTable/help(for:)`` lists them for both faces.
enum HelpOverlay {
    /// The box's lines for `sheet`: its title, then each key and what it does, the meanings
    /// lined up after the widest keys (at most 24 columns of them).
    static func lines(_ sheet: KeyHelpSheet) -> [String] {
        let keysWidth = min(24, sheet.lines.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        return [sheet.title] + sheet.lines.map { DisplayWidth.padRight($0.keys, to: keysWidth) + "  " + $0.meaning }
    }

    /// Draws the keys of `tab` with no detail open (the board, the Watchlist, the Alerts).
    static func draw(for tab: BoardTab = .market, into screen: inout ScreenBuffer) {
        draw(KeyTable.help(for: KeyTable.Screen(tab: tab)), into: &screen)
    }

    /// Draws `sheet` in a box in the middle of the screen.
    static func draw(_ sheet: KeyHelpSheet, into screen: inout ScreenBuffer) {
        let lines = lines(sheet)
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
