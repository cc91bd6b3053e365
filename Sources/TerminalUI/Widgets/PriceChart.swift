import MarketDomain
public import MarketFeatures

/// A price chart in character cells (issue 30), drawn from the ``PriceChartLayout`` both faces
/// share: four layout rows a cell, the candles in half cells (`╻` `┃` `╿` … a body or a wick in
/// each half), the averages and bands as braille dots in the cells the candles leave free, the
/// volume in eighths of a cell (`▁` … `█`), and the RSI or MACD pane under it.
public struct PriceChart: Sendable {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// Columns the price axis takes on the right.
    public static let axisWidth = 14
    /// Layout rows a cell holds: two halves for a candle, four braille dots for a line.
    static let rowsPerCell = 4

    /// The cells given to each pane of a chart `height` cells high (its two title rows and its
    /// time axis taken out).
    struct Panes: Equatable {
        var price: Int
        var volume: Int
        var oscillator: Int
    }

    static func panes(height: Int, oscillator: Bool) -> Panes {
        let body = max(0, height - 3)
        let volume = max(1, min(3, body / 8))
        let oscillatorCells = oscillator ? max(3, body / 4) : 0
        return Panes(price: max(0, body - volume - oscillatorCells), volume: volume, oscillator: oscillatorCells)
    }

    /// Draws `detail`'s price chart in the box at `x`, `y` of `width` × `height`: the interval and
    /// the studies on the first row, the legend on the second, then the panes and the time axis.
    public func draw(_ detail: DetailOutput, into screen: inout ScreenBuffer, x: Int, y: Int, width: Int, height: Int) {
        drawTitle(detail, into: &screen, x: x, y: y, width: width)
        if let status = detail.candleStatus {
            screen.write(status, x: x + 1, y: y + 3, style: Theme.hint, maxWidth: width - 1)
            return
        }
        let panes = Self.panes(height: height, oscillator: detail.studies.oscillator != .none)
        let columns = width - Self.axisWidth - 1
        guard panes.price >= 3, columns >= 5 else { return }
        let layout = detail.priceChart(
            columns: columns, priceRows: panes.price * Self.rowsPerCell, volumeRows: panes.volume * 8,
            oscillatorRows: panes.oscillator * Self.rowsPerCell, labelSpacing: 12, readouts: false)
        var legend = layout.legend
        if layout.candlesPerColumn > 1 { legend = "\(layout.candlesPerColumn) candles a column (z: nearer)  " + legend }
        if layout.hiddenAfter > 0 { legend = "◀ \(layout.hiddenAfter) newer hidden (End: now)  " + legend }
        screen.write(legend, x: x, y: y + 1, style: Theme.hint, maxWidth: width)
        draw(layout, into: &screen, x: x, y: y + 2, panes: panes)
    }

    /// `5m candles  1s 1m 3m [5m] …  m MA  b BB  r RSI`: the chosen interval and study marked.
    private func drawTitle(_ detail: DetailOutput, into screen: inout ScreenBuffer, x: Int, y: Int, width: Int) {
        let title = detail.interval == .day ? "Daily candles" : "\(detail.interval.chartName) candles"
        var column = x + screen.write(title + "  ", x: x, y: y, style: Theme.header, maxWidth: width)
        for interval in detail.intervals where detail.intervals.count > 1 {
            let text = interval.chartName
            guard column + DisplayWidth.of(text) < x + width else { return }
            column += screen.write(
                text, x: column, y: y, style: interval == detail.interval ? Theme.activeTab : Theme.hint)
            column += 1
        }
        let studies = detail.studies
        let switches = [
            ("MA", studies.averages), ("BB", studies.bands), ("RSI", studies.oscillator == .rsi),
            ("MACD", studies.oscillator == .macd),
        ]
        column += 1
        for (name, on) in switches {
            guard column + DisplayWidth.of(name) < x + width else { return }
            column += screen.write(name, x: column, y: y, style: on ? Theme.activeTab : Theme.hint) + 1
        }
    }

    /// Draws a laid-out chart at `x`, `y`: the price pane, the volume, the oscillator, the time axis.
    func draw(_ layout: PriceChartLayout, into screen: inout ScreenBuffer, x: Int, y: Int, panes: Panes) {
        var occupied = Set<Int>()  // cells (column × 10,000 + row) a candle took
        for bar in layout.bars {
            let style = theme.style(bar.direction)
            let (highHalf, lowHalf) = (bar.high / 2, bar.low / 2)
            let (bodyTopHalf, bodyBottomHalf) = (bar.bodyTop / 2, bar.bodyBottom / 2)
            func part(_ half: Int) -> CandlePart {
                if half >= bodyTopHalf, half <= bodyBottomHalf { return .body }
                return half >= highHalf && half <= lowHalf ? .wick : .none
            }
            for cell in (highHalf / 2)...(lowHalf / 2) {
                let glyph = Self.glyph(top: part(cell * 2), bottom: part(cell * 2 + 1))
                guard glyph != " " else { continue }
                screen.write(String(glyph), x: x + bar.column, y: y + cell, style: style, maxWidth: 1)
                occupied.insert(bar.column * 10_000 + cell)
            }
        }
        drawLines(layout.overlays, into: &screen, x: x, y: y, cells: panes.price, occupied: occupied)
        for label in layout.priceLabels {
            screen.write(
                "┤ " + label.text, x: x + layout.columns + 1, y: y + label.position / Self.rowsPerCell,
                style: Theme.hint)
        }
        let volumeY = y + panes.price
        for bar in layout.bars where bar.volume > 0 {
            for cell in 0..<panes.volume {
                let eighths = min(8, bar.volume - cell * 8)
                guard eighths > 0 else { break }
                screen.write(
                    String(Self.eighths[eighths]), x: x + bar.column, y: volumeY + panes.volume - 1 - cell,
                    style: theme.style(bar.direction), maxWidth: 1)
            }
        }
        screen.write("┤ V " + layout.volumeLabel, x: x + layout.columns + 1, y: volumeY, style: Theme.hint)
        var timeY = volumeY + panes.volume
        if let pane = layout.oscillator, panes.oscillator > 0 {
            drawOscillator(pane, layout: layout, into: &screen, x: x, y: timeY, cells: panes.oscillator)
            timeY += panes.oscillator
        }
        for label in layout.timeLabels {
            screen.write("╵" + label.text, x: x + label.position, y: timeY, style: Theme.hint)
        }
    }

    /// RSI's or MACD's pane: its title and guides, the histogram in half cells, the lines in braille.
    private func drawOscillator(
        _ pane: PriceChartLayout.OscillatorPane, layout: PriceChartLayout, into screen: inout ScreenBuffer, x: Int,
        y: Int, cells: Int
    ) {
        for label in pane.labels {
            let row = y + label.position / Self.rowsPerCell
            for column in 0..<layout.columns { screen.write("┈", x: x + column, y: row, style: Theme.hint) }
            screen.write("┤ " + label.text, x: x + layout.columns + 1, y: row, style: Theme.hint)
        }
        var occupied = Set<Int>()
        for (column, end) in pane.histogram.enumerated() {
            // A bar that ends in the zero line's own half cell is nothing to see (issue 65: after
            // a spike every small bar drew a half block, a row of minimum-height blocks).
            guard let end, end / 2 != pane.zeroRow / 2 else { continue }
            let (from, to) = (min(end, pane.zeroRow) / 2, max(end, pane.zeroRow) / 2)
            for cell in (from / 2)...(to / 2) {
                let top = (cell * 2) >= from && (cell * 2) <= to
                let bottom = (cell * 2 + 1) >= from && (cell * 2 + 1) <= to
                let glyph: Character = top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " "
                guard glyph != " " else { continue }
                screen.write(
                    String(glyph), x: x + column, y: y + cell, style: theme.style(end < pane.zeroRow ? .rise : .fall),
                    maxWidth: 1)
                occupied.insert(column * 10_000 + cell)
            }
        }
        drawLines(pane.lines, into: &screen, x: x, y: y, cells: cells, occupied: occupied)
        screen.write(pane.title, x: x, y: y, style: Theme.header, maxWidth: layout.columns)
    }

    /// Lines as braille dots, each column's point in the left dots and the way to the next in the
    /// right ones, in the cells not `occupied`.
    private func drawLines(
        _ lines: [PriceChartLayout.Line], into screen: inout ScreenBuffer, x: Int, y: Int, cells: Int,
        occupied: Set<Int>
    ) {
        var dots: [Int: (bits: UInt32, kind: ChartLineKind)] = [:]
        for line in lines {
            for (column, row) in line.points.enumerated() {
                guard let row else { continue }
                let next = column + 1 < line.points.count ? line.points[column + 1] : nil
                let points = [(row, false), ((row + (next ?? row)) / 2, true)]
                for (point, isRight) in points {
                    let cell = point / Self.rowsPerCell
                    guard cell >= 0, cell < cells else { continue }
                    let bit = Self.brailleBits[isRight ? 1 : 0][point % Self.rowsPerCell]
                    let key = column * 10_000 + cell
                    dots[key] = ((dots[key]?.bits ?? 0) | bit, line.kind)
                }
            }
        }
        for (key, dot) in dots where !occupied.contains(key) {
            guard let scalar = Unicode.Scalar(0x2800 + dot.bits) else { continue }
            screen.write(
                String(Character(scalar)), x: x + key / 10_000, y: y + key % 10_000, style: Self.style(dot.kind),
                maxWidth: 1)
        }
    }

    /// The colour of each line.
    static func style(_ kind: ChartLineKind) -> TextStyle {
        switch kind {
        case .average20, .rsi: TextStyle(foreground: .yellow)
        case .average60, .signal: TextStyle(foreground: .magenta)
        case .bandUpper, .bandMiddle, .bandLower, .macd: TextStyle(foreground: .cyan)
        }
    }

    enum CandlePart { case none, wick, body }

    /// The cell for what its top and bottom halves hold.
    static func glyph(top: CandlePart, bottom: CandlePart) -> Character {
        switch (top, bottom) {
        case (.none, .none): " "
        case (.none, .wick): "╷"
        case (.none, .body): "╻"
        case (.wick, .none): "╵"
        case (.wick, .wick): "│"
        case (.wick, .body): "╽"
        case (.body, .none): "╹"
        case (.body, .wick): "╿"
        case (.body, .body): "┃"
        }
    }

    /// Eighths of a cell from the bottom, 0 … 8.
    static let eighths: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    /// The braille dots of the left and the right column, top to bottom.
    static let brailleBits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
}
