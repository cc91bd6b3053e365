import Foundation
import TestSupport
import Testing

/// The config file read as TOML reads it (issue 63, item 6): a comment after a value or a table's
/// name was read as part of it, and one non-UTF-8 byte dropped the whole file, so Sise ran on the
/// simulator while its user believed they watched the real market. What cannot be used is said on
/// stderr, a line each, never with a value.
@Suite(.timeLimit(.minutes(5))) struct ConfigFileTests {
    /// Runs `watchlist show` with `contents` as the config file: live, it stops at once for want of
    /// KIS keys (exit 78); simulated, it prints the watchlist (exit 0).
    private func run(with contents: [UInt8]) async throws -> SiseProcess.Finished {
        let home = TestScratch.folder.appendingPathComponent("sise-config-\(UUID().uuidString)")
        let file = home.appendingPathComponent("sise/config.toml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        defer { try? FileManager.default.removeItem(at: home) }
        let database = home.appendingPathComponent("sise.sqlite").path
        let process = try SiseProcess(
            ["watchlist", "show", "--db", database], environment: ["XDG_CONFIG_HOME": home.path, "HOME": home.path])
        return try await process.finish()
    }

    private func problems(_ result: SiseProcess.Finished) -> [Substring] {
        result.stderr.split(separator: "\n").filter { $0.contains("config.toml line") || $0.contains("config.toml:") }
    }

    @Test func commentsAfterAValueOrATablesNameAreComments() async throws {
        let result = try await run(with: Array("[sise]  # settings\nlive = true  # use the real exchanges\n".utf8))
        #expect(result.status == 78, "\(result.stderr)")
        #expect(problems(result).isEmpty, "\(result.stderr)")
    }

    @Test func aByteThatIsNotUTF8IsNamedAndTheRestIsStillRead() async throws {
        let result = try await run(with: Array("# caf".utf8) + [0xE9] + Array("\n[sise]\nlive = true\n".utf8))
        #expect(result.status == 78, "\(result.stderr)")
        #expect(problems(result).count == 1 && problems(result)[0].contains("line 1: not UTF-8"), "\(result.stderr)")
    }

    @Test func aFileThatDoesNotParseIsSaidWithItsLineAndNoValue() async throws {
        let result = try await run(with: Array("[sise]\nlive = true\n[kis]\napp_key = \"SECRET-KEY-123\n".utf8))
        #expect(result.status == 0, "not live: none of the file is used")
        let said = problems(result)
        #expect(said.count == 1 && said[0].contains("line 4: not valid TOML"), "\(result.stderr)")
        #expect(!result.stderr.contains("SECRET"), "\(result.stderr)")
    }

    @Test func aKeyOfTheWrongTypeAndAnUnknownKeyAreEachNamedOnce() async throws {
        let result = try await run(with: Array("[sise]\nlive = \"yes\"\ncolour = 1\n[upbit]\naccess = \"x\"\n".utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let said = problems(result)
        #expect(said.count == 3, "\(result.stderr)")
        #expect(said.contains { $0.contains("'live' under [sise] must be true or false") }, "\(result.stderr)")
        #expect(said.contains { $0.contains("unknown key 'colour' under [sise]") }, "\(result.stderr)")
        #expect(said.contains { $0.contains("unknown key 'access' under [upbit]") }, "\(result.stderr)")
        #expect(!result.stderr.contains("yes"))
    }
}
