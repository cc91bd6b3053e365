public import MarketDomain

/// Where each part of a daily candlestick chart goes, in a grid of `columns` × `rows` cells
/// (row 0 at the top): one column per day (the latest days that fit), each candle's wick and
/// body, the price labels of the axis and the dates below. The terminal draws it in character
/// cells; a page can draw the same layout in pixels, so both charts agree.
public struct CandleChartLayout: Sendable, Equatable, Codable {
    /// One day's candle in the grid.
    public struct Bar: Sendable, Equatable, Codable {
        /// The day's column, from the left.
        public var column: Int
        public var day: TradingDay
        /// Up, down or flat from the open to the close (the colour).
        public var direction: ChangeDirection
        /// The rows of the high and the low (the wick), top first.
        public var highRow: Int
        public var lowRow: Int
        /// The rows of the higher and the lower of the open and the close (the body).
        public var bodyTopRow: Int
        public var bodyBottomRow: Int
    }

    /// A label on the price axis.
    public struct PriceLabel: Sendable, Equatable, Codable {
        public var row: Int
        public var price: Double
        public var text: String
    }

    /// A date under the chart.
    public struct DateLabel: Sendable, Equatable, Codable {
        public var column: Int
        /// `MM-dd`.
        public var text: String
    }

    public var columns: Int
    public var rows: Int
    public var bars: [Bar] = []
    /// From the top of the axis to its bottom.
    public var priceLabels: [PriceLabel] = []
    public var dateLabels: [DateLabel] = []

    /// Columns between two dates.
    public static let dateSpacing = 12

    /// One bar to lay out: its day, the text under its column, and its four values.
    public struct Point: Sendable, Equatable {
        public var day: TradingDay
        public var label: String
        public var open: Double
        public var high: Double
        public var low: Double
        public var close: Double

        /// A point from its fields.
        public init(day: TradingDay, label: String, open: Double, high: Double, low: Double, close: Double) {
            self.day = day
            self.label = label
            self.open = open
            self.high = high
            self.low = low
            self.close = close
        }
    }

    /// The layout of `candles` (oldest first) in `columns` × `rows`, prices in `quote`'s format;
    /// empty when there is nothing to show or no room (fewer than 5 columns or 3 rows).
    public init(_ candles: [Candle], quote: String, columns: Int, rows: Int) {
        self.init(
            points: candles.suffix(max(columns, 0)).map { candle in
                Point(
                    day: candle.day, label: String(candle.day.description.dropFirst(5)), open: candle.open,
                    high: candle.high, low: candle.low, close: candle.close)
            }, columns: columns, rows: rows, axis: { NumberFormat.price($0, quote: quote) })
    }

    /// The layout of a premium history (issue 29) on `basis`, oldest first: one column a bar, the
    /// axis in signed percent, each column labelled with its bar's start in KST.
    public init(premium bars: [PremiumBar], basis: PremiumBasis, columns: Int, rows: Int) {
        self.init(
            points: bars.suffix(max(columns, 0)).compactMap { bar in
                bar.on(basis).map { value in
                    Point(
                        day: TradingDay(unixMilliseconds: bar.start), label: bar.interval.label(bar.start),
                        open: value.open * 100, high: value.high * 100, low: value.low * 100,
                        close: value.close * 100)
                }
            }, columns: columns, rows: rows, minimumSpan: 0.2, axis: { NumberFormat.changeRate($0 / 100) })
    }

    /// The layout of `points` (oldest first), the axis's values written by `axis`; an axis spans
    /// at least `minimumSpan` (centred on the values), so a flat series draws flat.
    public init(points: [Point], columns: Int, rows: Int, minimumSpan: Double = 0, axis: (Double) -> String) {
        self.columns = columns
        self.rows = rows
        guard columns >= 5, rows >= 3, !points.isEmpty else { return }
        let shown = Array(points.suffix(columns))
        guard var top = shown.map(\.high).max(), var bottom = shown.map(\.low).min() else { return }
        if top - bottom < minimumSpan {
            let middle = (top + bottom) / 2
            (top, bottom) = (middle + minimumSpan / 2, middle - minimumSpan / 2)
        }
        let span = max(top - bottom, top * 1e-9, .leastNonzeroMagnitude)
        func row(_ price: Double) -> Int {
            let fraction = (price - bottom) / span
            return rows - 1 - Int((fraction * Double(rows - 1)).rounded())
        }
        bars = shown.enumerated().map { column, candle in
            Bar(
                column: column, day: candle.day,
                direction: candle.close > candle.open ? .rise : (candle.close < candle.open ? .fall : .even),
                highRow: row(candle.high), lowRow: row(candle.low), bodyTopRow: row(max(candle.open, candle.close)),
                bodyBottomRow: row(min(candle.open, candle.close)))
        }
        // The top, the bottom and evenly spaced prices between.
        let count = max(2, min(6, rows / 3))
        priceLabels = (0..<count).map { index in
            let price = top - Double(index) / Double(count - 1) * span
            return PriceLabel(row: row(price), price: price, text: axis(price))
        }
        dateLabels = stride(from: 0, to: shown.count, by: Self.dateSpacing).compactMap { column in
            let text = shown[column].label
            return column + 1 + DisplayWidth.of(text) <= columns + 1 ? DateLabel(column: column, text: text) : nil
        }
    }
}
