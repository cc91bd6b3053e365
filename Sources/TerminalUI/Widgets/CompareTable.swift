public import MarketDomain
public import MarketFeatures

/// The compare table (SPEC §1.8): name, symbol, the KRW price on Upbit, Bithumb and Korbit (the
/// highest in the rise colour, the lowest in the fall colour), the spread, Binance's USDT price
/// and the premium. On a narrow terminal the columns give way in the order the output declares
/// (``BoardOutput/columnsGivingWay``): Binance's price first, the premium and the sorted column last.
public struct CompareTable: Sendable {
    /// The columns shown on a screen width, and the name's width.
    struct Layout: Equatable {
        var name: Int
        var shown: Set<BoardColumn>
        static let star = 2
        static let symbol = 7
        static let price = 13
        static let spread = 9
        static let global = 13
        static let premium = 9
        /// Each column's width with its gap.
        static let widths: [BoardColumn: Int] = [
            .symbol: symbol + 1, .upbit: price + 1, .bithumb: price + 1, .korbit: price + 1, .spread: spread + 1,
            .global: global + 1, .premium: premium + 1,
        ]
        /// The Korean exchanges' price columns, in ``Exchange/korean``'s order.
        static let prices: [BoardColumn] = [.upbit, .bithumb, .korbit]

        init(width: Int, givingWay order: [BoardColumn] = BoardColumn.givingWay(on: .compare, sortedBy: .change)) {
            let room = width - Self.star
            // An order of another table (an output that named none) gives way as Compare does.
            let order = order.contains(.premium) ? order : BoardColumn.givingWay(on: .compare, sortedBy: .change)
            shown = BoardColumn.shown(width: room, givingWay: order, widths: Self.widths, nameMinimum: 9)
            let used = shown.reduce(0) { $0 + (Self.widths[$1] ?? 0) }
            name = min(20, max(6, room - used - 1))
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

    /// Draws the header on row `y`, marking the sort key: 1 name, 2 price, 3 premium, 4 spread.
    public func drawHeader(
        order: QuoteOrder, givingWay columns: [BoardColumn] = BoardColumn.givingWay(on: .compare, sortedBy: .change),
        into screen: inout ScreenBuffer, y: Int
    ) {
        let layout = Layout(width: screen.width, givingWay: columns)
        func title(_ text: String, _ key: SortKey, _ number: Int) -> String {
            let marker = order.key == key ? (order.direction == .descending ? "▼" : "▲") : ""
            return "\(number) \(text)\(marker)"
        }
        screen.fill(y: y, style: Theme.header)
        var x = screen.write("  ", x: 0, y: y, style: Theme.header)
        func named(_ column: BoardColumn) -> String { column.title(language) }
        x += cell(title(named(.name), .name, 1), layout.name, false, x, y, Theme.header, &screen)
        if layout.shows(.symbol) { x += cell(named(.symbol), Layout.symbol, false, x, y, Theme.header, &screen) }
        for (index, column) in Layout.prices.enumerated() where layout.shows(column) {
            let text = index == 0 ? title(named(column), .price, 2) : named(column)
            x += cell(text, Layout.price, true, x, y, Theme.header, &screen)
        }
        if layout.shows(.spread) {
            x += cell(title(named(.spread), .value, 4), Layout.spread, true, x, y, Theme.header, &screen)
        }
        if layout.shows(.global) { x += cell(named(.global), Layout.global, true, x, y, Theme.header, &screen) }
        if layout.shows(.premium) {
            _ = cell(title(named(.premium), .change, 3), Layout.premium, true, x, y, Theme.header, &screen)
        }
    }

    /// Draws one row on line `y`.
    public func draw(
        _ row: CompareRow, givingWay columns: [BoardColumn] = BoardColumn.givingWay(on: .compare, sortedBy: .change),
        into screen: inout ScreenBuffer, y: Int
    ) {
        let layout = Layout(width: screen.width, givingWay: columns)
        let base = row.isSelected ? Theme.selected : TextStyle.plain
        func colored(_ direction: ChangeDirection) -> TextStyle {
            var style = theme.style(direction)
            style = Theme.selecting(style, row.isSelected)
            return style
        }
        screen.fill(y: y, style: base)
        var star = Theme.star
        star = Theme.selecting(star, base == Theme.selected)
        var x = screen.write(row.isFavorite ? "★ " : "  ", x: 0, y: y, style: row.isFavorite ? star : base)
        x += cell(row.name, layout.name, false, x, y, base, &screen)
        if layout.shows(.symbol) { x += cell(row.symbol, Layout.symbol, false, x, y, base, &screen) }
        for (index, price) in row.prices.enumerated() where index < 3 && layout.shows(Layout.prices[index]) {
            let style =
                index == row.highestIndex ? colored(.rise) : index == row.lowestIndex ? colored(.fall) : base
            x += cell(price, Layout.price, true, x, y, style, &screen)
        }
        if layout.shows(.spread) { x += cell(row.spread, Layout.spread, true, x, y, base, &screen) }
        if layout.shows(.global) { x += cell(row.globalPrice, Layout.global, true, x, y, base, &screen) }
        if layout.shows(.premium) {
            x += cell(row.premium, Layout.premium, true, x, y, colored(row.premiumDirection), &screen)
        }
        // Deposits or withdrawals suspended somewhere: said after the premium, where it fits.
        if let wallet = row.wallet, x < screen.width {
            var style = TextStyle(foreground: .yellow, bold: true)
            style = Theme.selecting(style, row.isSelected)
            screen.write(wallet, x: x, y: y, style: style, maxWidth: screen.width - x)
        }
    }

    /// Writes a cell padded to `width` plus one space of gap; returns the columns used.
    private func cell(
        _ text: String, _ width: Int, _ right: Bool, _ x: Int, _ y: Int, _ style: TextStyle,
        _ screen: inout ScreenBuffer
    ) -> Int {
        let padded = right ? DisplayWidth.padLeft(text, to: width) : DisplayWidth.padRight(text, to: width)
        screen.write(padded, x: x, y: y, style: style, maxWidth: width)
        return width + 1
    }
}
