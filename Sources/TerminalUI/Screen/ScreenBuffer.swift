import MarketDomain

/// A terminal screen as a grid of cells that widgets draw into; the renderer compares two of
/// them and writes only what changed. A wide character (Hangul) fills its cell and the next,
/// which is marked as its continuation.
public struct ScreenBuffer: Sendable, Equatable {
    /// One column of one row.
    public struct Cell: Sendable, Equatable {
        /// What is shown; a space when empty.
        public var character: Character
        public var style: TextStyle
        /// Whether this cell is the right half of the wide character to its left.
        public var isContinuation: Bool

        public static let blank = Cell(character: " ", style: .plain, isContinuation: false)
    }

    public let width: Int
    public let height: Int
    private var cells: [Cell]

    /// A blank screen of `width` × `height` columns and rows.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at column `x`, row `y` (both from 0).
    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Writes `text` from column `x` on row `y`, at most `maxWidth` columns (to the right edge
    /// when `nil`), cutting with `…` without splitting a wide character; control characters are
    /// dropped. Returns the columns written.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: TextStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(maxWidth ?? (width - max(x, 0)), width - max(x, 0))
        guard limit > 0 else { return 0 }
        if let written = writeASCII(text, x: x, y: y, style: style, limit: limit) { return written }
        let visible = DisplayWidth.truncate(DisplayWidth.sanitized(text), to: limit)
        var column = x
        for character in visible {
            let columns = DisplayWidth.of(character)
            guard columns > 0 else { continue }
            if column >= 0 {
                set(Cell(character: character, style: style, isContinuation: false), x: column, y: y)
                if columns == 2 { set(Cell(character: " ", style: style, isContinuation: true), x: column + 1, y: y) }
            }
            column += columns
        }
        return column - x
    }

    /// Fills `count` columns of row `y` from `x` with spaces in `style`.
    public mutating func fill(x: Int = 0, y: Int, count: Int? = nil, style: TextStyle) {
        guard y >= 0, y < height else { return }
        let end = min(width, x + (count ?? width))
        for column in max(0, x)..<max(max(0, x), end) {
            set(Cell(character: " ", style: style, isContinuation: false), x: column, y: y)
        }
    }

    /// The text of row `y`, wide characters once each, trailing spaces kept.
    public func line(_ y: Int) -> String {
        var text = ""
        for x in 0..<width where !self[x, y].isContinuation { text.append(self[x, y].character) }
        return text
    }

    /// Every row's text, trailing spaces removed (for tests and snapshots).
    public var lines: [String] {
        (0..<height).map { y in
            var text = line(y)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// Takes lines `lines` (rows from 0) from `other`, a buffer of the same size; other rows and
    /// sizes are left as they are.
    public mutating func copyLines(_ lines: [Int], from other: ScreenBuffer) {
        guard other.width == width, other.height == height else { return }
        for line in lines where (0..<height).contains(line) {
            let row = line * width..<(line + 1) * width
            cells.replaceSubrange(row, with: other.cells[row])
        }
    }

    /// Writes printable ASCII that fits in `limit` columns (a board's numbers, symbols and padding)
    /// a byte a column, without breaking it into characters; `nil` for any other text, which
    /// ``write(_:x:y:style:maxWidth:)`` measures and cuts. Returns the columns written.
    private mutating func writeASCII(_ text: String, x: Int, y: Int, style: TextStyle, limit: Int) -> Int? {
        let bytes = text.utf8
        guard bytes.count <= limit, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        var column = x
        for byte in bytes {
            if column >= 0 {
                set(
                    Cell(character: Character(Unicode.Scalar(byte)), style: style, isContinuation: false), x: column,
                    y: y, isNarrow: true)
            }
            column += 1
        }
        return column - x
    }

    /// Puts `cell` at column `x` of row `y`; `isNarrow` says it is known to take one column.
    private mutating func set(_ cell: Cell, x: Int, y: Int, isNarrow: Bool = false) {
        guard x >= 0, x < width else { return }
        let index = y * width + x
        // Overwriting half of a wide character blanks its other half.
        if cells[index].isContinuation, x > 0 { cells[index - 1] = .blank }
        if !cell.isContinuation, x + 1 < width, cells[index + 1].isContinuation { cells[index + 1] = .blank }
        // A wide character that would stick out of the last column is shown as a space.
        if !isNarrow, !cell.isContinuation, DisplayWidth.of(cell.character) == 2, x + 1 >= width {
            cells[index] = Cell(character: " ", style: cell.style, isContinuation: false)
            return
        }
        cells[index] = cell
    }
}
