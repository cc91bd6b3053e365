public import MarketDomain
public import MarketFeatures

/// The whole board screen: tab bar, search bar, table, status bar, and the toast, y/n question
/// and help drawn over them.
public struct BoardScreen: Sendable {
    /// The smallest terminal the board fits in.
    public static let minimumWidth = 60
    public static let minimumHeight = 10
    /// Rows above the table (tabs, search, header) and below it (status).
    static let rowsAbove = 3
    static let rowsBelow = 1

    public var table: BoardTable
    public var compareTable: CompareTable
    public var moversView: MoversView

    /// Makes a screen drawer.
    public init(theme: Theme, language: NameLanguage) {
        table = BoardTable(theme: theme, language: language)
        compareTable = CompareTable(theme: theme, language: language)
        moversView = MoversView(theme: theme)
    }

    /// How many table rows fit in a terminal of this height.
    public static func tableRows(height: Int) -> Int {
        max(1, height - rowsAbove - rowsBelow)
    }

    /// Draws the board into a screen of its own size.
    public func draw(_ output: BoardOutput, into screen: inout ScreenBuffer) {
        guard screen.width >= Self.minimumWidth, screen.height >= Self.minimumHeight else {
            Self.drawTooSmall(into: &screen)
            return
        }
        drawTabs(output, into: &screen)
        drawSearch(output, into: &screen)
        let lastRow = screen.height - Self.rowsBelow
        if let movers = output.movers {
            moversView.draw(movers, into: &screen, top: 2, bottom: lastRow)
        } else if output.tab == .compare {
            let columns = output.columnsGivingWay
            compareTable.drawHeader(order: output.order, givingWay: columns, into: &screen, y: 2)
            for (offset, row) in output.compareRows.enumerated() where Self.rowsAbove + offset < lastRow {
                compareTable.draw(row, givingWay: columns, into: &screen, y: Self.rowsAbove + offset)
            }
        } else {
            table.drawHeader(order: output.order, givingWay: output.columnsGivingWay, into: &screen, y: 2)
            for (offset, row) in output.rows.enumerated() where Self.rowsAbove + offset < lastRow {
                table.draw(row, givingWay: output.columnsGivingWay, into: &screen, y: Self.rowsAbove + offset)
            }
        }
        if let placeholder = output.placeholder, output.movers == nil {
            screen.write(placeholder, x: 2, y: Self.rowsAbove + 1, style: Theme.hint)
        }
        drawStatus(output, into: &screen)
        if let question = output.confirmation {
            Self.drawBanner(question, into: &screen)
        } else if let toast = output.toast {
            Self.drawBanner(toast, into: &screen)
        }
        if output.isHelpVisible { HelpOverlay.draw(for: output.tab, into: &screen) }
    }

    /// Redraws only what differs between `old`, as already drawn into `screen`, and `new`: the
    /// rows that changed and the status bar. Returns the screen lines it redrew, or `nil`,
    /// leaving `screen` untouched, when anything else changed (a full ``draw(_:into:)`` is then due).
    ///
    /// Between two ticks this is almost always all there is: a few rows and the ticks/s counter.
    public func drawChanges(from old: BoardOutput, to new: BoardOutput, into screen: inout ScreenBuffer) -> [Int]? {
        guard screen.width >= Self.minimumWidth, screen.height >= Self.minimumHeight, new.tab != .compare,
            old.rows.count == new.rows.count, new.placeholder == nil, new.toast == nil, new.confirmation == nil,
            !new.isHelpVisible, new.movers == nil
        else { return nil }
        var oldRest = old
        var newRest = new
        (oldRest.rows, oldRest.status) = ([], BoardStatus())
        (newRest.rows, newRest.status) = ([], BoardStatus())
        guard oldRest == newRest else { return nil }
        let lastRow = screen.height - Self.rowsBelow
        var redrawn: [Int] = []
        for (offset, row) in new.rows.enumerated() where Self.rowsAbove + offset < lastRow && row != old.rows[offset] {
            table.draw(
                row, over: old.rows[offset], givingWay: new.columnsGivingWay, into: &screen, y: Self.rowsAbove + offset)
            redrawn.append(Self.rowsAbove + offset)
        }
        if new.status != old.status {
            drawStatus(new, into: &screen)
            redrawn.append(screen.height - 1)
        }
        return redrawn
    }

    /// Says the terminal is too small, and how small, instead of drawing a broken board.
    static func drawTooSmall(into screen: inout ScreenBuffer) {
        let lines = [
            "Terminal too small", "need \(minimumWidth)×\(minimumHeight), have \(screen.width)×\(screen.height)",
            "q quits",
        ]
        for (index, line) in lines.enumerated() {
            let y = screen.height / 2 - 1 + index
            screen.write(line, x: max(0, (screen.width - DisplayWidth.of(line)) / 2), y: y)
        }
    }

    private func drawTabs(_ output: BoardOutput, into screen: inout ScreenBuffer) {
        var x = screen.write(" 시세 Sise ", x: 0, y: 0, style: Theme.title) + 1
        for (index, tab) in output.tabs.enumerated() {
            let label = " \(tab.title) "
            x += screen.write(label, x: x, y: 0, style: tab == output.tab ? Theme.activeTab : Theme.inactiveTab)
            if index < output.tabs.count - 1 { x += screen.write("·", x: x, y: 0, style: Theme.hint) }
        }
        // The Market tab's market groups (마켓), the one shown highlighted.
        if output.tab == .market, !output.quoteGroups.isEmpty {
            x += screen.write("   ", x: x, y: 0)
            for (index, group) in output.quoteGroups.enumerated() {
                let style = group == output.quoteGroup ? Theme.activeTab : Theme.inactiveTab
                x += screen.write(" \(group) ", x: x, y: 0, style: style)
                if index < output.quoteGroups.count - 1 { x += screen.write("·", x: x, y: 0, style: Theme.hint) }
            }
        }
        let hint = output.tab == .market && !output.quoteGroups.isEmpty ? "[ ] group  Tab/←→ switch" : "Tab/←→ switch"
        let hintX = screen.width - DisplayWidth.of(hint) - 1
        if hintX > x + 1 { screen.write(hint, x: hintX, y: 0, style: Theme.hint) }
    }

    private func drawSearch(_ output: BoardOutput, into screen: inout ScreenBuffer) {
        if output.isSearchFocused {
            let x = screen.write(" / ", x: 0, y: 1, style: Theme.header)
            let typed = screen.write(output.searchText, x: x, y: 1, style: TextStyle(bold: true))
            screen.write("▏  Enter keeps · Esc clears", x: x + typed, y: 1, style: Theme.hint)
        } else if !output.searchText.isEmpty {
            let x = screen.write(" / ", x: 0, y: 1, style: Theme.header)
            let typed = screen.write(output.searchText, x: x, y: 1, style: TextStyle(bold: true))
            screen.write("  \(output.rowCount) found · Esc clears · / edits", x: x + typed, y: 1, style: Theme.hint)
        } else if let line = output.forexLine {
            screen.write(" " + line, x: 0, y: 1, style: Theme.hint, maxWidth: screen.width)
        } else if output.movers != nil {
            screen.write(
                " The markets that moved most over the window, from this board's own ticks  ·  ? help", x: 0, y: 1,
                style: Theme.hint)
        } else if output.hidesWarned {
            screen.write(
                " Markets under 유의 or 주의 hidden — w shows them  ·  / search  ·  1-7 sort  ·  ? help", x: 0, y: 1,
                style: Theme.hint)
        } else {
            screen.write(
                " / search (초성 ㅂㅌ works)  ·  1-7 sort  ·  f favorite  ·  Enter detail  ·  ? help", x: 0, y: 1,
                style: Theme.hint)
        }
    }

    private func drawStatus(_ output: BoardOutput, into screen: inout ScreenBuffer) {
        let y = screen.height - 1
        screen.fill(y: y, style: Theme.statusBar)
        let status = output.status
        let mode = status.isSimulated ? "SIMULATED" : "LIVE"
        var parts: [String]
        if output.tab == .compare, !status.feeds.isEmpty {
            // One state per feed: each exchange reconnects on its own.
            parts =
                [" " + mode] + status.feeds.map { "\($0.exchange) \(Self.dot($0.connection)) \($0.label)" }
        } else {
            parts = [
                " \(status.exchange)", mode, "\(Self.dot(status.connection)) \(status.connection.label)",
                "\(status.ticksPerSecond) ticks/s",
            ]
        }
        if !status.lastUpdate.isEmpty, output.tab != .compare { parts.append("updated \(status.lastUpdate) KST") }
        if output.rowCount > 0, let selected = output.selectedRowIndex {
            parts.append("\(selected + 1)/\(output.rowCount)")
        }
        screen.write(parts.joined(separator: " │ "), x: 0, y: y, style: Theme.statusBar)
        let keys = "? help  q quit "
        let keysX = screen.width - DisplayWidth.of(keys)
        screen.write(keys, x: keysX, y: y, style: Theme.statusBar)
    }

    /// The dot of a connection state: ● live, ◐ stale or reconnecting, ○ connecting or offline.
    static func dot(_ connection: ConnectionState) -> String {
        switch connection {
        case .live: "●"
        case .stale, .reconnecting: "◐"
        case .connecting, .offline: "○"
        }
    }

    /// Draws a toast or a question centred above the status bar.
    static func drawBanner(_ text: String, into screen: inout ScreenBuffer) {
        let label = "  \(text)  "
        let width = min(screen.width - 2, DisplayWidth.of(label))
        let x = max(0, (screen.width - width) / 2)
        screen.write(label, x: x, y: screen.height - 3, style: Theme.toast, maxWidth: width)
    }
}
