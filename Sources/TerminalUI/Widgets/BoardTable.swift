public import MarketDomain
public import MarketFeatures

/// The market table (SPEC §1.1): favorite star, name, symbol, price, change rate, change, 24h
/// trade value and the moves over 1, 5 and 15 minutes; numbers right-aligned, names measured in
/// display columns. On a narrow terminal the columns give way in the order the output declares
/// (``BoardOutput/columnsGivingWay``): the sorted column and the name stay.
public struct BoardTable: Sendable {
    /// The columns shown on a screen width, and the name's width.
    struct Layout: Equatable {
        var name: Int
        var shown: Set<BoardColumn>
        static let star = 2
        static let symbol = 8
        static let price = 14
        static let rate = 9
        static let change = 13
        static let value = 13
        static let move = 8
        /// Each column's width with its gap.
        static let widths: [BoardColumn: Int] = [
            .symbol: symbol + 1, .price: price + 1, .changeRate: rate + 1, .change: change + 1, .value: value + 1,
            .d1m: move + 1, .d5m: move + 1, .d15m: move + 1,
        ]
        /// The name's narrowest (six syllables) and widest.
        static let nameRange = 12...30

        init(width: Int, givingWay order: [BoardColumn] = BoardColumn.givingWay(on: .market, sortedBy: .value)) {
            let room = width - Self.star
            // An order of another table (an output that named none) gives way as the board does.
            let order = order.contains(.changeRate) ? order : BoardColumn.givingWay(on: .market, sortedBy: .value)
            shown = BoardColumn.shown(
                width: room, givingWay: order, widths: Self.widths, nameMinimum: Self.nameRange.lowerBound + 1)
            let used = shown.reduce(0) { $0 + (Self.widths[$1] ?? 0) }
            name = min(Self.nameRange.upperBound, max(6, room - used - 1))
        }

        /// Whether `column` is shown.
        func shows(_ column: BoardColumn) -> Bool { shown.contains(column) }
    }

    public var theme: Theme
    public var language: NameLanguage

    /// Makes a table drawer.
    public init(theme: Theme, language: NameLanguage) {
        self.theme = theme
        self.language = language
    }

    /// Draws the header on row `y`, marking the sort key with ▼ (descending) or ▲ (ascending).
    public func drawHeader(
        order: QuoteOrder, givingWay columns: [BoardColumn] = BoardColumn.givingWay(on: .market, sortedBy: .value),
        into screen: inout ScreenBuffer, y: Int
    ) {
        let layout = Layout(width: screen.width, givingWay: columns)
        func title(_ text: String, _ key: SortKey, _ number: Int) -> String {
            let marker = order.key == key ? (order.direction == .descending ? "▼" : "▲") : ""
            return "\(number) \(text)\(marker)"
        }
        let name = title(BoardColumn.name.title(language), .name, 1)
        var x = 0
        screen.fill(y: y, style: Theme.header)
        x += screen.write("  ", x: x, y: y, style: Theme.header)
        x += write(name, width: layout.name, right: false, x: x, y: y, style: Theme.header, into: &screen)
        func named(_ column: BoardColumn) -> String { column.title(language) }
        let headers: [(BoardColumn, String, Int, Bool)] = [
            (.symbol, named(.symbol), Layout.symbol, false),
            (.price, title(named(.price), .price, 2), Layout.price, true),
            (.changeRate, title(named(.changeRate), .change, 3), Layout.rate, true),
            (.change, named(.change), Layout.change, true),
            (.value, title(named(.value), .value, 4), Layout.value, true),
            (.d1m, title("Δ1m", .move1m, 5), Layout.move, true), (.d5m, title("Δ5m", .move5m, 6), Layout.move, true),
            (.d15m, title("Δ15m", .move15m, 7), Layout.move, true),
        ]
        for (column, text, width, right) in headers where layout.shows(column) {
            x += write(text, width: width, right: right, x: x, y: y, style: Theme.header, into: &screen)
        }
    }

    /// Draws one row on line `y`.
    public func draw(
        _ row: BoardRow, givingWay columns: [BoardColumn] = BoardColumn.givingWay(on: .market, sortedBy: .value),
        into screen: inout ScreenBuffer, y: Int
    ) {
        draw(row, over: nil, givingWay: columns, into: &screen, y: y)
    }

    /// Draws `row` on line `y`, where `old` was drawn last (`nil`: anything): only the cells whose
    /// text or style differ from `old`'s are written, since a tick moves a price and its change,
    /// not a name. The line ends as drawing `row` alone leaves it.
    public func draw(
        _ row: BoardRow, over old: BoardRow?,
        givingWay columns: [BoardColumn] = BoardColumn.givingWay(on: .market, sortedBy: .value),
        into screen: inout ScreenBuffer, y: Int
    ) {
        // A row selected or let go changes every cell's background: drawn whole.
        let old = old.flatMap { $0.isSelected == row.isSelected ? $0 : nil }
        let layout = Layout(width: screen.width, givingWay: columns)
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
        /// Writes a cell of `column` (when shown) unless `old` showed the same text in the same style there.
        func cell(
            _ column: BoardColumn, _ text: String, _ oldText: String?, width: Int, right: Bool, style: TextStyle,
            oldStyle: TextStyle?
        ) {
            guard layout.shows(column) else { return }
            if let oldText, oldText == text, oldStyle == style {
                x += width + 1
            } else {
                x += write(text, width: width, right: right, x: x, y: y, style: style, into: &screen)
            }
        }
        cell(.symbol, row.symbol, old?.symbol, width: Layout.symbol, right: false, style: base, oldStyle: base)
        let color = rowColor(row)
        let oldColor = old.map(rowColor)
        cell(
            .price, row.price, old?.price, width: Layout.price, right: true, style: priceStyle(row, color: color),
            oldStyle: old.map { priceStyle($0, color: rowColor($0)) })
        cell(
            .changeRate, row.changeRate, old?.changeRate, width: Layout.rate, right: true, style: color,
            oldStyle: oldColor)
        cell(
            .change, row.changePrice, old?.changePrice, width: Layout.change, right: true, style: color,
            oldStyle: oldColor)
        cell(.value, row.tradeValue, old?.tradeValue, width: Layout.value, right: true, style: base, oldStyle: base)
        let oldMoves = old.map { [$0.move1m, $0.move5m, $0.move15m] }
        let moveColumns: [BoardColumn] = [.d1m, .d5m, .d15m]
        for (index, move) in [row.move1m, row.move5m, row.move15m].enumerated() {
            let oldMove = oldMoves?[index]
            cell(
                moveColumns[index], move, oldMove, width: Layout.move, right: true, style: moveStyle(move, row: row),
                oldStyle: old.flatMap { old in oldMove.map { moveStyle($0, row: old) } })
        }
    }

    /// The colour of a row's change, on the row's background.
    private func rowColor(_ row: BoardRow) -> TextStyle {
        var color = theme.style(row.direction)
        color = Theme.selecting(color, row.isSelected)
        return color
    }

    /// The price's style: its flash while one shows, else the change's colour.
    private func priceStyle(_ row: BoardRow, color: TextStyle) -> TextStyle {
        row.flash.map(theme.flash) ?? color
    }

    /// A move's colour by its sign, on the row's background.
    private func moveStyle(_ move: String, row: BoardRow) -> TextStyle {
        var style = theme.style(move.hasPrefix("+") ? .rise : move.hasPrefix("-") ? .fall : .even)
        style = Theme.selecting(style, row.isSelected)
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
            style = Theme.selecting(style, base == Theme.selected)
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
        merged = Theme.selecting(merged, base == Theme.selected)
        return merged
    }
}
