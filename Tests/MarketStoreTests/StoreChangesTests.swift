import Clocks
import Foundation
import MarketDomain
import TestSupport
import Testing

@testable import MarketStore

/// `MarketStore.changes()`: a signal after a write of this process (GRDB's ValueObservation) and
/// after a commit of another process on the same file (SQLite's data_version), for the favorites,
/// the board settings and the watchlists, shared by every listener. No test waits for time to
/// pass: the look for other processes' commits runs on a test clock, and each wait is for an event
/// (GRDB's observation and the poll run on threads of their own), with a deadline.
@Suite struct StoreChangesTests {
    private let bitcoin = MarketID("KRW-BTC")!

    private func temporaryPath() throws -> String {
        let folder = TestScratch.folder.appendingPathComponent("sise-changes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("sise.sqlite").path
    }

    /// Whether `changes` signals (within 10 s) after `write` runs.
    private func signalled(
        _ changes: AsyncStream<Void>, after write: @escaping @Sendable () throws -> Void
    ) async throws -> Bool {
        try write()
        return try await nextSignal(changes)
    }

    private func nextSignal(_ changes: AsyncStream<Void>) async throws -> Bool {
        try await withDeadline(seconds: 10, "a change signal") {
            for await _ in changes { return true }
            return false
        }
    }

    @Test func aWriteOfThisProcessSignalsEveryListener() async throws {
        let store = try MarketStore.open(path: try temporaryPath())
        let first = store.preferences.changes()
        let second = store.watchlists.changes()
        // Each listener is greeted with a signal (it reads once more) before anything is written.
        #expect(try await nextSignal(first))
        #expect(try await nextSignal(second))
        #expect(try await signalled(first) { try store.setFavorite(.upbit, bitcoin, true) })
        #expect(
            try await signalled(second) {
                _ = try store.watchlists.edit(.kis) { $0.add("005930") }
            })
    }

    @Test func aCommitOfAnotherConnectionSignalsAtTheNextCheck() async throws {
        let path = try temporaryPath()
        // The poll's clock never moves, and the files are not watched: the test makes each check itself.
        let watched = try MarketStore.open(path: path, pollClock: TestClock(), watchesFiles: false)
        // Another process's connection: a second store on the same file.
        let other = try MarketStore.open(path: path)
        let changes = watched.preferences.changes()
        #expect(try await nextSignal(changes))
        #expect(!watched.watch.checkForCommits())
        // Once watching, only SQLite's data_version can tell: it does, every time.
        for round in 0..<3 {
            try other.setFavorite(.bithumb, bitcoin, round % 2 == 0)
            #expect(watched.watch.checkForCommits())
            #expect(!watched.watch.checkForCommits())
            #expect(try await nextSignal(changes))
            #expect(try watched.favorites(.bithumb) == (round % 2 == 0 ? [bitcoin] : []))
        }
    }

    #if os(Linux)
        /// With the database's files watched, another process's commit signals by itself: the
        /// poll's clock never moves, and no check is made by hand.
        @Test func aCommitOfAnotherConnectionSignalsAtOnceWhenTheFilesAreWatched() async throws {
            let path = try temporaryPath()
            let watched = try MarketStore.open(path: path, pollClock: TestClock())
            let other = try MarketStore.open(path: path)
            let changes = watched.preferences.changes()
            #expect(try await nextSignal(changes))
            for round in 0..<3 {
                let isFavorite = round % 2 == 0
                #expect(try await signalled(changes) { try other.setFavorite(.bithumb, bitcoin, isFavorite) })
                #expect(try watched.favorites(.bithumb) == (isFavorite ? [bitcoin] : []))
            }
        }
    #endif
}
