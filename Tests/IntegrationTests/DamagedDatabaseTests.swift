import Foundation
import TestSupport
import Testing

/// Every command against a damaged database file: the ones that need it refuse with exit 74, the
/// ones that only use it for names or caches go on with one warning, and none changes a byte of it.
@Suite(.timeLimit(.minutes(5)), .serialized) struct DamagedDatabaseTests {
    @Test func noCommandWritesToADamagedDatabase() async throws {
        let folder = TestScratch.folder.appendingPathComponent("sise-damaged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sise.sqlite").path
        let seeded = try await SiseProcess.run(["favorites", "add", "KRW-BTC", "KRW-ETH", "--db", path])
        #expect(seeded.status == 0, "\(seeded.stderr)")
        for code in ["005930", "000660", "035720"] {
            _ = try await SiseProcess.run(["watchlist", "add", code, "--db", path])
        }
        var damaged = try #require(FileManager.default.contents(atPath: path))
        try #require(damaged.count > 3 * 4096, "the database has \(damaged.count) bytes")
        for offset in 4096 + 8..<4096 + 200 { damaged[offset] ^= 0x5A }
        try damaged.write(to: URL(fileURLWithPath: path))
        let log = FileManager.default.contents(atPath: path + "-wal")

        let needingIt: [[String]] = [
            ["favorites", "list"], ["favorites", "add", "KRW-XRP"], ["favorites", "remove", "KRW-BTC"],
            ["favorites", "clear"], ["watchlist", "list"], ["watchlist", "add", "005380"],
            ["watchlist", "move", "005930", "--to", "2"],
        ]
        for command in needingIt {
            let result = try await SiseProcess.run(command + ["--db", path])
            #expect(result.status == 74, "\(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("damaged"), "\(command): \(result.stderr)")
        }
        let usingItIfTheyCan: [[String]] = [
            ["quotes", "--format", "json"], ["stream", "--count", "1"], ["compare", "--format", "json"],
        ]
        for command in usingItIfTheyCan {
            let result = try await SiseProcess.run(command + ["--db", path])
            #expect(result.status == 0, "\(command): \(result.stderr)")
            let warnings = result.stderr.components(separatedBy: "not using the database").count - 1
            #expect(warnings == 1, "\(command): \(result.stderr)")
        }
        #expect(FileManager.default.contents(atPath: path) == damaged)
        let logAfter = FileManager.default.contents(atPath: path + "-wal")
        #expect(logAfter == log || logAfter?.isEmpty == true)
    }

    @Test func aDatabaseInAFolderThatDoesNotExistIsRefused() async throws {
        let missing = TestScratch.folder.appendingPathComponent("sise-nowhere-\(UUID().uuidString)")
        let result = try await SiseProcess.run(
            ["favorites", "add", "KRW-BTC", "--db", missing.appendingPathComponent("a/b/sise.sqlite").path])
        #expect(result.status == 74)
        #expect(result.stderr.contains("does not exist"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
}
