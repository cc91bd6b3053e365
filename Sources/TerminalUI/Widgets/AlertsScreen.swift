import MarketDomain
public import MarketFeatures

/// The Alerts tab drawn over the board's frame (issue 28): the rules stored, with the selected one
/// highlighted, the form a rule is typed into, and the history of firings under them (held back
/// by quiet hours marked so).
public struct AlertsScreen: Sendable {
    public var theme: Theme

    /// Makes a drawer.
    public init(theme: Theme) {
        self.theme = theme
    }

    /// Draws the tab into rows 1 to height − 2 of `screen` (the board drew the tabs and status).
    public func draw(_ output: AlertsOutput, into screen: inout ScreenBuffer) {
        for y in 1..<max(1, screen.height - 1) { screen.fill(y: y, style: .plain) }
        drawTop(output, into: &screen)
        let last = screen.height - 2
        // The rules take up to half of the room, the history the rest.
        let ruleRows = min(max(1, output.rules.count), max(1, (last - 4) / 2))
        screen.fill(y: 3, style: Theme.header)
        screen.write(
            "  Rules (\(output.rules.count)) — a rule added here watches \(output.exchange)", x: 0, y: 3,
            style: Theme.header)
        if let placeholder = output.placeholder {
            screen.write(placeholder, x: 2, y: 4, style: Theme.hint, maxWidth: screen.width - 4)
        }
        let selected = output.rules.firstIndex(where: \.isSelected) ?? 0
        let first = max(0, selected - ruleRows + 1)
        for (offset, rule) in output.rules.dropFirst(first).prefix(ruleRows).enumerated() {
            draw(rule, into: &screen, y: 4 + offset)
        }
        let historyTop = 4 + ruleRows + 1
        guard historyTop < last else { return }
        screen.fill(y: historyTop, style: Theme.header)
        screen.write("  History (last \(output.history.count))", x: 0, y: historyTop, style: Theme.header)
        if output.history.isEmpty {
            screen.write("No firings yet", x: 2, y: historyTop + 1, style: Theme.hint)
        }
        for (offset, firing) in output.history.enumerated() where historyTop + 1 + offset <= last {
            draw(firing, into: &screen, y: historyTop + 1 + offset)
        }
        if let toast = output.toast { BoardScreen.drawBanner(toast, into: &screen) }
    }

    /// The form while a rule is typed, the keys otherwise.
    private func drawTop(_ output: AlertsOutput, into screen: inout ScreenBuffer) {
        if let form = output.form {
            let x = screen.write(" 🔔 new rule: ", x: 0, y: 1, style: Theme.header)
            let typed = screen.write(form.text, x: x, y: 1, style: TextStyle(bold: true))
            screen.write("▏  Enter adds · Esc cancels", x: x + typed, y: 1, style: Theme.hint)
            if let error = form.error {
                screen.write(" ⚠ " + error, x: 0, y: 2, style: TextStyle(foreground: .red), maxWidth: screen.width)
            } else {
                screen.write(" e.g. " + output.example, x: 0, y: 2, style: Theme.hint, maxWidth: screen.width)
            }
            return
        }
        let quiet = output.quietHours.map { "quiet hours \($0)" } ?? "no quiet hours (sise alerts quiet)"
        screen.write(
            " a add · d remove · ↑↓ select   \(quiet)", x: 0, y: 1, style: Theme.hint, maxWidth: screen.width)
    }

    private func draw(_ rule: AlertsOutput.Rule, into screen: inout ScreenBuffer, y: Int) {
        let style = rule.isSelected ? Theme.selected : TextStyle.plain
        screen.fill(y: y, style: style)
        var x = screen.write("  ", x: 0, y: y, style: style)
        var bold = style
        bold.bold = true
        x += screen.write(rule.market, x: x, y: y, style: bold, maxWidth: 12)
        x = max(x, 16)
        x += screen.write(rule.summary, x: x, y: y, style: style, maxWidth: max(0, screen.width - x - 2))
        screen.write(
            "  " + rule.details, x: x, y: y, style: rule.isSelected ? style : Theme.hint,
            maxWidth: max(0, screen.width - x))
    }

    private func draw(_ firing: AlertsOutput.Firing, into screen: inout ScreenBuffer, y: Int) {
        var x = screen.write("  " + firing.time + " ", x: 0, y: y, style: Theme.hint)
        let style: TextStyle
        switch firing.tone {
        case .rise: style = theme.style(.rise)
        case .fall: style = theme.style(.fall)
        case .notice: style = Theme.alert
        }
        x += screen.write(firing.mark, x: x, y: y, style: style)
        x += screen.write(" ", x: x, y: y)
        x += screen.write(firing.message, x: x, y: y, maxWidth: max(0, screen.width - x - 10))
        if firing.heldBack { screen.write("  (quiet)", x: x, y: y, style: Theme.hint) }
    }
}

/// The alert notice drawn over any screen, and what the terminal sends with it: the bell, and
/// with `--notify` a desktop notification through the terminal's own escape sequence.
public enum AlertSignal {
    /// The escape sequence a terminal turns into a desktop notification.
    public enum Notification: String, Sendable, CaseIterable {
        /// `ESC ] 777 ; notify ; title ; body ST` (foot, Ghostty, WezTerm, rxvt-unicode, VTE terminals).
        case osc777
        /// `ESC ] 9 ; body ST` (iTerm2, Windows Terminal, WezTerm, kitty).
        case osc9

        /// The sequence for the terminal `environment` names: OSC 9 where `TERM_PROGRAM` says
        /// iTerm2, Windows Terminal (`WT_SESSION`) or kitty, OSC 777 elsewhere.
        public static func chosen(for environment: [String: String]) -> Notification {
            let program = environment["TERM_PROGRAM"] ?? ""
            if program == "iTerm.app" || environment["WT_SESSION"] != nil || environment["KITTY_WINDOW_ID"] != nil {
                return .osc9
            }
            return .osc777
        }
    }

    /// The bytes that ring the bell for `notice` and, with `notification`, raise a desktop
    /// notification; the notice's text is stripped of anything that could end the sequence.
    public static func bytes(for notice: AlertNotice, notification: Notification?) -> String {
        let bell = "\u{07}"
        guard let notification else { return bell }
        let body = String(
            DisplayWidth.sanitized(notice.text).unicodeScalars.filter {
                $0.value >= 0x20 && $0 != ";" && $0.value != 0x7F
            }
            .map(Character.init))
        switch notification {
        case .osc777: return "\u{1B}]777;notify;Sise;\(body)\u{1B}\\" + bell
        case .osc9: return "\u{1B}]9;Sise: \(body)\u{1B}\\" + bell
        }
    }

    /// Draws the notice above the status bar, over whatever shows.
    static func draw(_ notice: AlertNotice, into screen: inout ScreenBuffer) {
        let label = "  \(notice.text)  "
        let width = min(screen.width - 2, DisplayWidth.of(label))
        let x = max(0, (screen.width - width) / 2)
        screen.write(label, x: x, y: screen.height - 3, style: Theme.alert, maxWidth: width)
    }
}
