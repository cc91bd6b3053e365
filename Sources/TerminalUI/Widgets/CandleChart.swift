public import MarketDomain

/// A daily candlestick chart sized to its box: one column per day (the latest days that fit),
/// a price axis on the right and dates below.
public struct CandleChart: Sendable {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// Draws `candles` (oldest first) in the box at `x`, `y` of `width` × `height`.
    public func draw(
        _ candles: [Candle], quote: String, into screen: inout ScreenBuffer, x: Int, y: Int, width: Int, height: Int
    ) {
        let axisWidth = 14
        let plotWidth = width - axisWidth - 1
        let plotHeight = height - 1  // the last row holds the dates
        guard plotWidth >= 5, plotHeight >= 3, !candles.isEmpty else { return }
        let shown = Array(candles.suffix(plotWidth))
        guard let top = shown.map(\.high).max(), let bottom = shown.map(\.low).min() else { return }
        let span = max(top - bottom, top * 1e-9, .leastNonzeroMagnitude)
        func row(_ price: Double) -> Int {
            let fraction = (price - bottom) / span
            return y + plotHeight - 1 - Int((fraction * Double(plotHeight - 1)).rounded())
        }
        for (offset, candle) in shown.enumerated() {
            let column = x + offset
            let direction: ChangeDirection =
                candle.close > candle.open ? .rise : (candle.close < candle.open ? .fall : .even)
            let style = theme.style(direction)
            let bodyTop = row(max(candle.open, candle.close))
            let bodyBottom = row(min(candle.open, candle.close))
            for line in row(candle.high)...row(candle.low) {
                let isBody = line >= bodyTop && line <= bodyBottom
                screen.write(isBody ? "█" : "│", x: column, y: line, style: style, maxWidth: 1)
            }
        }
        // The price axis: top, bottom and evenly spaced labels between.
        let labels = max(2, min(6, plotHeight / 3))
        for index in 0..<labels {
            let fraction = Double(index) / Double(labels - 1)
            let price = top - fraction * span
            screen.write(
                "┤ " + NumberFormat.price(price, quote: quote), x: x + plotWidth + 1, y: row(price), style: Theme.hint)
        }
        // Dates every 12 columns, as MM-dd.
        var column = 0
        while column < shown.count {
            let text = String(shown[column].day.description.dropFirst(5))
            if column + DisplayWidth.of(text) <= plotWidth {
                screen.write("╵" + text, x: x + column, y: y + plotHeight, style: Theme.hint)
            }
            column += 12
        }
    }
}
