import MarketDomain
public import MarketFeatures

/// The Watchlist tab drawn over the board's frame (SPEC §1.7): its key hints, a table of the rows
/// in the person's order with a sparkline of the last 30 closes, loading placeholders and
/// per-row errors, and the add-a-stock search, y/n question and toast over it.
public struct WatchlistScreen: Sendable {
    public var theme: Theme

    /// Makes a drawer.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// Column widths for a screen width.
    struct Layout {
        var name: Int
        var sparkline: Int
        static let code = 7
        static let market = 7
        static let price = 12
        static let rate = 8
        static let change = 10
        static let volume = 12

        init(width: Int) {
            let fixed = 2 + Self.code + Self.market + Self.price + Self.rate + Self.change + Self.volume + 8
            name = min(20, max(8, width - fixed - 12))
            sparkline = max(0, min(30, width - fixed - name - 1))
        }
    }

    /// Draws the tab into rows 1 to height − 2 of `screen` (the board drew the tabs and status).
    public func draw(_ output: WatchlistOutput, isSimulated: Bool, into screen: inout ScreenBuffer) {
        let layout = Layout(width: screen.width)
        for y in 1..<max(1, screen.height - 1) { screen.fill(y: y, style: .plain) }
        if let detail = output.detail {
            drawDetail(detail, into: &screen)
            return
        }
        let mode = isSimulated ? "SIMULATED" : "LIVE"
        let hints = " \(output.source) · \(mode) · \(output.status)   a add · d remove · J/K move · r refresh"
        screen.write(hints, x: 0, y: 1, style: Theme.hint, maxWidth: screen.width)
        drawHeader(layout, into: &screen)
        if let placeholder = output.placeholder {
            screen.write(placeholder, x: 2, y: 4, style: Theme.hint)
        }
        let first = max(0, (output.selectedIndex ?? 0) - (screen.height - 6))
        for (offset, row) in output.rows.dropFirst(first).enumerated() where 3 + offset < screen.height - 1 {
            draw(row, layout: layout, into: &screen, y: 3 + offset)
        }
        if let search = output.search {
            drawSearch(search, into: &screen)
        } else if let question = output.confirmation {
            BoardScreen.drawBanner(question, into: &screen)
        } else if let toast = output.toast {
            BoardScreen.drawBanner(toast, into: &screen)
        }
    }

    private func drawHeader(_ layout: Layout, into screen: inout ScreenBuffer) {
        screen.fill(y: 2, style: Theme.header)
        var x = screen.write("  ", x: 0, y: 2, style: Theme.header)
        for (title, width, right) in [
            ("이름", layout.name, false), ("Code", Layout.code, false), ("Market", Layout.market, false),
            ("Price", Layout.price, true), ("Chg%", Layout.rate, true), ("Change", Layout.change, true),
            ("Volume", Layout.volume, true), ("30 days", layout.sparkline, false),
        ] where width > 0 {
            x += cell(title, width, right, x, 2, Theme.header, &screen)
        }
    }

    private func draw(_ row: WatchlistOutput.Row, layout: Layout, into screen: inout ScreenBuffer, y: Int) {
        let base = row.isSelected ? Theme.selected : TextStyle.plain
        var color = theme.style(row.direction)
        color = Theme.selecting(color, row.isSelected)
        screen.fill(y: y, style: base)
        var x = screen.write("  ", x: 0, y: y, style: base)
        x += cell(row.name, layout.name, false, x, y, base, &screen)
        x += cell(row.id, Layout.code, false, x, y, base, &screen)
        x += cell(row.market, Layout.market, false, x, y, base, &screen)
        switch row.state {
        case .failed(let message) where row.price == "…":
            var warning = TextStyle(foreground: .yellow)
            warning = Theme.selecting(warning, row.isSelected)
            screen.write("⚠ " + message, x: x, y: y, style: warning, maxWidth: max(0, screen.width - x))
            return
        default:
            break
        }
        let priceStyle = row.state == .loading && row.price == "…" ? Theme.hint : color
        x += cell(row.price, Layout.price, true, x, y, priceStyle, &screen)
        x += cell(row.changeRate, Layout.rate, true, x, y, color, &screen)
        x += cell(row.changePrice, Layout.change, true, x, y, color, &screen)
        x += cell(row.volume, Layout.volume, true, x, y, base, &screen)
        if layout.sparkline > 0 {
            x += cell(String(row.sparkline.suffix(layout.sparkline)), layout.sparkline, false, x, y, color, &screen)
        }
        if case .failed(let message) = row.state {
            var warning = TextStyle(foreground: .yellow)
            warning = Theme.selecting(warning, row.isSelected)
            screen.write("⚠ " + message, x: x, y: y, style: warning, maxWidth: max(0, screen.width - x))
        }
    }

    private func drawDetail(_ detail: WatchlistOutput.Detail, into screen: inout ScreenBuffer) {
        screen.write(
            " \(detail.name)  \(detail.code)  \(detail.market)   Esc back", x: 0, y: 1, style: TextStyle(bold: true),
            maxWidth: screen.width)
        screen.write(" " + detail.summary, x: 0, y: 2, style: Theme.hint, maxWidth: screen.width)
        if let error = detail.error {
            screen.write(" ⚠ " + error, x: 2, y: 4, style: TextStyle(foreground: .yellow))
        } else if detail.isLoading {
            screen.write(" Loading daily bars…", x: 2, y: 4, style: Theme.hint)
        } else {
            let candles = detail.bars.map(\.candle)
            screen.write(" Daily bars (\(candles.count) days)", x: 0, y: 3, style: Theme.header)
            CandleChart(theme: theme).draw(
                candles, quote: detail.currency, into: &screen, x: 1, y: 4,
                width: screen.width - 2, height: max(4, screen.height - 6))
        }
    }

    private func drawSearch(_ search: StockSearchViewModel.Output, into screen: inout ScreenBuffer) {
        let width = min(screen.width - 4, 66)
        let visible = min(search.results.count, max(1, screen.height - 12))
        let height = min(screen.height - 5, visible + 4)
        let style = TextStyle(foreground: .white, background: .blue)
        let inner = PopupBox(x: (screen.width - width) / 2, y: 3, width: width, height: height, style: style)
            .draw(title: "Add a stock", into: &screen)
        guard inner.height > 0 else { return }
        let loading = search.isLoading ? "  searching…" : ""
        screen.write(" \(search.text)▏\(loading)", x: inner.x, y: inner.y, style: style, maxWidth: inner.width)
        if let error = search.remoteError {
            screen.write(" ⚠ " + error, x: inner.x, y: inner.y + 1, style: style, maxWidth: inner.width)
        } else if search.results.isEmpty {
            let hint = search.text.isEmpty ? " 이름, 초성 (ㅅㅅㅈㅈ), code or English name" : " no match"
            screen.write(hint, x: inner.x, y: inner.y + 1, style: style, maxWidth: inner.width)
        }
        for (index, stock) in search.results.prefix(min(visible, inner.height - 1)).enumerated() {
            var line = style
            if index == search.selectedIndex { line.reverse = true }
            let text = " \(stock.code)  \(stock.name(in: .korean))  \(stock.market.rawValue)"
            screen.write(
                DisplayWidth.padRight(text, to: inner.width), x: inner.x, y: inner.y + 1 + index, style: line,
                maxWidth: inner.width)
        }
    }

    private func cell(
        _ text: String, _ width: Int, _ right: Bool, _ x: Int, _ y: Int, _ style: TextStyle,
        _ screen: inout ScreenBuffer
    ) -> Int {
        let padded = right ? DisplayWidth.padLeft(text, to: width) : DisplayWidth.padRight(text, to: width)
        screen.write(padded, x: x, y: y, style: style, maxWidth: width)
        return width + 1
    }
}
