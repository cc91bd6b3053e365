import ExchangeSimulator
import Exchanges
import Foundation
import Logging
import MarketDomain
import TestSupport
import Testing

/// The example apps (SPEC §1.14): their real clients against the simulator's GitHub and
/// random-number dialects over loopback, their headless forms, and the apps in tmux.
@Suite(.timeLimit(.minutes(5)), .serialized) struct ExampleAppsTests {
    private static func start(errorRate: Double = 0) async throws -> RunningSimulator {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let simulator = try ExchangeSimulator(
            configuration: SimulatorConfiguration(marketCount: 5, faults: SimulatorFaults(errorRate: errorRate)),
            logger: logger)
        return try await withDeadline(seconds: 30, "simulator start") { try await simulator.start() }
    }

    @Test func theGitHubClientSearchesAndIsToldItsRateLimitAsGitHubTellsIt() async throws {
        let running = try await Self.start()
        let client = ExampleServiceClients.github(baseURL: running.baseURL(for: .github))
        let swift = try await client.search("swift")
        #expect(swift.count == 30)
        #expect(swift.first?.fullName == "swiftlang/swift")
        #expect(zip(swift, swift.dropFirst()).allSatisfy { $0.stars >= $1.stars })
        #expect(try await client.search("tokio language:rust").allSatisfy { $0.language == "Rust" })
        #expect(try await client.search("zzzz-nothing").isEmpty)
        // An empty query is GitHub's 422.
        await #expect(throws: ExchangeError.self) { try await client.search(" ") }
        // Ten searches a minute (a window that starts on the minute): the 403 comes, told as a
        // wait, by the eleventh search of a window — at the latest the 21st here, should the
        // test cross into a new minute on a slow machine.
        var refusal: ServiceRateLimited?
        var searches = 4
        while refusal == nil, searches < 21 {
            searches += 1
            do { _ = try await client.search("vapor") } catch let error as ServiceRateLimited { refusal = error }
        }
        let limited = try #require(refusal)
        #expect((1...60).contains(limited.retryAfterSeconds))
        #expect(limited.description.hasPrefix("rate limited, try again in "))
        #expect(running.simulator.exampleRequests(for: .github) == searches)
        await running.stop()
    }

    @Test func theRandomNumberClientGetsCountNumbersInRangeAndAFailureSaysSo() async throws {
        let running = try await Self.start()
        let client = ExampleServiceClients.randomNumbers(baseURL: running.baseURL(for: .randomNumbers))
        let five = try await client.fetch(100, 1000, 5)
        #expect(five.count == 5 && five.allSatisfy { (100...1000).contains($0) })
        #expect(try await client.fetch(7, 7, 3) == [7, 7, 7])
        await #expect(throws: ExchangeError.self) { try await client.fetch(10, 1, 1) }
        await running.stop()
        let failing = try await Self.start(errorRate: 1)
        let refused = ExampleServiceClients.randomNumbers(baseURL: failing.baseURL(for: .randomNumbers))
        do {
            _ = try await refused.fetch(100, 1000, 5)
            Issue.record("a failing service answered")
        } catch {
            #expect("\(error)".contains("503"))
        }
        await failing.stop()
    }

    @Test func theHeadlessFormsPrintJSONAndFailWithOneLine() async throws {
        let search = try await SiseProcess.run(["tokio", "--format", "json"], program: "repo-search")
        #expect(search.status == 0, "\(search.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [[String: Any]])
        #expect(rows.contains { $0["fullName"] as? String == "tokio-rs/tokio" && $0["id"] is Int })
        let numbers = try await SiseProcess.run(["--count", "7", "--format", "json"], program: "numbers")
        #expect(numbers.status == 0, "\(numbers.stderr)")
        let values = try #require(try JSONSerialization.jsonObject(with: Data(numbers.stdout.utf8)) as? [Int])
        #expect(values.count == 7 && values.allSatisfy { (100...1000).contains($0) })
        let failed = try await SiseProcess.run(["--count", "3", "--error-rate", "1"], program: "numbers")
        #expect(failed.status == 69)
        #expect(failed.stderr.hasPrefix("numbers: ") && failed.stderr.contains("503"))
        let misuse = try await SiseProcess.run(["swift", "--live", "--base-url", "http://x"], program: "repo-search")
        #expect(misuse.status == 64)
    }
}

/// The example apps in a 120×40 tmux pane, against a simulator of the test's (so the requests
/// they send can be counted) or their own embedded one.
@Suite(.timeLimit(.minutes(5)), .serialized, .enabled(if: Tmux.isAvailable, "needs tmux"))
struct ExampleAppsEndToEndTests {
    @Test func repoSearchShowsSwiftSendsOneRequestForAQuicklyTypedQueryAndShowsTheChosenId() async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let simulator = try ExchangeSimulator(configuration: SimulatorConfiguration(marketCount: 5), logger: logger)
        let running = try await withDeadline(seconds: 30, "simulator start") { try await simulator.start() }
        let command =
            "'\(SiseProcess.executable("repo-search").path)' --base-url '\(running.baseURL(for: .github))'; "
            + "echo APP-EXITED $?; sleep 600"
        let tmux = try await Tmux.start(command)
        do {
            try await tmux.waitFor("the swift results") { lines in
                lines.contains { $0.contains("swiftlang/swift") } && lines.contains { $0.contains("★") }
            }
            #expect(simulator.githubSearches == ["swift"])
            // Typed quickly (one send): one request, for `tokio`, after the pause.
            // One send of five backspaces: a pause between them would let `swi` (3 characters) go out.
            try await tmux.keys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
            try await tmux.type("tokio")
            try await tmux.waitFor("the tokio results") { lines in lines.contains { $0.contains("tokio-rs/tokio") } }
            // What the deleting of `swift` passed through (`swif`, `swi`) may have gone out after a pause;
            // of the typing, only `tokio`, once.
            #expect(simulator.githubSearches.filter { "tokio".hasPrefix($0) } == ["tokio"])
            // Two characters are never sent.
            try await tmux.keys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
            try await tmux.type("ab")
            try await tmux.waitFor("the query ab") { lines in lines.contains { $0.hasPrefix(" > ab") } }
            try await tmux.keys("Enter")
            let dialog = try await tmux.waitFor("the id dialog") { lines in
                lines.contains { $0.contains("[ OK ]") } && lines.contains { $0.contains("id ") }
            }
            #expect(dialog.contains { $0.contains("tokio-rs/tokio") })
            try await tmux.keys("Enter")
            try await tmux.waitFor("the dialog closed") { lines in !lines.contains { $0.contains("[ OK ]") } }
            try await tmux.keys("Escape")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("APP-EXITED 0") } }
            // `ab` (two characters) never went out, however long it stood.
            #expect(!simulator.githubSearches.contains("ab"))
            #expect(simulator.githubSearches.first == "swift")
            #expect(simulator.githubSearches.filter { $0 == "tokio" }.count == 1)
            await tmux.kill()
        } catch {
            await tmux.kill()
            await running.stop()
            throw error
        }
        await running.stop()
    }

    @Test func numbersShowsFiveAppendsASixthAndShowsAFailureKeepingTheList() async throws {
        let command = "'\(SiseProcess.executable("numbers").path)'; echo APP-EXITED $?; sleep 600"
        var tmux = try await Tmux.start(command)
        do {
            let first = try await tmux.waitFor("five numbers") { lines in
                lines.filter { $0.range(of: #"^ +\d\.  \d+"#, options: .regularExpression) != nil }.count == 5
            }
            let values = first.compactMap { line in
                line.range(of: #"\d+$"#, options: .regularExpression).flatMap { Int(line[$0]) }
            }.filter { (100...1000).contains($0) }
            #expect(values.count >= 5)
            try await tmux.keys("a")
            try await tmux.waitFor("a sixth") { lines in lines.contains { $0.hasPrefix("    6.  ") } }
            try await tmux.keys("q")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("APP-EXITED 0") } }
            await tmux.kill()

            // Every fetch failing: the error shows as a toast and the (empty) list stays.
            let failing = "'\(SiseProcess.executable("numbers").path)' --error-rate 1; echo APP-EXITED $?; sleep 600"
            tmux = try await Tmux.start(failing)
            try await tmux.waitFor("the error toast") { lines in
                lines.contains { $0.contains("⚠") && $0.contains("503") }
            }
            try await tmux.keys("a")
            try await tmux.waitFor("still no numbers") { lines in
                lines.contains { $0.contains("0 numbers") } && lines.contains { $0.contains("503") }
            }
            try await tmux.keys("q")
            try await tmux.waitFor("exit") { lines in lines.contains { $0.contains("APP-EXITED 0") } }
            await tmux.kill()
        } catch {
            await tmux.kill()
            throw error
        }
    }
}
