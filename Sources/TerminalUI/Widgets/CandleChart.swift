public import MarketDomain
public import MarketFeatures

/// A daily candlestick chart sized to its box: one column per day (the latest days that fit),
/// a price axis on the right and dates below.
public struct CandleChart: Sendable {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// Draws `candles` (oldest first) in the box at `x`, `y` of `width` × `height`: the plot
    /// beside a 14-column price axis, the dates on the last row, as ``CandleChartLayout`` places them.
    public func draw(
        _ candles: [Candle], quote: String, into screen: inout ScreenBuffer, x: Int, y: Int, width: Int, height: Int
    ) {
        let axisWidth = 14
        draw(
            CandleChartLayout(candles, quote: quote, columns: width - axisWidth - 1, rows: height - 1), into: &screen,
            x: x, y: y)
    }

    /// Draws a laid-out chart at `x`, `y`: its columns, then its axis, its labels on the row under it.
    public func draw(_ layout: CandleChartLayout, into screen: inout ScreenBuffer, x: Int, y: Int) {
        for bar in layout.bars {
            let style = theme.style(bar.direction)
            for row in bar.highRow...bar.lowRow {
                let isBody = row >= bar.bodyTopRow && row <= bar.bodyBottomRow
                screen.write(isBody ? "█" : "│", x: x + bar.column, y: y + row, style: style, maxWidth: 1)
            }
        }
        for label in layout.priceLabels {
            screen.write("┤ " + label.text, x: x + layout.columns + 1, y: y + label.row, style: Theme.hint)
        }
        for label in layout.dateLabels {
            screen.write("╵" + label.text, x: x + label.column, y: y + layout.rows, style: Theme.hint)
        }
    }
}
