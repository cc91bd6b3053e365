import Foundation
import TestSupport
import Testing

/// Numbers in flags at their extremes (issue 63, item 7 and the smaller findings): a duration of
/// 1e300 seconds trapped on its way to milliseconds (SIGILL, exit 132); a negative level was read
/// as an option; a level of 1e308 was stored and shown as `∞`.
@Suite(.timeLimit(.minutes(5))) struct HugeFlagCommandLineTests {
    @Test(arguments: [
        ["alerts", "watch", "--duration", "1e300"],
        ["premium", "BTC", "--follow", "--duration", "1e300"],
        ["candles", "KRW-BTC", "--follow", "--duration", "1e300"],
        ["stream", "KRW-BTC", "--duration", "1e300"],
        ["trades", "KRW-BTC", "--follow", "--duration", "1e300"],
        ["simulate", "--drop-every", "1e300"],
        ["stream", "KRW-BTC", "--duration", "nan"],
    ])
    func aDurationPastAYearIsRefusedNamingTheLimit(_ arguments: [String]) async throws {
        let database = TestScratch.folder.appendingPathComponent("huge-\(UUID().uuidString).sqlite").path
        let result = try await SiseProcess.run(arguments + (arguments[0] == "alerts" ? ["--db", database] : []))
        #expect(result.status == 64, "\(arguments): exit \(result.status), \(result.stderr)")
        #expect(result.stderr.contains("at most 31622400"), "\(result.stderr)")
    }

    @Test func aNegativeOrEndlessLevelIsRefusedInWords() async throws {
        let database = TestScratch.folder.appendingPathComponent("levels-\(UUID().uuidString).sqlite").path
        let negative = try await SiseProcess.run(["alerts", "add", "KRW-BTC", "--above", "-1", "--db", database])
        #expect(negative.status == 64)
        #expect(negative.stderr.contains("The level must be a positive price"), "\(negative.stderr)")
        let endless = try await SiseProcess.run(["alerts", "add", "KRW-BTC", "--below", "1e308", "--db", database])
        #expect(endless.status == 64)
        #expect(endless.stderr.contains("at most 10^15"), "\(endless.stderr)")
        let premium = try await SiseProcess.run([
            "alerts", "add", "BTC", "--premium-below", "-1000", "--db", database,
        ])
        #expect(premium.status == 64, "\(premium.stderr)")
    }
}
