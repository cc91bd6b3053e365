import MarketDomain

/// A plain-text table whose columns line up on a terminal, measured in display columns so
/// Korean names (two columns per syllable) align.
public struct TextTable: Sendable {
    /// How a column's cells are aligned.
    public enum Alignment: Sendable {
        case left
        case right
    }

    /// One column: a title and an alignment; `maxWidth` cuts longer cells with `…`.
    public struct Column: Sendable {
        public var title: String
        public var alignment: Alignment
        public var maxWidth: Int

        /// Makes a column.
        public init(_ title: String, _ alignment: Alignment = .left, maxWidth: Int = 40) {
            self.title = title
            self.alignment = alignment
            self.maxWidth = maxWidth
        }
    }

    public var columns: [Column]
    public var rows: [[String]] = []

    /// A table with these columns and no rows.
    public init(columns: [Column]) {
        self.columns = columns
    }

    /// The table as lines: a header, a rule, then one line per row. Cells are sanitized of
    /// control characters first.
    public func render() -> [String] {
        let cleanRows = rows.map { $0.map(DisplayWidth.sanitized) }
        let widths = columns.enumerated().map { index, column in
            min(
                column.maxWidth,
                ([column.title] + cleanRows.map { index < $0.count ? $0[index] : "" }).map(DisplayWidth.of).max() ?? 0)
        }
        func line(_ cells: [String]) -> String {
            columns.enumerated().map { index, column in
                let cell = index < cells.count ? cells[index] : ""
                return column.alignment == .left
                    ? DisplayWidth.padRight(cell, to: widths[index]) : DisplayWidth.padLeft(cell, to: widths[index])
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")
        return [line(columns.map(\.title)), rule] + cleanRows.map(line)
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var text = self
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }
}
