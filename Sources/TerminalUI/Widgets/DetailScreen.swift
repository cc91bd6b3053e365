import MarketDomain
public import MarketFeatures

/// The detail view (SPEC §1.6): name, live price and change, 24 h and 52-week stats, and the
/// daily candle chart filling the rest of the screen.
public struct DetailScreen: Sendable {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    public func draw(_ detail: DetailOutput, status board: BoardOutput, into screen: inout ScreenBuffer) {
        guard screen.width >= BoardScreen.minimumWidth, screen.height >= BoardScreen.minimumHeight else {
            BoardScreen.drawTooSmall(into: &screen)
            return
        }
        let color = theme.style(detail.direction)
        var x = screen.write(" \(detail.name) ", x: 0, y: 0, style: Theme.title)
        x += screen.write("\(detail.symbol) · \(detail.market.rawValue)   ", x: x, y: 0, style: Theme.hint)
        x += screen.write(detail.price + "  ", x: x, y: 0, style: TextStyle(foreground: color.foreground, bold: true))
        screen.write("\(detail.changeRate)  \(detail.changePrice)", x: x, y: 0, style: color)
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
        let chartTop = 3
        let chartHeight = screen.height - chartTop - 2
        if let status = detail.candleStatus {
            screen.write(status, x: 2, y: chartTop + 1, style: Theme.hint)
        } else {
            screen.write(
                "Daily candles (last \(min(detail.candles.count, screen.width - 16)) days)", x: 1, y: 2,
                style: Theme.header)
            CandleChart(theme: theme).draw(
                detail.candles, quote: detail.market.quote, into: &screen, x: 1, y: chartTop, width: screen.width - 2,
                height: chartHeight)
        }
        let y = screen.height - 1
        screen.fill(y: y, style: Theme.statusBar)
        let mode = board.status.isSimulated ? "SIMULATED" : "LIVE"
        screen.write(
            " \(board.status.exchange) │ \(mode) │ \(board.status.connection.label) │ Esc back  f favorite  q quit",
            x: 0, y: y, style: Theme.statusBar)
        if let toast = board.toast { BoardScreen.drawBanner(toast, into: &screen) }
    }
}
