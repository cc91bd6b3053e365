import MarketDomain
import Testing

@testable import MarketFeatures

/// `?` on every screen (issue 65): each screen's help lists its keys from the one key table, and
/// every key it lists does something on that screen.
@Suite struct KeyHelpTests {
    private typealias Root = RootViewModel

    /// The keys a help line names, as the terminal reads them (words the table has no key for,
    /// such as `PgUp`, are left out).
    private func keys(_ text: String) -> [Key] {
        text.split(separator: " ").flatMap { word -> [Key] in
            switch word {
            case "Esc": [.escape]
            case "Enter": [.enter]
            case "Tab": [.tab]
            case "Space": [.character(" ")]
            case "Del": [.delete]
            case "End": [.end]
            case "↑↓": [.up, .down]
            case "←→": [.left, .right]
            case "←": [.left]
            case "→": [.right]
            default: word.count == 1 ? [.character(word.first!)] : []
            }
        }
    }

    /// An output whose focus is `screen`'s.
    private func output(on screen: KeyTable.Screen) -> Root.Output {
        var output = Root.Output()
        switch screen {
        case .board: break
        case .watchlist, .stockChart: output.board.tab = .watchlist
        case .alerts: output.board.tab = .alerts
        case .detail: output.board.detailMarket = MarketID(quote: "KRW", base: "BTC")
        }
        output.focus = screen.focus
        return output
    }

    @Test func everyKeyEachScreenListsDoesSomethingThere() {
        for screen in KeyTable.Screen.allCases {
            let sheet = KeyTable.help(for: screen)
            #expect(sheet.screen == screen)
            #expect(sheet.lines.count >= 3, "\(screen)")
            let out = output(on: screen)
            for line in sheet.lines {
                let named = keys(line.keys)
                #expect(!named.isEmpty, "\(screen): \(line.keys)")
                for key in named {
                    #expect(KeyTable.action(for: key, in: out) != .ignore, "\(screen): \(key) (\(line.meaning))")
                }
            }
        }
    }

    @Test func theDetailListsZoomSecondsThePremiumAndTheAmountKeys() {
        let detail = KeyTable.help(for: .detail)
        #expect(detail.title == "Keys — Detail")
        let text = detail.lines.map { "\($0.keys) \($0.meaning)" }
        #expect(text.contains { $0.hasPrefix("z x ") && $0.contains("zoom") })
        #expect(text.contains { $0.hasPrefix("s 1 2 3 4 5 6 7 8 9 0 ") && $0.contains("1s") && $0.contains("1M") })
        #expect(text.contains { $0.hasPrefix("k ") && $0.contains("김프") })
        #expect(text.contains { $0.hasPrefix("+ - ") && $0.contains("amount") })
        #expect(text.contains { $0.hasPrefix("g G ") && $0.contains("호가 모아보기") })
    }

    @Test func questionMarkOpensTheHelpOfTheScreenUnderItAndAnyKeyClosesIt() {
        var detail = output(on: .detail)
        #expect(KeyTable.action(for: .character("?"), in: detail) == .send(.board(.helpToggled)))
        var chart = output(on: .stockChart)
        #expect(KeyTable.action(for: .character("?"), in: chart) == .send(.board(.helpToggled)))
        detail.board.isHelpVisible = true
        detail.focus = .help
        #expect(KeyTable.action(for: .character("z"), in: detail) == .send(.board(.helpToggled)))
        #expect(KeyTable.helpScreen(of: detail) == .detail)
        chart.watchlist = Root.Watchlist.Output()
        chart.watchlist?.detail = nil
        #expect(KeyTable.helpScreen(of: chart) == .watchlist)
        var alerts = Root.Output()
        alerts.board.tab = .alerts
        #expect(KeyTable.helpScreen(of: alerts) == .alerts)
        #expect(KeyTable.helpScreen(of: Root.Output()) == .board)
    }
}
