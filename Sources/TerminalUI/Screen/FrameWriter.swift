/// Turns a new frame into the ANSI output that changes the terminal from the previous frame:
/// only the cells that differ are written, each run after one cursor move.
public struct FrameWriter: Sendable {
    /// Whether to emit colours (off under `NO_COLOR`).
    public var colors: Bool

    /// Makes a writer.
    public init(colors: Bool = true) {
        self.colors = colors
    }

    /// The bytes that turn `previous` into `next` on screen; a full redraw when there is no
    /// previous frame or its size differs. Given `lines`, only those lines are compared (the
    /// caller knows the others are the same).
    public func output(from previous: ScreenBuffer?, to next: ScreenBuffer, lines: [Int]? = nil) -> String {
        var out = ""
        let full = previous == nil || previous?.width != next.width || previous?.height != next.height
        if full { out += "\u{1B}[0m\u{1B}[2J" }
        var currentStyle: TextStyle?
        let compared =
            full ? Array(0..<next.height) : (lines ?? Array(0..<next.height)).filter { (0..<next.height).contains($0) }
        for y in compared {
            var x = 0
            var cursorAt: Int?
            while x < next.width {
                let cell = next[x, y]
                let changed = full || previous.map { $0[x, y] != cell } ?? true
                if !changed || cell.isContinuation {
                    if !changed { cursorAt = nil }
                    x += 1
                    continue
                }
                if cursorAt != x { out += "\u{1B}[\(y + 1);\(x + 1)H" }
                if currentStyle != cell.style {
                    out += sgr(cell.style)
                    currentStyle = cell.style
                }
                out.append(cell.character)
                let columns = x + 1 < next.width && next[x + 1, y].isContinuation ? 2 : 1
                x += columns
                cursorAt = x
            }
        }
        if currentStyle != nil { out += "\u{1B}[0m" }
        return out
    }

    /// The SGR sequence that sets exactly this style.
    func sgr(_ style: TextStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        // Without colours a background (a flash, a selected row, a bar) still stands out: as
        // reverse video.
        if style.reverse || (!colors && style.background != nil && !style.reverse) { codes.append("7") }
        if colors {
            if let foreground = style.foreground { codes.append(Self.code(foreground, background: false)) }
            if let background = style.background { codes.append(Self.code(background, background: true)) }
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private static func code(_ color: TextStyle.Color, background: Bool) -> String {
        let base = background ? 40 : 30
        switch color {
        case .black: return String(base)
        case .red: return String(base + 1)
        case .green: return String(base + 2)
        case .yellow: return String(base + 3)
        case .blue: return String(base + 4)
        case .magenta: return String(base + 5)
        case .cyan: return String(base + 6)
        case .white: return String(base + 7)
        case .gray: return background ? "100" : "90"
        case .palette(let index): return (background ? "48;5;" : "38;5;") + String(index)
        }
    }
}
