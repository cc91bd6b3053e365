import MarketDomain
public import MarketFeatures

/// The board's movers view in the terminal (`m`): the top risers and fallers of a window side by
/// side (one above the other on a narrow terminal), each with its move, coloured, and its price.
public struct MoversView: Sendable {
    public var theme: Theme

    /// Makes a movers drawer.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// Draws the panel from row `top` down to row `bottom` (exclusive).
    public func draw(_ panel: MoversPanel, into screen: inout ScreenBuffer, top: Int, bottom: Int) {
        var title = TextStyle(bold: true)
        title.reverse = true
        let x = screen.write(" Movers over \(panel.window) ", x: 0, y: top, style: title)
        // While the windows fill from candles, the fill's progress stands where the keys do.
        let hint = panel.progress.map { "  " + $0 + "…" } ?? "  5 6 7 window (1m 5m 15m)  ·  m back to the rows"
        screen.write(hint, x: x, y: top, style: Theme.hint, maxWidth: screen.width - x)
        if let placeholder = panel.placeholder {
            screen.write(placeholder, x: 2, y: top + 2, style: Theme.hint, maxWidth: screen.width - 2)
            return
        }
        let sideBySide = screen.width >= 80
        let width = sideBySide ? screen.width / 2 : screen.width
        let rows = bottom - top - 2
        if sideBySide {
            draw("▲ Risers", panel.risers, into: &screen, x: 0, y: top + 1, width: width, rows: rows)
            draw("▼ Fallers", panel.fallers, into: &screen, x: width, y: top + 1, width: width, rows: rows)
        } else {
            let half = max(1, (rows - 1) / 2)
            draw("▲ Risers", panel.risers, into: &screen, x: 0, y: top + 1, width: width, rows: half)
            draw("▼ Fallers", panel.fallers, into: &screen, x: 0, y: top + 2 + half, width: width, rows: half)
        }
    }

    /// One list under its heading: rank, name, symbol, move and price in `width` columns.
    private func draw(
        _ heading: String, _ entries: [MoversPanel.Row], into screen: inout ScreenBuffer, x: Int, y: Int, width: Int,
        rows: Int
    ) {
        screen.write(" " + heading, x: x, y: y, style: Theme.header, maxWidth: width)
        let name = max(6, width - 4 - 7 - 9 - 15 - 1)
        for (index, row) in entries.prefix(max(0, rows)).enumerated() {
            let line = y + 1 + index
            var column = x
            column += screen.write(
                DisplayWidth.padLeft("\(index + 1)", to: 3) + " ", x: column, y: line, style: Theme.hint)
            screen.write(DisplayWidth.padRight(row.name, to: name), x: column, y: line, maxWidth: name)
            column += name + 1
            screen.write(DisplayWidth.padRight(row.symbol, to: 6), x: column, y: line, style: Theme.hint, maxWidth: 6)
            column += 7
            let style = theme.style(row.direction)
            screen.write(DisplayWidth.padLeft(row.change, to: 8), x: column, y: line, style: style, maxWidth: 8)
            column += 9
            screen.write(
                DisplayWidth.padLeft(row.price, to: 14), x: column, y: line, maxWidth: max(0, x + width - column))
        }
    }
}
