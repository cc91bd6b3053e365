import Foundation
import TestSupport
import Testing

/// The built `sise` in a 120×40 tmux pane against its embedded simulator: a person's session.
@Suite(.timeLimit(.minutes(5)), .serialized, .enabled(if: Tmux.isAvailable, "needs tmux"))
struct TerminalAppEndToEndTests {
    /// The app on a database of its own in a fresh folder: the shell command that runs it in
    /// tmux, prints its exit status and keeps the pane open.
    private struct AppRun {
        let folder = TestScratch.folder.appendingPathComponent("sise-e2e-\(UUID().uuidString)")
        var db: String { folder.appendingPathComponent("sise.sqlite").path }
        var command: String { command() }

        /// The shell command running the app with `arguments` after its database.
        func command(_ arguments: String = "") -> String {
            "'\(SiseProcess.executable.path)' --db '\(db)' \(arguments); echo SISE-EXITED $?; sleep 600"
        }

        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        /// The app with `arguments` on a fresh database in tmux: once its board shows, `body`
        /// drives it; then `q` must end it with status 0. The pane and the folder go whatever
        /// happens.
        static func session(_ arguments: String = "", _ body: (Tmux) async throws -> Void) async throws {
            let run = try AppRun()
            defer { run.remove() }
            let tmux = try await Tmux.start(run.command(arguments))
            do {
                try await tmux.waitFor("the board") { lines in lines.contains { $0.contains("SIMULATED") } }
                try await body(tmux)
                try await tmux.keys("q")
                try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
                await tmux.kill()
            } catch {
                await tmux.kill()
                throw error
            }
        }
    }

    private func boardRows(_ lines: [String]) -> [String] {
        lines.dropFirst(3).dropLast(2).filter { $0.contains("백만") }
    }

    @Test func aPersonsSessionSearchSortFavoriteDetailAndQuit() async throws {
        let run = try AppRun()
        defer { run.remove() }
        let (db, command) = (run.db, run.command)

        var tmux = try await Tmux.start(command)
        do {
            let board = try await tmux.waitFor("the board") { lines in
                lines.contains { $0.contains("SIMULATED") } && lines.filter { $0.contains("백만") }.count >= 30
            }
            #expect(board.contains { $0.contains("비트코인") })
            #expect(board[0].contains("Market · Favorites · Compare · Watchlist · Alerts"))

            try await tmux.keys("/")
            try await tmux.type("ㅂㅌ")
            // The query shows as it is typed; the rows follow at the board's next frame (after the
            // first key alone, "ㅂ" still matches a full screen), so the wait is for both.
            let found = try await tmux.waitFor("search results") { lines in
                lines.contains { $0.contains("ㅂㅌ") } && !lines.contains { $0.contains("이더리움") }
                    && boardRows(lines).count < 30
            }
            #expect(boardRows(found).contains { $0.contains("비트코인") })
            #expect(boardRows(found).count < 30)

            try await tmux.keys("Escape")
            try await tmux.waitFor("rows restored") { lines in lines.contains { $0.contains("이더리움") } }

            try await tmux.keys("4")
            try await tmux.waitFor("value ascending") { lines in lines[2].contains("4 거래대금▲") }
            try await tmux.keys("4")
            try await tmux.waitFor("value descending") { lines in lines[2].contains("4 거래대금▼") }

            // The favorite's two-second toast is BoardScreenTests'; what stays is the Market tab's row.
            try await tmux.keys("g", "f")
            try await tmux.keys("Tab")
            // The Market tab shows the new favorite too: wait for the tab with it alone.
            let favorites = try await tmux.waitFor("favorites tab") { lines in
                lines.contains { $0.hasPrefix("★ ") && $0.contains("백만") } && boardRows(lines).count <= 1
            }
            #expect(boardRows(favorites).count == 1)

            try await tmux.keys("Enter")
            try await tmux.waitFor("detail chart") { lines in
                lines.contains { $0.contains("Daily candles") } && lines.contains { $0.contains("┤") }
            }
            try await tmux.keys("Escape")
            try await tmux.waitFor("back on the board") { lines in lines[2].contains("거래대금") }

            try await tmux.keys("q")
            let after = try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
            // The terminal is back on the normal screen: nothing of the board is left.
            #expect(!after.contains { $0.contains("SIMULATED") })
            await tmux.kill()

            let listed = try await SiseProcess.run(["favorites", "list", "--db", db])
            #expect(listed.lines.count == 1)

            // After a restart the favorite (and the Favorites tab) are still there; X then y clears them.
            tmux = try await Tmux.start(command)
            try await tmux.waitFor("favorites after restart") { lines in
                lines.contains { $0.hasPrefix("★ ") && $0.contains("백만") }
            }
            try await tmux.keys("X")
            try await tmux.waitFor("confirmation") { lines in lines.contains { $0.contains("(y/n)") } }
            try await tmux.keys("y")
            // The two-second toast ("Cleared 1 favorites", BoardStateTests') can fall between two
            // captures of a loaded machine: what stays is the empty Favorites tab.
            try await tmux.waitFor("cleared") { lines in lines.contains { $0.contains("No favorites yet") } }
            try await tmux.keys("q")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
            await tmux.kill()
            #expect(try await SiseProcess.run(["favorites", "list", "--db", db]).lines.isEmpty)
        } catch {
            await tmux.kill()
            throw error
        }
    }

    /// The keys the browser test of the same name presses (`]` on the board, `o` and `t` in a
    /// detail): one key table, so both faces do the same.
    @Test func theSameKeysAsThePageChooseTheGroupAndTheDetailsPanes() async throws {
        let run = try AppRun()
        defer { run.remove() }
        let command = run.command
        let tmux = try await Tmux.start(command)
        do {
            try await tmux.waitFor("the board") { lines in lines.filter { $0.contains("백만") }.count >= 10 }
            try await tmux.keys("]")
            // The BTC group: prices to eight decimals and values in BTC.
            let btc = try await tmux.waitFor("the BTC group") { lines in
                lines.filter { $0.contains(" BTC") && $0.range(of: #"0\.\d{8}"#, options: .regularExpression) != nil }
                    .count >= 5
            }
            #expect(!btc.contains { $0.contains("백만") })
            try await tmux.keys("Enter")
            try await tmux.waitFor("the detail") { lines in lines.contains { $0.contains("Order book 호가") } }
            try await tmux.keys("o")
            try await tmux.waitFor("the order book pane") { lines in lines.contains { $0.contains("spread") } }
            try await tmux.keys("t")
            try await tmux.waitFor("the trades pane") { lines in lines.contains { $0.contains("체결강도") } }
            try await tmux.keys("Escape", "q")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
            await tmux.kill()
        } catch {
            await tmux.kill()
            throw error
        }
    }

    @Test func theCompareTabShowsEveryExchangeLiveAndUpdates() async throws {
        let run = try AppRun()
        defer { run.remove() }
        let command = run.command
        let tmux = try await Tmux.start(command)
        do {
            try await tmux.waitFor("the board") { lines in lines.contains { $0.contains("SIMULATED") } }
            try await tmux.keys("Tab", "Tab")
            let compare = try await tmux.waitFor("every feed live on the Compare tab") { lines in
                let status = lines.last { $0.contains("SIMULATED") } ?? ""
                return lines[2].contains("빗썸") && lines.filter { $0.contains("%") }.count >= 30
                    && ["Upbit ● live", "Bithumb ● live", "Korbit ● live", "Binance ● live"].allSatisfy(status.contains)
            }
            #expect(compare[2].contains("2 업비트") && compare[2].contains("코빗") && compare[2].contains("3 김프"))
            // Narrow to one coin and watch its row change as the feeds tick.
            try await tmux.keys("/")
            try await tmux.type("BTC")
            // Enter goes once the search shows, so it ends the search rather than opening a row.
            try await tmux.waitFor("the search narrowed to bitcoin") { lines in
                lines.contains { $0.contains("비트코인") && $0.contains("%") } && !lines.contains { $0.contains("이더리움") }
            }
            try await tmux.keys("Enter")
            let first = try await tmux.waitFor("the bitcoin row") { lines in
                lines.contains { $0.contains("비트코인") && $0.contains("BTC") && $0.contains("%") }
            }
            let row = first.first { $0.contains("비트코인") } ?? ""
            try await tmux.waitFor("the bitcoin row to move", seconds: 30) { lines in
                lines.contains { $0.contains("비트코인") && $0.contains("%") && $0 != row }
            }
            try await tmux.keys("q")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
            await tmux.kill()
        } catch {
            await tmux.kill()
            throw error
        }
    }

    @Test func theWatchlistTabAddsFromTheSearchAndKeepsItAcrossARestart() async throws {
        let run = try AppRun()
        defer { run.remove() }
        let (db, command) = (run.db, run.command)
        var tmux = try await Tmux.start(command)
        do {
            try await tmux.waitFor("the board") { lines in lines.contains { $0.contains("SIMULATED") } }
            try await tmux.keys("Tab", "Tab", "Tab")
            try await tmux.waitFor("the empty watchlist") { lines in lines.contains { $0.contains("No stocks yet") } }
            try await tmux.keys("a")
            try await tmux.waitFor("the search") { lines in lines.contains { $0.contains("Add a stock") } }
            try await tmux.type("ㅅㅅㅈㅈ")
            try await tmux.waitFor("삼성전자 found") { lines in lines.contains { $0.contains("005930  삼성전자") } }
            // The toast lasts two seconds, shorter than a loaded machine may take to capture a
            // screen: the row is what stays (the toast's text is WatchlistViewModelTests').
            try await tmux.keys("Enter")
            try await tmux.waitFor("the row filled in") { lines in
                lines.contains {
                    $0.contains("삼성전자") && $0.contains("005930") && $0.contains("KOSPI") && $0.contains("%")
                }
            }
            // KIS (the default source) finds a US ticker too, and shows its price in dollars.
            try await tmux.keys("a")
            try await tmux.waitFor("the search again") { lines in lines.contains { $0.contains("Add a stock") } }
            try await tmux.type("AAPL")
            try await tmux.waitFor("Apple found") { lines in
                lines.contains { $0.contains("AAPL") && $0.contains("Apple") }
            }
            try await tmux.keys("Enter")
            try await tmux.waitFor("the Apple row filled in") { lines in
                lines.contains { $0.contains("AAPL") && $0.contains("NASDAQ") && $0.contains("%") && $0.contains(".") }
            }
            try await tmux.keys("q")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
            await tmux.kill()

            // After a restart the app opens on the Watchlist tab; the row shows at once and fills in.
            tmux = try await Tmux.start(command)
            try await tmux.waitFor("the watchlist after a restart") { lines in
                lines.contains { $0.contains("삼성전자") && $0.contains("005930") && $0.contains("%") }
                    && lines.contains { $0.contains("AAPL") && $0.contains("%") }
            }
            try await tmux.keys("q")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
            await tmux.kill()
            let listed = try await SiseProcess.run(["watchlist", "list", "--db", db])
            #expect(listed.lines.first?.hasPrefix("005930") == true)
        } catch {
            await tmux.kill()
            throw error
        }
    }

    @Test func theCompareTabSaysItsPremiumBasisTheBankRateAndTethersPremiumAndPSwitches() async throws {
        try await AppRun.session { tmux in
            try await tmux.keys("Tab", "Tab")
            let usdt = try await tmux.waitFor("the premium line over tether") { lines in
                lines[1].contains("김프 vs USDT · USD/KRW ") && lines[1].contains("Dunamu (하나은행)")
                    && lines[1].contains("테더 ")
            }
            #expect(usdt[1].contains("p: vs USD/KRW"))
            try await tmux.keys("p")
            try await tmux.waitFor("the premium line over the bank rate") { lines in
                lines[1].contains("김프 vs USD/KRW · USD/KRW ") && lines[1].contains("p: vs USDT")
            }
        }
    }

    @Test func aCoinOpenedFromTheCompareTabChartsItsPremiumHistoryAndIGoesToADayOfABackFilledYear() async throws {
        try await AppRun.session { tmux in
            try await tmux.keys("Tab", "Tab")
            // Bitcoin's row, found by its symbol (the first row may be a coin Binance does not list).
            try await tmux.waitFor("the Compare tab's rows") { lines in
                lines[1].contains("김프 vs USDT") && lines.dropFirst(3).contains { $0.contains("%") }
            }
            try await tmux.keys("/")
            try await tmux.type("BTC")
            try await tmux.keys("Enter")
            try await tmux.waitFor("Bitcoin found") { lines in
                lines.dropFirst(3).first { $0.contains("%") }?.contains("비트코인") == true
            }
            try await tmux.keys("Enter")
            let minutes = try await tmux.waitFor("the premium history of minutes") { lines in
                lines.contains { $0.contains("김프 history [1m] 1h 1d") }
                    && lines.contains { $0.contains("김프 vs USDT ") && $0.contains("% · vs USD/KRW ") }
            }
            #expect(minutes.contains { $0.contains("k price  i interval  p basis") })
            // What both books would fill for ₩10,000,000, and `+` for ten times as much.
            try await tmux.waitFor("the fillable premium") { lines in
                lines.contains { $0.contains("₩10,000,000 filled: 한국 매수 ") && $0.contains("한국 매도 ") }
            }
            try await tmux.keys("+")
            try await tmux.waitFor("the fillable premium of ₩100,000,000") { lines in
                lines.contains { $0.contains("₩100,000,000 filled: 한국 매수 ") }
            }
            try await tmux.keys("i", "i")
            // A new database is back-filled with a year of days: the chart's dates are days, and
            // the month and 90 days have their percentile.
            let days = try await tmux.waitFor("the premium history of days") { lines in
                lines.contains { $0.contains("김프 history 1m 1h [1d]") && $0.contains("90d p") }
                    && lines.contains { $0.contains("╵") && $0.contains("-") && $0.contains("┤") == false }
            }
            #expect(days.contains { $0.contains("┤ +") || $0.contains("┤ -") })
            try await tmux.keys("k")
            try await tmux.waitFor("the daily candles again") { lines in
                lines.contains { $0.contains("Daily candles") } || lines.contains { $0.contains("daily candles") }
            }
        }
    }

    /// Finds Bitcoin by search and opens its detail.
    private func openBitcoinsDetail(_ tmux: Tmux) async throws {
        try await openDetail(tmux, searching: "BTC", market: "KRW-BTC")
    }

    /// Finds `symbol` by search (`/`, the symbol, Enter: the search line says it found it) and
    /// opens the detail of the first row, whose header names a market starting with `market`.
    private func openDetail(_ tmux: Tmux, searching symbol: String, market: String) async throws {
        try await tmux.keys("/")
        try await tmux.type(symbol)
        try await tmux.keys("Enter")
        try await tmux.waitFor("\(symbol) found") { lines in
            lines.contains { $0.contains("/ \(symbol)") && $0.contains("found") }
        }
        try await tmux.keys("Enter")
        try await tmux.waitFor("\(market)'s detail") { lines in lines[0].contains(" · \(market)") }
    }

    /// Issue 30: a coin's chart of five-minute candles (`3`) with its volume, the Bollinger bands
    /// (`b`) and the RSI (`r`), panned back (`<`) and brought to now again (End).
    @Test func theDetailChartsFiveMinuteCandlesWithBandsAndRSIAndPans() async throws {
        try await AppRun.session { tmux in
            try await openBitcoinsDetail(tmux)
            try await tmux.waitFor("the daily chart") { lines in lines.contains { $0.contains("Daily candles") } }
            try await tmux.keys("3")
            let minutes = try await tmux.waitFor("five-minute candles") { lines in
                lines.contains { $0.contains("5m candles") } && lines.contains { $0.contains("MA20 ") }
                    && lines.contains { $0.contains("┤ V ") }
            }
            // The times of five-minute candles, in KST, an hour apart (12 columns).
            let times = try #require(minutes.first { $0.contains("╵") && $0.contains(":") })
            #expect(times.split(separator: "╵").count >= 3, "\(times)")
            try await tmux.keys("b", "r")
            try await tmux.waitFor("bands and the RSI") { lines in
                lines.contains { $0.contains("BB+ ") && $0.contains("BB− ") }
                    && lines.contains { $0.contains("RSI(14) ") } && lines.contains { $0.contains("┤ 70") }
            }
            try await tmux.keys("<", "<")
            try await tmux.waitFor("panned back") { lines in lines.contains { $0.contains("◀ 20 newer hidden") } }
            try await tmux.keys("End")
            try await tmux.waitFor("back at now") { lines in
                !lines.contains { $0.contains("newer hidden") } && lines.contains { $0.contains("RSI(14) ") }
            }
        }
    }

    /// Issue 30, point 5: the book with its running totals (누적), then grouped by ten ticks (`g`,
    /// 호가 모아보기: Upbit's own grouping) and back (`G`).
    @Test func theDetailsBookShowsRunningTotalsAndGroupsItsPrices() async throws {
        try await AppRun.session { tmux in
            try await openBitcoinsDetail(tmux)
            try await tmux.keys("o")
            let book = try await tmux.waitFor("the book with its totals") { lines in
                lines.contains { $0.contains("호가 Order book") && $0.contains("누적") }
                    && lines.contains { $0.contains("spread ") }
            }
            // Above the spread the asks' totals fall towards the best; below it the bids' rise.
            let spread = try #require(book.firstIndex { $0.contains("spread ") })
            func total(_ line: String) -> Double? {
                line.split(separator: " ").last.flatMap { Double($0.replacing(",", with: "")) }
            }
            let asks = book[(spread - 5)..<spread].compactMap(total)
            let bids = book[(spread + 1)...(spread + 5)].compactMap(total)
            #expect(asks.count == 5 && asks == asks.sorted(by: >), "\(asks)")
            #expect(bids.count == 5 && bids == bids.sorted(), "\(bids)")
            try await tmux.keys("g")
            let grouped = try await tmux.waitFor("the book grouped by 10,000") { lines in
                lines.contains { $0.contains("모아보기 10,000") }
            }
            let groupedSpread = try #require(grouped.firstIndex { $0.contains("spread ") })
            let prices = grouped[(groupedSpread - 3)..<groupedSpread].compactMap { line in
                line.split(separator: " ").first.flatMap { Int($0.replacing(",", with: "")) }
            }
            #expect(prices.count == 3 && prices.allSatisfy { $0 % 10_000 == 0 }, "\(prices)")
            try await tmux.keys("G")
            try await tmux.waitFor("the book as it is") { lines in
                !lines.contains { $0.contains("모아보기 1") } && lines.contains { $0.contains("호가 Order book") }
            }
        }
    }

    /// Issue 65, item 3: about once a second nearly every size cell flashed at once (31 of 32).
    /// A size that changed is underlined in bold for its flash, and only a few at a time.
    @Test func onlyTheBooksChangedSizesFlashQuietly() async throws {
        try await AppRun.session { tmux in
            try await openBitcoinsDetail(tmux)
            try await tmux.keys("o")
            try await tmux.waitFor("the book") { lines in lines.contains { $0.contains("호가 Order book") } }
            // An SGR sequence that turns underline on: `4` among its parameters.
            let underline = try Regex(#"\x1B\[(?:[0-9;]*;)?4(?:;[0-9;]*)?m"#)
            var counts: [Int] = []
            for _ in 0..<40 {
                let lines = try await tmux.styledScreen()
                counts.append(lines.filter { $0.contains(underline) }.count)
                try await Task.sleep(for: .milliseconds(120))
            }
            #expect(counts.contains { $0 > 0 }, "no size flashed in 5 s: \(counts)")
            // Of the 30-odd sizes shown, a few at a time (every one of them at once, before); a
            // price that moves through levels turns each of them from a bid to an ask, which flash.
            let flashing = counts.filter { $0 > 0 }.sorted()
            #expect(flashing[flashing.count / 2] <= 10, "\(counts)")
            #expect(counts.sorted()[counts.count * 9 / 10] <= 14, "\(counts)")
        }
    }

    /// Issue 30, point 5: a book quoted in BTC, which no exchange groups, is grouped by ten of
    /// the tick read off its levels (`g`): every price a multiple of the unit named.
    @Test func aBookQuotedInBitcoinGroupsByTenOfItsTicks() async throws {
        try await AppRun.session { tmux in
            try await tmux.waitFor("the board") { lines in lines.contains { $0.contains("● live") } }
            try await tmux.keys("]")
            try await tmux.waitFor("the BTC group") { lines in lines.contains { $0.hasSuffix(" BTC") } }
            try await openDetail(tmux, searching: "ETH", market: "BTC-")
            try await tmux.keys("o")
            try await tmux.waitFor("the book") { lines in
                lines.contains { $0.contains("호가 Order book") } && lines.contains { $0.contains("spread ") }
            }
            try await tmux.keys("g")
            let grouped = try await tmux.waitFor("the book grouped by ten ticks") { lines in
                lines.contains { $0.contains("모아보기 0.000000") }
            }
            let title = try #require(grouped.first { $0.contains("모아보기 ") })
            let unitText = try #require(title.split(separator: " ").last { $0.hasPrefix("0.") })
            let unit = try #require(Double(unitText))
            let spread = try #require(grouped.firstIndex { $0.contains("spread ") })
            let prices = grouped[(spread - 2)..<spread].compactMap { line in
                line.split(separator: " ").first.flatMap { Double($0) }
            }
            #expect(
                prices.count == 2 && prices.allSatisfy { abs(($0 / unit).rounded() * unit - $0) < unit * 1e-6 },
                "\(prices) by \(unit)")
        }
    }

    @Test func detailsOpenedAndClosedFasterThanTheirFeedsConnectLeaveTheScreenClean() async throws {
        try await AppRun.session { tmux in
            // A detail closed while its depth feed still connects cuts that connection short;
            // SwiftNIO may then warn on stderr, which the app holds until it gives the screen back.
            for _ in 0..<15 {
                try await tmux.keys("Enter", "Escape", "Enter")
                // What this test holds is the screen staying clean. On a loaded CI machine a
                // screen has lagged its keys by many seconds (the board still showing after these
                // three keys, seen twice in full runs, never in 600 loaded cycles here): the key
                // that leads to the next step is pressed again if it has not shown in 10 s.
                try await tmux.pressing("Enter", until: "a detail") { lines in lines[0].contains(" · KRW-") }
                try await tmux.keys("Escape", "j")
                let board = try await tmux.pressing("Escape", until: "the board again") { lines in
                    lines[2].contains("거래대금")
                }
                #expect(!board.contains { $0.contains("ERROR") || $0.contains("EventLoop") })
            }
        }
    }

    @Test func aCoinWhoseWithdrawalsBithumbSuspendsSaysSoOnItsCompareRowAndInItsDetail() async throws {
        try await AppRun.session("--suspend XRP") { tmux in
            try await tmux.keys("Tab", "Tab", "/")
            try await tmux.type("XRP")
            try await tmux.keys("Enter")
            // Upbit, first in the marker, may draw a suspension of its own now and then (the
            // simulator's venues do): Bithumb's then follows it past the cell's end, cut.
            try await tmux.waitFor("XRP's row with Bithumb's suspension") { lines in
                lines.dropFirst(3).contains {
                    $0.contains("엑스알피") && ($0.contains("⛔빗썸 출금") || $0.contains("⛔업비트"))
                }
            }
            try await tmux.keys("Enter")
            try await tmux.waitFor("the detail saying it") { lines in
                lines[0].contains("KRW-XRP") && lines[0].contains("⛔ ") && lines[0].contains("Bithumb 출금 중단")
            }
        }
    }

    @Test func largeTradeAndWarningRulesAreMadeOnTheAlertsTabAndALargeTradeFires() async throws {
        try await AppRun.session { tmux in
            try await tmux.keys("Tab", "Tab", "Tab", "Tab")
            try await tmux.waitFor("the empty Alerts tab") { lines in lines.contains { $0.contains("Rules (0)") } }
            try await tmux.keys("a")
            try await tmux.type("warning")
            try await tmux.keys("Enter")
            let warned = try await tmux.waitFor("the warning rule") { lines in
                lines.contains { $0.contains("Rules (1)") }
            }
            #expect(warned.contains { $0.contains("any KRW") && $0.contains("warned (유의/주의) on Upbit") })
            try await tmux.keys("a")
            try await tmux.type("BTC trade over 1,000 once")
            try await tmux.keys("Enter")
            // Every trade of Bitcoin is worth more than 1,000 won: the rule fires, then leaves.
            let fired = try await tmux.waitFor("the large trade in the history", seconds: 60) { lines in
                lines.contains { line in
                    (line.contains("▲ KRW-BTC: a buy of") || line.contains("▼ KRW-BTC: a sell of"))
                        && line.contains("(trade over 1,000 KRW) on Upbit")
                }
            }
            #expect(fired.contains { $0.contains("History (last 1)") })
            try await tmux.waitFor("the once rule gone") { lines in lines.contains { $0.contains("Rules (1)") } }
        }
    }

    @Test func aRuleMadeOnTheAlertsTabFiresOnTheScriptedMoveWithANoticeAndIsInTheHistory() async throws {
        let run = try AppRun()
        defer { run.remove() }
        // XRP climbs 12 % over a minute from the start (0.2 % a second): +1 % within 1m fires within seconds.
        let tmux = try await Tmux.start(run.command("--pump KRW-XRP:+12:60 --notify"))
        do {
            try await tmux.waitFor("the board") { lines in lines.contains { $0.contains("SIMULATED") } }
            try await tmux.keys("Tab", "Tab", "Tab", "Tab")
            try await tmux.waitFor("the empty Alerts tab") { lines in lines.contains { $0.contains("Rules (0)") } }
            try await tmux.keys("a")
            try await tmux.waitFor("the form") { lines in lines.contains { $0.contains("🔔 new rule:") } }
            try await tmux.type("XRP +1% 1m")
            try await tmux.keys("Enter")
            let added = try await tmux.waitFor("the rule") { lines in lines.contains { $0.contains("Rules (1)") } }
            #expect(added.contains { $0.contains("KRW-XRP") && $0.contains("+1% within 1m on Upbit") })
            let fired = try await tmux.waitFor("the notice and the history", seconds: 60) { lines in
                lines.contains { $0.contains("🔔 KRW-XRP rose to") }
                    && lines.contains { $0.contains("▲ KRW-XRP rose to") && $0.contains("(+1% within 1m) on Upbit") }
            }
            #expect(fired.contains { $0.contains("History (last 1)") })
            // The notice shows over the board too.
            try await tmux.keys("Tab")
            try await tmux.waitFor("the board with the notice") { lines in
                lines.contains { $0.contains("백만") } && lines.contains { $0.contains("🔔 KRW-XRP rose to") }
            }
            try await tmux.keys("BTab", "d")
            try await tmux.waitFor("the rule removed") { lines in lines.contains { $0.contains("Rules (0)") } }
            // The Δ1m column, sorted by `5`: blank until the board's own ticks cover a minute, then
            // the pumped market first.
            try await tmux.keys("Tab", "5")
            let sorted = try await tmux.waitFor("sorted by the move over a minute") { lines in
                lines[2].contains("5 Δ1m▼")
            }
            #expect(sorted[2].contains("6 Δ5m") && sorted[2].contains("7 Δ15m"))
            // XRP's minute is covered a minute after the start (a market quiet since before the
            // start is at once); the search shows it meanwhile. The view follows the selected
            // market through a re-sort: `g` then puts the top in view.
            try await tmux.keys("/")
            try await tmux.type("XRP")
            try await tmux.waitFor("XRP's minute covered", seconds: 100) { lines in
                lines[3].contains("XRP") && lines[3].hasSuffix("%")
            }
            try await tmux.keys("Escape", "g")
            let moved = try await tmux.waitFor("XRP first by its move") { lines in
                let last = lines[3].split(separator: " ").last ?? ""
                // The whole board again (the search cleared), the next row with its own move.
                return lines[3].contains("XRP") && last.hasPrefix("+") && last.hasSuffix("%")
                    && lines[4].hasSuffix("%")
            }
            #expect(!moved.contains { $0.contains("/ XRP") })
            // The movers view over the sorted window: XRP tops the risers.
            try await tmux.keys("m")
            let movers = try await tmux.waitFor("the movers view") { lines in
                guard let heading = lines.firstIndex(where: { $0.contains("▲ Risers") }), heading + 1 < lines.count
                else { return false }
                return lines[heading + 1].contains("XRP") && lines[heading + 1].contains("+")
            }
            #expect(movers.contains { $0.contains("Movers over 1m") && $0.contains("▼ Fallers") == false })
            #expect(movers.contains { $0.contains("▼ Fallers") })
            try await tmux.keys("m")
            try await tmux.waitFor("the rows again") { lines in lines[2].contains("5 Δ1m") }
            try await tmux.keys("q")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
            await tmux.kill()
            // The history is the store's: the headless command reads the same firing.
            let history = try await SiseProcess.run(["alerts", "history", "--db", run.db])
            #expect(history.lines.contains { $0.contains("KRW-XRP rose to") })
        } catch {
            await tmux.kill()
            throw error
        }
    }

    @Test func aWarnedMarketShowsItsBadgeOnTheBoardAndItsReasonInTheDetailAndWHidesIt() async throws {
        let run = try AppRun()
        defer { run.remove() }
        // The embedded simulator's lasting 유의 markets, as `sise quotes` reads them.
        let quotes = try await SiseProcess.run(["quotes", "--format", "json", "--db", run.db])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(quotes.stdout.utf8)) as? [[String: Any]])
        let warned = try #require(rows.first { ($0["warning"] as? String)?.hasPrefix("유의") == true })
        let symbol = try #require(warned["symbol"] as? String)
        let reason = try #require(warned["warning"] as? String)
        let tmux = try await Tmux.start(run.command())
        do {
            try await tmux.waitFor("the board") { lines in lines.contains { $0.contains("SIMULATED") } }
            try await tmux.keys("/")
            try await tmux.type(symbol)
            try await tmux.keys("Enter")
            let found = try await tmux.waitFor("the warned market") { lines in
                lines[1].contains("1 found")
                    && lines.dropFirst(3).contains { $0.contains(" \(symbol) ") && $0.contains("유의") }
            }
            #expect(found.count > 3)
            try await tmux.keys("Enter")
            try await tmux.waitFor("the reason in the detail") { lines in lines[0].contains("⚠ " + reason) }
            // Keys faster than a frame: the search submitted and the detail asked for in one read
            // (the root shows the board's output of now, never an older one delivered late).
            try await tmux.keys("Escape")
            try await tmux.waitFor("back on the board") { lines in lines[2].contains("거래대금") }
            try await tmux.keys("Escape", "/")
            try await tmux.type(symbol)
            try await tmux.keys("Enter", "Enter")
            try await tmux.waitFor("the detail at once") { lines in lines[0].contains("⚠ " + reason) }
            try await tmux.keys("Escape")
            try await tmux.waitFor("back on the board") { lines in lines[2].contains("거래대금") }
            try await tmux.keys("Escape", "w")
            try await tmux.waitFor("warned markets hidden") { lines in
                lines[1].contains("hidden — w shows them") && !lines.dropFirst(3).contains { $0.contains("유의") }
            }
            try await tmux.keys("q")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
            await tmux.kill()
        } catch {
            let screen = (try? await tmux.screen()) ?? []
            await tmux.kill()
            Issue.record("\(symbol): \(screen.prefix(6).joined(separator: "\n"))")
            throw error
        }
    }

    @Test func withoutATerminalSiseSaysWhatToUseAndExits64() async throws {
        let result = try await SiseProcess.run([])
        #expect(result.status == 64)
        #expect(result.stderr.contains("sise quotes"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
