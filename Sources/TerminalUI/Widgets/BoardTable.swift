public import MarketDomain
public import MarketFeatures

/// The market table (SPEC §1.1): favorite star, name, symbol, price, change rate, change, 24h
/// trade value; numbers right-aligned, names measured in display columns.
public struct BoardTable: Sendable {
    /// Column widths for a screen width.
    struct Layout: Equatable {
        var name: Int
        static let star = 2
        static let symbol = 8
        static let price = 14
        static let rate = 9
        static let change = 13
        static let value = 13

        init(width: Int) {
            let fixed = Self.star + Self.symbol + Self.price + Self.rate + Self.change + Self.value + 6
            name = min(24, max(8, width - fixed))
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
        _ = write(
            title("Value", .value, 4), width: Layout.value, right: true, x: x, y: y, style: Theme.header, into: &screen)
    }

    /// Draws one row on line `y`.
    public func draw(_ row: BoardRow, into screen: inout ScreenBuffer, y: Int) {
        let layout = Layout(width: screen.width)
        let base = row.isSelected ? Theme.selected : TextStyle.plain
        var color = theme.style(row.direction)
        color.reverse = row.isSelected
        screen.fill(y: y, style: base)
        var x = 0
        x += screen.write(
            row.isFavorite ? "★ " : "  ", x: x, y: y, style: row.isFavorite ? merge(Theme.star, base) : base)
        x += write(row.name, width: layout.name, right: false, x: x, y: y, style: base, into: &screen)
        x += write(row.symbol, width: Layout.symbol, right: false, x: x, y: y, style: base, into: &screen)
        let priceStyle = row.flash.map(theme.flash) ?? color
        x += write(row.price, width: Layout.price, right: true, x: x, y: y, style: priceStyle, into: &screen)
        x += write(row.changeRate, width: Layout.rate, right: true, x: x, y: y, style: color, into: &screen)
        x += write(row.changePrice, width: Layout.change, right: true, x: x, y: y, style: color, into: &screen)
        _ = write(row.tradeValue, width: Layout.value, right: true, x: x, y: y, style: base, into: &screen)
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
