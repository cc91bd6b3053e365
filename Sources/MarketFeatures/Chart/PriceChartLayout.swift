public import MarketDomain

/// Where each part of a price chart goes (issue 30), computed once for both faces: the candles
/// of one interval in `columns` (one a column), their wicks and bodies in `priceRows` rows (row 0
/// at the top), the moving averages and Bollinger bands over them, the volume under them in
/// `volumeRows`, and the RSI or MACD pane in `oscillatorRows`. The terminal asks for four rows a
/// character cell (half blocks for the candles, braille for the lines); the page asks for rows
/// fine enough for pixels. Each column's readout (time, OHLC, volume) is the page's crosshair.
public struct PriceChartLayout: Sendable, Equatable, Codable {
    /// One candle in the grid.
    public struct Bar: Sendable, Equatable, Codable {
        /// The column, from the left.
        public var column: Int
        /// The candle's start, Unix ms.
        public var start: Int64
        /// Up, down or flat from the open to the close (the colour).
        public var direction: ChangeDirection
        /// The rows of the high and the low (the wick), top first.
        public var high: Int
        public var low: Int
        /// The rows of the higher and the lower of the open and the close (the body).
        public var bodyTop: Int
        public var bodyBottom: Int
        /// The volume bar's height in volume rows, from the bottom (0 … `volumeRows`).
        public var volume: Int
    }

    /// A line over the candles or in the oscillator pane: one row a column, `nil` where the
    /// study is not defined yet.
    public struct Line: Sendable, Equatable, Codable {
        public var kind: ChartLineKind
        public var points: [Int?]
    }

    /// A label at a row (the price axis) or a column (the time axis).
    public struct Label: Sendable, Equatable, Codable {
        public var position: Int
        public var text: String
    }

    /// The pane under the volume: RSI's line with its 70 and 30 guides, or MACD's two lines and
    /// histogram about its zero row.
    public struct OscillatorPane: Sendable, Equatable, Codable {
        public var kind: ChartOscillator
        /// `RSI(14) 55.20`, `MACD(12,26,9) 1,234 / 1,100 / 134`: the newest shown values.
        public var title: String
        public var lines: [Line] = []
        /// Each column's histogram bar end, drawn from `zeroRow` (MACD).
        public var histogram: [Int?] = []
        /// The row of zero (MACD), of the middle of RSI's 30 and 70 otherwise.
        public var zeroRow: Int
        /// The guides and their values: RSI's 70 and 30, MACD's zero.
        public var labels: [Label] = []
    }

    public var interval: CandleInterval
    public var columns: Int
    public var priceRows: Int
    public var volumeRows: Int
    public var oscillatorRows: Int
    public var bars: [Bar] = []
    /// The moving averages and the Bollinger bands, as chosen.
    public var overlays: [Line] = []
    /// From the top of the price axis to its bottom, at round prices.
    public var priceLabels: [Label] = []
    /// The prices of the price pane's first and last rows, and the decimals a price is written
    /// with: the page's crosshair says the price under the pointer from them.
    public var priceTop = 0.0
    public var priceBottom = 0.0
    public var priceDecimals = 0
    public var timeLabels: [Label] = []
    /// The newest shown values of the overlays: `MA20 96,512,000  MA60 96,100,000`.
    public var legend = ""
    /// The largest volume shown, as text (the top of the volume pane).
    public var volumeLabel = ""
    public var oscillator: OscillatorPane?
    /// Each column's time, OHLC and volume in words (the page's crosshair), by the column as
    /// text: an object, so a tick that moves the newest candle changes one key of it.
    public var readouts: [String: String] = [:]
    /// Candles each column draws merged (zoomed out past one a column); 1 otherwise.
    public var candlesPerColumn = 1
    /// Candles before the first shown and after the last (what a pan can bring in).
    public var hiddenBefore = 0
    public var hiddenAfter = 0

    /// The layout of the candles `window` shows of `candles` (oldest first; the studies read up to
    /// ``warmUp`` candles before the window, so a window's first averages are as defined as its
    /// last), prices in `quote`'s
    /// format; empty when there is nothing to show or no room. Without `readouts` (a face with no
    /// crosshair) the columns' readouts are left out: a thousand of them are most of the work.
    public init(
        candles: [IntervalCandle], interval: CandleInterval, quote: String, studies: ChartStudies,
        window: ChartWindow, columns: Int, priceRows: Int, volumeRows: Int, oscillatorRows: Int, labelSpacing: Int,
        readouts wantsReadouts: Bool = true
    ) {
        self.interval = interval
        self.columns = columns
        self.priceRows = priceRows
        self.volumeRows = volumeRows
        self.oscillatorRows = studies.oscillator == .none ? 0 : oscillatorRows
        guard columns >= 5, priceRows >= 3, !candles.isEmpty else { return }
        let shown = window.shown(available: candles.count, columns: columns)
        guard !shown.isEmpty else { return }
        hiddenBefore = shown.lowerBound
        hiddenAfter = candles.count - shown.upperBound
        // The studies read the window and the warm-up before it: the averages need their period,
        // and the exponential ones (RSI, MACD) forget a candle 300 back to under 1e-9 of a price.
        let read = max(0, shown.lowerBound - Self.warmUp)..<shown.upperBound
        let closes = candles[read].map(\.close)
        let inRead = (shown.lowerBound - read.lowerBound)..<(shown.upperBound - read.lowerBound)
        let visible = Array(candles[shown])
        let series = Self.overlaySeries(closes, studies: studies).map { kind, values in
            (kind, Array(values[inRead]))
        }
        // The axis spans the candles and the overlays shown.
        var top = visible.map(\.high).max() ?? 0
        var bottom = visible.map(\.low).min() ?? 0
        for (_, values) in series {
            for value in values.compactMap({ $0 }) {
                top = max(top, value)
                bottom = min(bottom, value)
            }
        }
        let span = max(top - bottom, abs(top) * 1e-9, .leastNonzeroMagnitude)
        let rows = priceRows
        func row(_ price: Double) -> Int {
            min(rows - 1, max(0, Int(((top - price) / span * Double(rows - 1)).rounded())))
        }
        let largestVolume = visible.map(\.volume).max() ?? 0
        bars = visible.enumerated().map { column, candle in
            Bar(
                column: column, start: candle.start,
                direction: candle.close > candle.open ? .rise : (candle.close < candle.open ? .fall : .even),
                high: row(candle.high), low: row(candle.low), bodyTop: row(max(candle.open, candle.close)),
                bodyBottom: row(min(candle.open, candle.close)),
                volume: largestVolume > 0 ? Int((candle.volume / largestVolume * Double(volumeRows)).rounded()) : 0)
        }
        overlays = series.map { kind, values in Line(kind: kind, points: values.map { $0.map(row) }) }
        legend = series.compactMap { kind, values in
            values.last.flatMap { $0 }.map { "\(kind.label) \(NumberFormat.price($0, quote: quote))" }
        }.joined(separator: "  ")
        // Round prices on the axis (issue 65): 1, 2, 2.5 or 5 times a power of ten apart.
        let labelCount = max(2, min(6, priceRows / 12))
        priceLabels = ChartTicks.round(from: bottom, to: top, about: labelCount).reversed().map { price in
            Label(position: row(price), text: NumberFormat.price(price, quote: quote))
        }
        (priceTop, priceBottom) = (top, top - span)
        priceDecimals = NumberFormat.decimals(forPrice: top, quote: quote)
        let spacing = max(1, labelSpacing)
        timeLabels = stride(from: 0, to: visible.count, by: spacing).map { column in
            Label(position: column, text: interval.axisLabel(visible[column].start))
        }
        // Short enough not to be cut at the axis (issue 65: `V 15,253,087…` was).
        volumeLabel = NumberFormat.compact(largestVolume)
        for (column, candle) in visible.enumerated() where wantsReadouts {
            let prices = [("O", candle.open), ("H", candle.high), ("L", candle.low), ("C", candle.close)]
                .map { "\($0) \(NumberFormat.price($1, quote: quote))" }.joined(separator: "  ")
            readouts[String(column)] =
                "\(interval.readoutTime(candle.start))  \(prices)  V \(NumberFormat.fixed(candle.volume, decimals: 3))"
        }
        if studies.oscillator != .none, oscillatorRows >= 3 {
            oscillator = Self.oscillatorPane(studies.oscillator, closes: closes, shown: inRead, rows: oscillatorRows)
        }
    }

    /// The chosen overlays' values over every close.
    private static func overlaySeries(_ closes: [Double], studies: ChartStudies) -> [(ChartLineKind, [Double?])] {
        var series: [(ChartLineKind, [Double?])] = []
        if studies.averages {
            series.append((.average20, Indicators.simpleMovingAverage(closes, period: 20)))
            series.append((.average60, Indicators.simpleMovingAverage(closes, period: 60)))
        }
        if studies.bands {
            let bands = Indicators.bollingerBands(closes)
            series.append((.bandUpper, bands.map { $0?.upper }))
            series.append((.bandMiddle, bands.map { $0?.middle }))
            series.append((.bandLower, bands.map { $0?.lower }))
        }
        return series
    }

    /// Candles read before the first shown for the studies' sake.
    static let warmUp = 300

    /// RSI on a fixed 0–100 scale, or MACD on a scale symmetric about zero over what shows.
    private static func oscillatorPane(
        _ kind: ChartOscillator, closes: [Double], shown: Range<Int>, rows: Int
    ) -> OscillatorPane {
        func row(_ fraction: Double) -> Int { min(rows - 1, max(0, Int((fraction * Double(rows - 1)).rounded()))) }
        switch kind {
        case .none, .rsi:
            let values = Array(Indicators.relativeStrengthIndex(closes)[shown])
            let rsiRow = { (value: Double) in row((100 - value) / 100) }
            let newest = values.last.flatMap { $0 }.map { NumberFormat.fixed($0, decimals: 2) } ?? "–"
            return OscillatorPane(
                kind: .rsi, title: "RSI(14) \(newest)",
                lines: [Line(kind: .rsi, points: values.map { $0.map(rsiRow) })],
                zeroRow: rsiRow(50),
                labels: [Label(position: rsiRow(70), text: "70"), Label(position: rsiRow(30), text: "30")])
        case .macd:
            let macd = Indicators.macd(closes)
            let (line, signal, histogram) = (
                Array(macd.line[shown]), Array(macd.signal[shown]), Array(macd.histogram[shown])
            )
            let extent = max((line + signal + histogram).compactMap { $0.map(abs) }.max() ?? 0, .leastNonzeroMagnitude)
            let macdRow = { (value: Double) in row((extent - value) / (2 * extent)) }
            let newest = [line, signal, histogram].map { values in
                values.last.flatMap { $0 }.map { NumberFormat.signed($0, decimals: Self.decimals(extent)) } ?? "–"
            }
            return OscillatorPane(
                kind: .macd, title: "MACD(12,26,9) " + newest.joined(separator: " / "),
                lines: [
                    Line(kind: .macd, points: line.map { $0.map(macdRow) }),
                    Line(kind: .signal, points: signal.map { $0.map(macdRow) }),
                ],
                histogram: histogram.map { $0.map(macdRow) }, zeroRow: macdRow(0),
                labels: [Label(position: macdRow(0), text: "0")])
        }
    }

    /// Decimals that show a value of about `extent` with three significant digits.
    private static func decimals(_ extent: Double) -> Int {
        guard extent < 100 else { return 0 }
        var decimals = 2
        var scale = 1.0
        while extent < scale, decimals < 8 {
            scale /= 10
            decimals += 1
        }
        return decimals
    }
}

/// A line a price chart draws, with its name in the legend.
public enum ChartLineKind: String, Sendable, Equatable, Codable {
    case average20
    case average60
    case bandUpper
    case bandMiddle
    case bandLower
    case rsi
    case macd
    case signal

    /// Its name in a legend.
    public var label: String {
        switch self {
        case .average20: "MA20"
        case .average60: "MA60"
        case .bandUpper: "BB+"
        case .bandMiddle: "BB"
        case .bandLower: "BB−"
        case .rsi: "RSI"
        case .macd: "MACD"
        case .signal: "Signal"
        }
    }
}

extension CandleInterval {
    /// A candle's start on the time axis, in KST: `15:35:10`, `15:35`, `11-26 15h`, `11-26`, `2026-11`.
    public func axisLabel(_ start: Int64) -> String {
        let stamp = KoreanTime.dateClock(start)  // 2026-11-26 15:35:10
        return switch self {
        case .second: String(stamp.suffix(8))
        case .hour, .fourHours: String(stamp.dropFirst(5).prefix(8)) + "h"
        case .day, .week: String(stamp.dropFirst(5).prefix(5))
        case .month: String(stamp.prefix(7))
        default: String(stamp.dropFirst(11).prefix(5))
        }
    }

    /// A candle's start in a readout, in KST: `2026-11-26 15:35 KST`, the day alone for days and weeks.
    public func readoutTime(_ start: Int64) -> String {
        let stamp = KoreanTime.dateClock(start)
        return switch self {
        case .second: stamp + " KST"
        case .day, .week: String(stamp.prefix(10))
        case .month: String(stamp.prefix(7))
        default: String(stamp.prefix(16)) + " KST"
        }
    }
}
