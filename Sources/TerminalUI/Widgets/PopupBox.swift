/// A bordered box drawn over whatever is beneath it: the area is cleared first, then framed
/// with light box-drawing lines and an optional title in the top border.
struct PopupBox {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var style: TextStyle

    /// Clears the box's area and draws its frame; returns the inner area's left column, top row,
    /// width and height.
    @discardableResult
    func draw(title: String? = nil, into screen: inout ScreenBuffer) -> (x: Int, y: Int, width: Int, height: Int) {
        guard width >= 4, height >= 3 else { return (x, y, 0, 0) }
        for row in y..<(y + height) { screen.fill(x: x, y: row, count: width, style: style) }
        let inner = width - 2
        screen.write("┌" + String(repeating: "─", count: inner) + "┐", x: x, y: y, style: style)
        for row in (y + 1)..<(y + height - 1) {
            screen.write("│", x: x, y: row, style: style)
            screen.write("│", x: x + width - 1, y: row, style: style)
        }
        screen.write("└" + String(repeating: "─", count: inner) + "┘", x: x, y: y + height - 1, style: style)
        if let title, !title.isEmpty {
            var bold = style
            bold.bold = true
            screen.write(" \(title) ", x: x + 2, y: y, style: bold, maxWidth: inner - 2)
        }
        return (x + 1, y + 1, inner, height - 2)
    }
}
