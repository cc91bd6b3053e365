import MarketDomain
import MarketFeatures
import TerminalUI
import Testing

/// The Alerts tab in a screen buffer, and what the terminal sends for a notice.
@Suite struct AlertsScreenTests {
    private func output() -> AlertsOutput {
        var output = AlertsOutput()
        output.exchange = "Upbit"
        output.rules = [
            AlertsOutput.Rule(
                id: 1, market: "KRW-BTC", summary: "above 150,000,000 on Upbit", details: "#1 · re-arm 0.5%",
                isSelected: false),
            AlertsOutput.Rule(
                id: 2, market: "KRW-XRP", summary: "+3% within 5m on Upbit", details: "#2 · re-arm 0.5% · once",
                isSelected: true),
        ]
        output.history = [
            AlertsOutput.Firing(
                id: "2-1-up", rule: 2, time: "11-26 13:05:09", message: "KRW-XRP rose 3.1% within 5m to 3,712",
                direction: "up", heldBack: true)
        ]
        output.quietHours = "22:00-07:00"
        return output
    }

    @Test func rulesTheSelectedOneOnTheSelectionBandThenTheHistoryWithQuietOnesMarked() throws {
        var screen = ScreenBuffer(width: 100, height: 24)
        AlertsScreen(theme: Theme()).draw(output(), into: &screen)
        let lines = screen.lines
        #expect(lines[1].contains("a add · d remove") && lines[1].contains("quiet hours 22:00-07:00"))
        #expect(lines[3].contains("Rules (2) — a rule added here watches Upbit"))
        #expect(lines[4].contains("KRW-BTC") && lines[4].contains("above 150,000,000 on Upbit"))
        #expect(lines[5].contains("KRW-XRP") && lines[5].contains("#2 · re-arm 0.5% · once"))
        let band = Theme.selected.background
        #expect(band != nil && screen[4, 5].style.background == band && screen[4, 4].style.background != band)
        let history = try #require(lines.firstIndex { $0.contains("History (last 1)") })
        #expect(lines[history + 1].contains("11-26 13:05:09 ▲ KRW-XRP rose 3.1% within 5m to 3,712  (quiet)"))
    }

    @Test func theFormShowsTheTypedRuleAndWhyItIsNotOne() {
        var typed = output()
        typed.form = AlertsOutput.Form(text: "BTC above lots", error: "'above' needs one positive price after it")
        var screen = ScreenBuffer(width: 100, height: 24)
        AlertsScreen(theme: Theme()).draw(typed, into: &screen)
        #expect(screen.lines[1].contains("🔔 new rule: BTC above lots▏  Enter adds · Esc cancels"))
        #expect(screen.lines[2].contains("⚠ 'above' needs one positive price after it"))
        typed.form?.error = nil
        AlertsScreen(theme: Theme()).draw(typed, into: &screen)
        #expect(screen.lines[2].contains("e.g. KRW-BTC above 150000000"))
    }

    @Test func aNoticeRingsTheBellAndNotifiesThroughTheChosenSequenceWithNothingThatEndsIt() {
        let notice = AlertNotice(number: 1, text: "🔔 KRW-BTC rose; \u{1B}]0;x\u{07}to 150,100,000", direction: "up")
        #expect(AlertSignal.bytes(for: notice, notification: nil) == "\u{07}")
        let osc777 = AlertSignal.bytes(for: notice, notification: .osc777)
        #expect(osc777.hasPrefix("\u{1B}]777;notify;Sise;🔔 KRW-BTC rose"))
        #expect(osc777.hasSuffix("150,100,000\u{1B}\\\u{07}"))
        // One escape opens, one closes; no `;` or control character of the text is left in.
        #expect(osc777.filter { $0 == "\u{1B}" }.count == 2 && osc777.filter { $0 == ";" }.count == 3)
        #expect(AlertSignal.bytes(for: notice, notification: .osc9).hasPrefix("\u{1B}]9;Sise: 🔔 KRW-BTC rose"))
        #expect(AlertSignal.Notification.chosen(for: ["TERM_PROGRAM": "iTerm.app"]) == .osc9)
        #expect(AlertSignal.Notification.chosen(for: ["WT_SESSION": "1"]) == .osc9)
        #expect(AlertSignal.Notification.chosen(for: ["TERM": "foot"]) == .osc777)
    }
}
