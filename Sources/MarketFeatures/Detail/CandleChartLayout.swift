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

    /// The layout of `candles` (oldest first) in `columns` × `rows`, prices in `quote`'s format;
    /// empty when there is nothing to show or no room (fewer than 5 columns or 3 rows).
    public init(_ candles: [Candle], quote: String, columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        guard columns >= 5, rows >= 3, !candles.isEmpty else { return }
        let shown = Array(candles.suffix(columns))
        guard let top = shown.map(\.high).max(), let bottom = shown.map(\.low).min() else { return }
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
            return PriceLabel(row: row(price), price: price, text: NumberFormat.price(price, quote: quote))
        }
        dateLabels = stride(from: 0, to: shown.count, by: Self.dateSpacing).compactMap { column in
            let text = String(shown[column].day.description.dropFirst(5))
            return column + 1 + DisplayWidth.of(text) <= columns + 1 ? DateLabel(column: column, text: text) : nil
        }
    }
}
