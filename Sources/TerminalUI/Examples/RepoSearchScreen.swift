import Foundation
import MarketDomain
public import MarketFeatures

/// The `repo-search` example's screen: the query line with a loading mark, the repositories (full
/// name, stars, language, description), the error line, and the chosen id in a dialog box.
public struct RepoSearchScreen: Sendable {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    public func draw(_ output: RepoSearchViewModel.Output, into screen: inout ScreenBuffer) {
        var x = screen.write(" GitHub repository search ", x: 0, y: 0, style: Theme.title)
        x += screen.write(" type to search · ↑↓ move · Enter shows the id · Esc quits", x: x, y: 0, style: Theme.hint)
        let typed = screen.write(" > " + output.query, x: 0, y: 1, style: TextStyle(bold: true))
        if output.isLoading { screen.write("  searching…", x: typed, y: 1, style: Theme.hint) }
        let top = 3
        let rows = max(0, screen.height - top - 2)
        let first = max(0, min(output.selectedIndex - rows + 1, output.rows.count - rows))
        for (offset, row) in output.rows.dropFirst(first).prefix(rows).enumerated() {
            let y = top + offset
            let selected = first + offset == output.selectedIndex
            if selected { screen.fill(y: y, style: Theme.selected) }
            let style = selected ? Theme.selected : TextStyle()
            var bold = style
            bold.bold = true
            let name = screen.write(" " + row.fullName, x: 0, y: y, style: bold, maxWidth: 40)
            screen.write(row.stars, x: max(name + 2, 42), y: y, style: selected ? style : Theme.star)
            screen.write(row.language, x: 54, y: y, style: selected ? style : Theme.hint, maxWidth: 12)
            screen.write(row.description, x: 68, y: y, style: style)
        }
        if output.rows.isEmpty, !output.isLoading {
            screen.write("  No repositories", x: 0, y: top, style: Theme.hint)
        }
        let status = screen.height - 1
        screen.fill(y: status, style: Theme.statusBar)
        screen.write(
            output.error.map { " ⚠ " + $0 } ?? " \(output.rows.count) repositories", x: 0, y: status,
            style: output.error == nil ? Theme.statusBar : Theme.toast)
        if let alert = output.alert { Self.drawDialog(alert, into: &screen) }
    }

    /// A dialog box in the middle of the screen with the lines of `text` and an OK that Enter presses.
    static func drawDialog(_ text: String, into screen: inout ScreenBuffer) {
        let lines = text.split(separator: "\n").map(String.init) + ["", "[ OK ]  (Enter)"]
        let width = min(screen.width - 2, (lines.map(DisplayWidth.of).max() ?? 0) + 6)
        let height = lines.count + 2
        let box = PopupBox(
            x: max(0, (screen.width - width) / 2), y: max(0, (screen.height - height) / 2), width: width,
            height: height, style: TextStyle(foreground: .white, background: .palette(236)))
        let inner = box.draw(title: "Repository", into: &screen)
        for (index, line) in lines.enumerated() {
            screen.write(line, x: inner.x + 2, y: inner.y + index, style: box.style, maxWidth: inner.width - 2)
        }
    }
}

/// The `numbers` example's screen: the numbers, the add button's key, a loading mark, and a
/// failure as an error toast.
public struct NumbersScreen: Sendable {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    public func draw(_ output: NumbersViewModel.Output, into screen: inout ScreenBuffer) {
        var x = screen.write(" Random numbers ", x: 0, y: 0, style: Theme.title)
        x += screen.write(" a adds one · q quits", x: x, y: 0, style: Theme.hint)
        if output.isLoading { screen.write("  loading…", x: x, y: 0, style: Theme.hint) }
        let rows = max(0, screen.height - 4)
        for (index, number) in output.numbers.suffix(rows).enumerated() {
            let position = max(0, output.numbers.count - rows) + index + 1
            screen.write(String(format: "%4d.  %d", position, number), x: 1, y: 2 + index)
        }
        let status = screen.height - 1
        screen.fill(y: status, style: Theme.statusBar)
        screen.write(
            " [ a ] Add a random number   \(output.numbers.count) numbers", x: 0, y: status, style: Theme.statusBar)
        if let failure = output.failure { BoardScreen.drawBanner("⚠ " + failure, into: &screen) }
    }
}
