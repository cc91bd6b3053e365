import Foundation
import TestSupport
import Testing

/// What a watcher meets in the terminal app on a new database (issue 65): a premium of now that
/// is never a back-filled day's, movers filled from candles, `?` in the detail, and an 80×24
/// board that keeps its sorted column.
@Suite(.timeLimit(.minutes(5)), .serialized, .enabled(if: Tmux.isAvailable, "needs tmux"))
struct TerminalScreensTests {
    /// The app on a fresh database of its own in a `width`×`height` pane; once its board shows,
    /// `body` drives it with the database's path; `q` must then end it with status 0.
    private func session(
        width: Int = 120, height: Int = 40, _ body: (Tmux, String) async throws -> Void
    ) async throws {
        let folder = TestScratch.folder.appendingPathComponent("sise-screens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("sise.sqlite").path
        let command = "'\(SiseProcess.executable.path)' --db '\(db)'; echo SISE-EXITED $?; sleep 600"
        let tmux = try await Tmux.start(command, width: width, height: height)
        do {
            try await tmux.waitFor("the board") { lines in lines.contains { $0.contains("SIMULATED") } }
            try await body(tmux, db)
            try await tmux.keys("q")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
            await tmux.kill()
        } catch {
            await tmux.kill()
            throw error
        }
    }

    /// The premium over tether a headline or `sise premium` shows, as a fraction.
    private func premium(in line: String) -> Double? {
        guard let range = line.range(of: #"vs USDT [+-]\d+\.\d\d%"#, options: .regularExpression) else { return nil }
        let text = line[range].dropFirst("vs USDT ".count).dropLast()
        return Double(text).map { $0 / 100 }
    }

    @Test func aPremiumChartOpenedBeforeCompareWaitsForItsFeedsThenShowsThePremiumOfNow() async throws {
        try await session { tmux, _ in
            // Bitcoin from the Market tab (found by search), its detail, then `k`: Compare never showed.
            try await tmux.keys("/")
            try await tmux.type("BTC")
            try await tmux.keys("Enter")
            try await tmux.waitFor("Bitcoin found") { lines in
                lines.dropFirst(3).first { $0.contains("백만") }?.contains("비트코인") == true
            }
            try await tmux.keys("Enter")
            try await tmux.waitFor("the detail") { lines in lines.contains { $0.contains("KRW-BTC") } }
            try await tmux.keys("k")
            let shown = try await tmux.waitFor("the premium of now", seconds: 40) { lines in
                lines.contains { $0.contains("김프 vs USDT ") && $0.contains("% · vs USD/KRW ") }
            }
            let charted = try #require(shown.lazy.compactMap(premium(in:)).first)
            let measured = try await SiseProcess.run(["premium", "BTC"], seconds: 120)
            #expect(measured.status == 0, "\(measured.stderr)")
            let now = try #require(
                measured.lines.lazy.compactMap { line -> Double? in
                    guard line.hasPrefix("BTC ") else { return nil }
                    return line.split(separator: " ").compactMap { word -> Double? in
                        word.hasSuffix("%") ? Double(word.dropLast()).map { $0 / 100 } : nil
                    }.first
                }.first)
            #expect(abs(charted - now) <= 0.003, "the chart says \(charted), sise premium \(now)")
            try await tmux.keys("Escape")
        }
    }

    @Test func questionMarkInTheDetailListsItsKeysAndAnyKeyClosesThem() async throws {
        try await session { tmux, _ in
            try await tmux.keys("Enter")
            try await tmux.waitFor("the detail") { lines in lines.contains { $0.contains("KRW-") } }
            try await tmux.keys("?")
            let help = try await tmux.waitFor("the detail's keys") { lines in
                lines.contains { $0.contains("Keys — Detail") }
            }
            #expect(help.contains { $0.contains("z x") && $0.contains("zoom") })
            #expect(help.contains { $0.contains("+ -") && $0.contains("amount") })
            try await tmux.keys("x")
            try await tmux.waitFor("the help closed") { lines in !lines.contains { $0.contains("Keys — Detail") } }
            try await tmux.keys("Escape")
        }
    }

    @Test func theMoversFillFromCandlesWithTheirProgressWellBeforeFifteenMinutes() async throws {
        try await session { tmux, _ in
            try await tmux.keys("7", "m")
            try await tmux.waitFor("the movers over 15m") { lines in lines.contains { $0.contains("Movers over 15m") } }
            let filled = try await tmux.waitFor("risers over 15m", seconds: 90) { lines in
                let risers = lines.firstIndex { $0.contains("▲ Risers") }
                return risers.map { index in lines[(index + 1)...].contains { $0.contains("%") } } ?? false
            }
            #expect(!filled.contains { $0.contains("No market has moved") })
            try await tmux.keys("m")
        }
    }

    @Test func at80By24TheSortedColumnStaysWithItsArrowAndNamesKeepSixSyllables() async throws {
        try await session(width: 80, height: 24) { tmux, _ in
            let board = try await tmux.waitFor("the rows") { lines in lines.filter { $0.contains("백만") }.count >= 10 }
            let header = try #require(board.first { $0.contains("현재가") })
            #expect(header.contains("거래대금▼"))
            try await tmux.keys("6")
            let sorted = try await tmux.waitFor("sorted by the move over 5m") { lines in
                lines.contains { $0.contains("Δ5m▼") }
            }
            // The sorted column stays: the change in won and the other moves gave way.
            let moved = try #require(sorted.first { $0.contains("Δ5m▼") })
            #expect(!moved.contains("변동") && !moved.contains("Δ1m"))
            try await tmux.keys("1")
            try await tmux.waitFor("sorted by name") { lines in
                lines.contains { $0.contains("이름▲") || $0.contains("이름▼") }
            }
        }
    }
}
