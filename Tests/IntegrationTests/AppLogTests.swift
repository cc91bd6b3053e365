import ExchangeSimulator
import Foundation
import Logging
import MarketDomain
import TestSupport
import Testing

/// The app's log never lands on its own screen (issue 26, item 9): with `--verbose` and stderr on
/// the terminal, the feed's reconnects are logged while the app runs, and those lines wait until
/// the screen is given back.
@Suite(.timeLimit(.minutes(5)), .enabled(if: Tmux.isAvailable)) struct AppLogTests {
    @Test func logLinesWaitUntilTheAppGivesTheScreenBack() async throws {
        let running = try await SimulatorHarness.startDropping(every: .seconds(1), ticksPerSecond: 200)
        defer { Task { await running.stop() } }
        let folder = TestScratch.folder.appendingPathComponent("sise-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("sise.sqlite").path
        let command =
            "'\(SiseProcess.executable.path)' --verbose --base-url '\(running.restBaseURL(for: .upbit))' --db '\(db)'; "
            + "echo SISE-EXITED $?; sleep 600"
        let tmux = try await Tmux.start(command)
        do {
            try await tmux.waitFor("the board") { lines in lines.filter { $0.contains("백만") }.count >= 20 }
            // The simulator drops the feed every second: reconnects happen, and are logged.
            let during = try await tmux.waitFor("the board after a reconnect", seconds: 60) { lines in
                lines.contains { $0.localizedCaseInsensitiveContains("reconnect") }
            }
            #expect(!during.contains { $0.contains("feed connection") || $0.contains("sise.upbit") }, "\(during)")
            try await tmux.keys("q")
            let after = try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
            #expect(after.contains { $0.contains("feed connection") }, "\(after)")
            await tmux.kill()
        } catch {
            await tmux.kill()
            throw error
        }
    }
}
