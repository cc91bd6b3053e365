import ExchangeSimulator
import Foundation
import Logging
import TestSupport
import Testing

/// The built `sise` in a 140×44 tmux pane against a simulator that drops every connection every
/// four seconds: `Enter` on a coin shows its order book and trades moving live, and they come back
/// after each drop (SPEC §1.13).
@Suite(.timeLimit(.minutes(5)), .serialized, .enabled(if: Tmux.isAvailable, "needs tmux"))
struct DetailDepthEndToEndTests {
    /// Seconds of the day of a tape row's `HH:mm:ss`.
    private static func seconds(_ line: String) -> Int? {
        guard let match = line.firstMatch(of: /(\d\d):(\d\d):(\d\d)\s+[\d,]+\s+\d+\.\d{4}\s*$/) else { return nil }
        return Int(match.1)! * 3600 + Int(match.2)! * 60 + Int(match.3)!
    }

    /// The newest trade's time on the tape (the first row under its title).
    private static func newestTrade(_ lines: [String]) -> Int? {
        guard let title = lines.firstIndex(where: { $0.contains("체결강도") }), title + 1 < lines.count else {
            return nil
        }
        return seconds(lines[title + 1])
    }

    @Test func theDetailShowsTheBookAndTheTapeMovingLiveAndBackAfterEachDrop() async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(
                marketCount: 30, ticksPerSecond: 300, seed: 7, faults: SimulatorFaults(dropInterval: .seconds(4))),
            logger: logger)
        let running = try await withDeadline(seconds: 30, "simulator start") { try await simulator.start() }
        let folder = TestScratch.folder.appendingPathComponent("sise-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let db = folder.appendingPathComponent("sise.sqlite").path
        defer { try? FileManager.default.removeItem(at: folder) }
        let command =
            "'\(SiseProcess.executable.path)' --db '\(db)' --base-url '\(running.restBaseURL)'; echo SISE-EXITED $?; sleep 600"
        let tmux = try await Tmux.start(command, width: 140, height: 44)
        do {
            try await tmux.waitFor("the board") { lines in lines.filter { $0.contains("백만") }.count >= 20 }
            try await tmux.keys("Enter")
            let first = try await tmux.waitFor("the book and the tape") { lines in
                lines.contains { $0.contains("호가 Order book") } && lines.contains { $0.contains("spread ") }
                    && lines.contains { $0.contains("ask ") && $0.contains(" bid ") } && Self.newestTrade(lines) != nil
            }
            let start = try #require(Self.newestTrade(first))
            let firstBook = first.filter { $0.contains("▇") }
            #expect(firstBook.count >= 30)
            // Twelve seconds of trades later, across at least two drops, the book and the tape still move.
            let later = try await tmux.waitFor("trades twelve seconds later", seconds: 60) { lines in
                guard let newest = Self.newestTrade(lines) else { return false }
                return (newest - start + 86_400) % 86_400 >= 12
            }
            #expect(later.filter { $0.contains("▇") } != firstBook)
            try await tmux.waitFor("the book live again", seconds: 30) { lines in
                lines.contains { $0.contains("호가 Order book") && !$0.contains("reconnecting") }
                    && lines.contains { $0.contains("spread ") }
            }
            try await tmux.keys("q")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("SISE-EXITED 0") } }
            await tmux.kill()
        } catch {
            await tmux.kill()
            await running.stop()
            throw error
        }
        await running.stop()
    }
}
