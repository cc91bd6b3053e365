import MarketDomain
public import MarketFeatures

/// The detail view (SPEC §1.6, §1.13): name, live price and change, 24 h and 52-week stats, the
/// daily candle chart, and the order book and the trade tape beside it when the window is wide
/// enough (``wideWidth``), or one of the three at a time under sub-tabs when it is not.
public struct DetailScreen: Sendable {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// The narrowest window that shows the chart, the book and the tape side by side.
    public static let wideWidth = 130

    /// Draws `detail` full screen, with the board's status line and toast.
    public func draw(_ detail: DetailOutput, status board: BoardOutput, into screen: inout ScreenBuffer) {
        guard screen.width >= BoardScreen.minimumWidth, screen.height >= BoardScreen.minimumHeight else {
            BoardScreen.drawTooSmall(into: &screen)
            return
        }
        drawHeader(detail, into: &screen)
        let top = 2
        let height = screen.height - top - 1
        var hints = "Esc back  f favorite  q quit"
        if detail.premium != nil {
            hints = (detail.chart == .premium ? "k price  i interval  p basis  " : "k 김프  ") + hints
        }
        if detail.depth != nil { hints = "g 모아보기  " + hints }
        if detail.chart == .price { hints = "1-0 m b r < > chart  " + hints }
        if let depth = detail.depth {
            if screen.width >= Self.wideWidth {
                drawSideBySide(detail, depth, into: &screen, y: top, height: height)
            } else {
                drawPanes(detail, depth, into: &screen, y: top, height: height)
                hints = "Tab pane  " + hints
            }
        } else {
            drawChart(detail, into: &screen, x: 1, y: top, width: screen.width - 2, height: height)
        }
        let y = screen.height - 1
        screen.fill(y: y, style: Theme.statusBar)
        let mode = board.status.isSimulated ? "SIMULATED" : "LIVE"
        screen.write(
            " \(board.status.exchange) │ \(mode) │ \(board.status.connection.label) │ \(hints)",
            x: 0, y: y, style: Theme.statusBar)
        if let toast = board.toast { BoardScreen.drawBanner(toast, into: &screen) }
    }

    /// The name, price and change on the first row, the 24-hour and 52-week figures that fit on the second.
    private func drawHeader(_ detail: DetailOutput, into screen: inout ScreenBuffer) {
        let color = theme.style(detail.direction)
        var x = screen.write(" \(detail.name) ", x: 0, y: 0, style: Theme.title)
        x += screen.write("\(detail.symbol) · \(detail.market.rawValue)   ", x: x, y: 0, style: Theme.hint)
        x += screen.write(detail.price + "  ", x: x, y: 0, style: TextStyle(foreground: color.foreground, bold: true))
        x += screen.write("\(detail.changeRate)  \(detail.changePrice)", x: x, y: 0, style: color)
        if let warning = detail.warning {
            x += screen.write(
                "   ⚠ " + warning, x: x, y: 0, style: TextStyle(foreground: .yellow, bold: true),
                maxWidth: max(0, screen.width - x))
        }
        if let wallet = detail.wallet, x < screen.width {
            screen.write(
                "   ⛔ " + wallet, x: x, y: 0, style: TextStyle(foreground: .yellow, bold: true),
                maxWidth: max(0, screen.width - x))
        }
        let stats = [
            ("24h high", detail.high24h), ("24h low", detail.low24h), ("24h volume", detail.volume24h),
            ("24h value", detail.value24h), ("52w high", detail.high52Week), ("52w low", detail.low52Week),
        ]
        var statX = 1
        for (label, value) in stats {
            let text = "\(label) \(value)"
            if statX + DisplayWidth.of(text) >= screen.width { break }
            screen.write(label, x: statX, y: 1, style: Theme.hint)
            screen.write(value, x: statX + DisplayWidth.of(label) + 1, y: 1)
            statX += DisplayWidth.of(text) + 3
        }
    }

    /// The chart, the book and the tape side by side.
    private func drawSideBySide(
        _ detail: DetailOutput, _ depth: DepthOutput, into screen: inout ScreenBuffer, y: Int, height: Int
    ) {
        let tapeX = screen.width - TradeTapeView.preferredWidth
        // The running totals (누적) where the chart keeps room enough.
        let bookWidth = screen.width >= 160 ? OrderBookView.widthWithTotals : OrderBookView.preferredWidth
        let bookX = tapeX - bookWidth - 1
        drawChart(detail, into: &screen, x: 1, y: y, width: bookX - 3, height: height)
        OrderBookView(theme: theme).draw(depth, into: &screen, x: bookX, y: y, width: bookWidth, height: height)
        TradeTapeView(theme: theme).draw(
            depth, into: &screen, x: tapeX, y: y, width: TradeTapeView.preferredWidth - 1, height: height)
    }

    /// One of the three under their tabs, the one the output chose.
    private func drawPanes(
        _ detail: DetailOutput, _ depth: DepthOutput, into screen: inout ScreenBuffer, y: Int, height: Int
    ) {
        var tabX = 1
        for pane in DetailPane.allCases {
            tabX += screen.write(
                " \(pane.title) ", x: tabX, y: y, style: pane == detail.pane ? Theme.activeTab : Theme.inactiveTab)
            tabX += 1
        }
        let paneY = y + 1
        let paneHeight = height - 1
        switch detail.pane {
        case .chart:
            drawChart(detail, into: &screen, x: 1, y: paneY, width: screen.width - 2, height: paneHeight)
        case .orderBook:
            OrderBookView(theme: theme).draw(
                depth, into: &screen, x: 1, y: paneY, width: min(screen.width - 2, OrderBookView.widthWithTotals + 4),
                height: paneHeight)
        case .trades:
            TradeTapeView(theme: theme).draw(
                depth, into: &screen, x: 1, y: paneY, width: min(screen.width - 2, 48), height: paneHeight)
        }
    }

    /// The candle chart under its title row, or why there is none.
    private func drawChart(
        _ detail: DetailOutput, into screen: inout ScreenBuffer, x: Int, y: Int, width: Int, height: Int
    ) {
        if detail.chart == .premium, let premium = detail.premium {
            drawPremium(premium, into: &screen, x: x, y: y, width: width, height: height)
            return
        }
        PriceChart(theme: theme).draw(detail, into: &screen, x: x, y: y, width: width, height: height)
    }

    /// The premium history (issue 29): its interval and where today stands on the title row, the
    /// premium of now on both bases under it, then the chart of the chosen basis.
    private func drawPremium(
        _ premium: PremiumOutput, into screen: inout ScreenBuffer, x: Int, y: Int, width: Int, height: Int
    ) {
        var titleX = x
        titleX += screen.write(
            "김프 history " + premium.intervalChoices, x: x, y: y, style: Theme.header, maxWidth: width)
        if !premium.standing.isEmpty {
            screen.write(
                "  " + premium.standing, x: titleX, y: y, style: Theme.hint, maxWidth: max(0, width - titleX + x))
        }
        screen.write(premium.headline, x: x, y: y + 1, maxWidth: width)
        if let fillable = premium.fillable {
            screen.write(fillable + "  (+ - amount)", x: x, y: y + 2, style: Theme.hint, maxWidth: width)
        }
        if let status = premium.status {
            screen.write(status, x: x + 1, y: y + 4, style: Theme.hint, maxWidth: width)
            return
        }
        let axisWidth = 14
        let layout = CandleChartLayout(
            premium: premium.bars, basis: premium.basis, columns: width - axisWidth - 1, rows: height - 4)
        CandleChart(theme: theme).draw(layout, into: &screen, x: x, y: y + 3)
    }
}
