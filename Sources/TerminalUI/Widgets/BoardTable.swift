public import MarketDomain
public import MarketFeatures

/// The market table (SPEC §1.1): favorite star, name, symbol, price, change rate, change, 24h
/// trade value, and on a terminal of 100 columns or more the moves over 1, 5 and 15 minutes;
/// numbers right-aligned, names measured in display columns.
public struct BoardTable: Sendable {
    /// Column widths for a screen width.
    struct Layout: Equatable {
        var name: Int
        /// Whether the Δ1m, Δ5m and Δ15m columns fit.
        var showsMoves: Bool
        static let star = 2
        static let symbol = 8
        static let price = 14
        static let rate = 9
        static let change = 13
        static let value = 13
        static let move = 8

        init(width: Int) {
            let fixed = Self.star + Self.symbol + Self.price + Self.rate + Self.change + Self.value + 6
            let moves = 3 * (Self.move + 1)
            showsMoves = width >= fixed + 8 + moves
            name = min(24, max(8, width - fixed - (showsMoves ? moves : 0)))
        }
    }

    public var theme: Theme
    public var language: NameLanguage

    /// Makes a table drawer.
    public init(theme: Theme, language: NameLanguage) {
        self.theme = theme
        self.language = language
    }

    /// Draws the header on row `y`, marking the sort key with ▼ (descending) or ▲ (ascending).
    public func drawHeader(order: QuoteOrder, into screen: inout ScreenBuffer, y: Int) {
        let layout = Layout(width: screen.width)
        func title(_ text: String, _ key: SortKey, _ number: Int) -> String {
            let marker = order.key == key ? (order.direction == .descending ? "▼" : "▲") : ""
            return "\(number) \(text)\(marker)"
        }
        let name = title(language == .korean ? "이름" : "Name", .name, 1)
        var x = 0
        screen.fill(y: y, style: Theme.header)
        x += screen.write("  ", x: x, y: y, style: Theme.header)
        x += write(name, width: layout.name, right: false, x: x, y: y, style: Theme.header, into: &screen)
        x += write("Symbol", width: Layout.symbol, right: false, x: x, y: y, style: Theme.header, into: &screen)
        x += write(
            title("Price", .price, 2), width: Layout.price, right: true, x: x, y: y, style: Theme.header, into: &screen)
        x += write(
            title("Chg%", .change, 3), width: Layout.rate, right: true, x: x, y: y, style: Theme.header, into: &screen)
        x += write("Change", width: Layout.change, right: true, x: x, y: y, style: Theme.header, into: &screen)
        x += write(
            title("Value", .value, 4), width: Layout.value, right: true, x: x, y: y, style: Theme.header, into: &screen)
        guard layout.showsMoves else { return }
        for (key, number) in [(SortKey.move1m, 5), (.move5m, 6), (.move15m, 7)] {
            let label = title("Δ" + key.rawValue.dropFirst(4), key, number)
            x += write(label, width: Layout.move, right: true, x: x, y: y, style: Theme.header, into: &screen)
        }
    }

    /// Draws one row on line `y`.
    public func draw(_ row: BoardRow, into screen: inout ScreenBuffer, y: Int) {
        draw(row, over: nil, into: &screen, y: y)
    }

    /// Draws `row` on line `y`, where `old` was drawn last (`nil`: anything): only the cells whose
    /// text or style differ from `old`'s are written, since a tick moves a price and its change,
    /// not a name. The line ends as drawing `row` alone leaves it.
    public func draw(_ row: BoardRow, over old: BoardRow?, into screen: inout ScreenBuffer, y: Int) {
        // A row selected or let go changes every cell's background: drawn whole.
        let old = old.flatMap { $0.isSelected == row.isSelected ? $0 : nil }
        let layout = Layout(width: screen.width)
        let base = row.isSelected ? Theme.selected : TextStyle.plain
        if old == nil { screen.fill(y: y, style: base) }
        var x = 0
        if let old, old.isFavorite == row.isFavorite, old.name == row.name, old.badges == row.badges {
            x += Layout.star + layout.name + 1
        } else {
            // The star and the name share their columns' gap with nothing else: cleared together.
            if old != nil { screen.fill(y: y, count: Layout.star + layout.name + 1, style: base) }
            x += screen.write(
                row.isFavorite ? "★ " : "  ", x: x, y: y, style: row.isFavorite ? merge(Theme.star, base) : base)
            x += drawName(row, width: layout.name, x: x, y: y, base: base, into: &screen)
        }
        /// Writes a cell unless `old` showed the same text in the same style there.
        func cell(_ text: String, _ oldText: String?, width: Int, right: Bool, style: TextStyle, oldStyle: TextStyle?) {
            if let oldText, oldText == text, oldStyle == style {
                x += width + 1
            } else {
                x += write(text, width: width, right: right, x: x, y: y, style: style, into: &screen)
            }
        }
        cell(row.symbol, old?.symbol, width: Layout.symbol, right: false, style: base, oldStyle: base)
        let color = rowColor(row)
        let oldColor = old.map(rowColor)
        cell(
            row.price, old?.price, width: Layout.price, right: true, style: priceStyle(row, color: color),
            oldStyle: old.map { priceStyle($0, color: rowColor($0)) })
        cell(row.changeRate, old?.changeRate, width: Layout.rate, right: true, style: color, oldStyle: oldColor)
        cell(row.changePrice, old?.changePrice, width: Layout.change, right: true, style: color, oldStyle: oldColor)
        cell(row.tradeValue, old?.tradeValue, width: Layout.value, right: true, style: base, oldStyle: base)
        guard layout.showsMoves else { return }
        let oldMoves = old.map { [$0.move1m, $0.move5m, $0.move15m] }
        for (index, move) in [row.move1m, row.move5m, row.move15m].enumerated() {
            let oldMove = oldMoves?[index]
            cell(
                move, oldMove, width: Layout.move, right: true, style: moveStyle(move, row: row),
                oldStyle: old.flatMap { old in oldMove.map { moveStyle($0, row: old) } })
        }
    }

    /// The colour of a row's change, on the row's background.
    private func rowColor(_ row: BoardRow) -> TextStyle {
        var color = theme.style(row.direction)
        color.reverse = row.isSelected
        return color
    }

    /// The price's style: its flash while one shows, else the change's colour.
    private func priceStyle(_ row: BoardRow, color: TextStyle) -> TextStyle {
        row.flash.map(theme.flash) ?? color
    }

    /// A move's colour by its sign, on the row's background.
    private func moveStyle(_ move: String, row: BoardRow) -> TextStyle {
        var style = theme.style(move.hasPrefix("+") ? .rise : move.hasPrefix("-") ? .fall : .even)
        style.reverse = row.isSelected
        return style
    }

    /// The name with its badges (유의, 주의, NEW) at the cell's end; returns the columns used.
    private func drawName(
        _ row: BoardRow, width: Int, x: Int, y: Int, base: TextStyle, into screen: inout ScreenBuffer
    )
        -> Int
    {
        guard !row.badges.isEmpty else {
            return write(row.name, width: width, right: false, x: x, y: y, style: base, into: &screen)
        }
        let labels = row.badges.map(\.label).joined(separator: " ")
        let room = max(0, width - DisplayWidth.of(labels) - 1)
        _ = write(row.name, width: room, right: false, x: x, y: y, style: base, into: &screen)
        var badgeX = x + room + 1
        for badge in row.badges {
            var style = Self.badgeStyle(badge)
            style.reverse = base.reverse
            badgeX += screen.write(badge.label, x: badgeX, y: y, style: style, maxWidth: max(0, x + width - badgeX))
            badgeX += 1
        }
        return width + 1
    }

    /// 유의 in red, 주의 in yellow, NEW in cyan, whatever the colour convention.
    static func badgeStyle(_ badge: RowBadge) -> TextStyle {
        switch badge {
        case .warning: TextStyle(foreground: .red, bold: true)
        case .caution: TextStyle(foreground: .yellow, bold: true)
        case .new: TextStyle(foreground: .cyan, bold: true)
        }
    }

    /// Writes a cell padded to `width` plus one space of gap; returns the columns used.
    private func write(
        _ text: String, width: Int, right: Bool, x: Int, y: Int, style: TextStyle, into screen: inout ScreenBuffer
    ) -> Int {
        let cell = right ? DisplayWidth.padLeft(text, to: width) : DisplayWidth.padRight(text, to: width)
        screen.write(cell, x: x, y: y, style: style, maxWidth: width)
        return width + 1
    }

    private func merge(_ style: TextStyle, _ base: TextStyle) -> TextStyle {
        var merged = style
        merged.reverse = base.reverse
        return merged
    }
}
