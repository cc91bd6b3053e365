import Foundation
import GRDB
import MarketDomain
import MarketStore
import TestSupport
import Testing

/// What opening the database file does to it: nothing, unless a write is asked for on a sound
/// file (or its schema is behind).
@Suite struct StoreFileSafetyTests {
    private let bitcoin = MarketID("KRW-BTC")!

    /// A folder of its own for one test, removed after.
    private func folder() -> URL {
        let url = TestScratch.folder.appendingPathComponent("sise-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A database with a favorite in it, closed, its WAL folded into the file.
    private func seededDatabase(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("sise.sqlite").path
        do {
            let store = try MarketStore.open(path: path)
            try store.setFavorite(.upbit, bitcoin, true)
            for index in 0..<200 {
                try store.setFavorite(.bithumb, MarketID("KRW-C\(index)")!, true)
            }
            try store.checkpoint()
        }
        return path
    }

    private func bytes(_ path: String) -> Data? {
        FileManager.default.contents(atPath: path)
    }

    @Test func readingASoundFileChangesNoByteOfIt() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try seededDatabase(in: folder)
        let before = bytes(path)
        for _ in 0..<3 {
            let store = try MarketStore.open(path: path, access: .readOnly)
            #expect(try store.favorites(.upbit) == [bitcoin])
            #expect(throws: StoreError.self) { try store.setFavorite(.upbit, bitcoin, false) }
        }
        #expect(bytes(path) == before)
    }

    @Test func aDamagedFileIsRefusedAndLeftByteForByte() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try seededDatabase(in: folder)
        var damaged = try #require(bytes(path))
        #expect(damaged.count >= 3 * 4096)
        // Scribble over the second page (a b-tree page of the schema's tables).
        for offset in 4096 + 8..<4096 + 200 { damaged[offset] ^= 0x5A }
        try damaged.write(to: URL(fileURLWithPath: path))
        let wal = bytes(path + "-wal")
        for access in [MarketStore.Access.readOnly, .readWrite] {
            #expect(throws: StoreError.self) { try MarketStore.open(path: path, access: access) }
            #expect(bytes(path) == damaged)
            // SQLite may leave an empty log beside it; never anything in it.
            #expect(bytes(path + "-wal") == wal || bytes(path + "-wal")?.isEmpty == true)
        }
    }

    @Test func aFileThatIsNotADatabaseIsRefusedUntouched() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("notes.sqlite").path
        let text = Data("these are my notes, not a database\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.self) { try MarketStore.open(path: path) }
        #expect(bytes(path) == text)
    }

    /// A file a newer Sise migrated further is refused, named, and left alone (issue 63): it was
    /// written to without a word.
    @Test func aFileOfANewerSchemaIsRefusedUntouched() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try seededDatabase(in: folder)
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: a newer feature')")
            }
        }
        let newer = try #require(bytes(path))
        for access in [MarketStore.Access.readOnly, .readWrite] {
            do {
                _ = try MarketStore.open(path: path, access: access)
                Issue.record("\(access): opened")
            } catch let error as StoreError {
                #expect(error.description.contains("written by a newer Sise"), "\(error)")
                #expect(error.description.contains("v99: a newer feature"))
            }
            #expect(bytes(path) == newer)
        }
    }

    /// Two running copies of Sise: each opens the file; what one commits the other reads.
    @Test func twoOpenStoresOfOneFileSeeEachOthersEdits() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("shared.sqlite").path
        let first = try MarketStore.open(path: path)
        let second = try MarketStore.open(path: path)
        try first.setFavorite(.upbit, bitcoin, true)
        #expect(try second.favorites(.upbit) == [bitcoin])
        try second.setFavorite(.upbit, bitcoin, false)
        #expect(try first.favorites(.upbit).isEmpty)
        _ = try second.editWatchlist(.kis) { $0.add("005930") }
        #expect(try first.watchlist(.kis).codes == ["005930"])
        let reader = try MarketStore.open(path: path, access: .readOnly)
        try first.setFavorite(.bithumb, bitcoin, true)
        #expect(try reader.favorites(.bithumb) == [bitcoin])
    }

    @Test func readingAMissingFileCreatesNothing() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("absent.sqlite").path
        #expect(try MarketStore.open(path: path, access: .readOnly).favorites(.upbit).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFolderThatDoesNotExistIsRefusedUnlessAllowed() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("no/such/place/sise.sqlite").path
        #expect(throws: StoreError.self) { try MarketStore.open(path: path, createFolder: false) }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("no").path))
        _ = try MarketStore.open(path: path, createFolder: true)
        #expect(FileManager.default.fileExists(atPath: path))
    }
}

/// A rule row this version cannot read is not dropped without a word (issue 63): the store names
/// it for the commands to say.
@Suite struct UnreadableRuleTests {
    @Test func aRuleOfAKindThisVersionDoesNotKnowIsNamedNotSkippedSilently() throws {
        let folder = TestScratch.folder.appendingPathComponent("sise-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sise.sqlite").path
        let store = try MarketStore.open(path: path)
        let kept = try store.addAlertRule(
            AlertRule(exchange: .upbit, market: MarketID("KRW-BTC")!, condition: .above(1e8)))
        let odd = try store.addAlertRule(
            AlertRule(exchange: .upbit, market: MarketID("KRW-ETH")!, condition: .below(1e6)))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: "UPDATE alertRule SET condition = ? WHERE id = ?", arguments: [#"{"sentiment":{}}"#, odd.id])
        }
        #expect(try store.alertRules().map(\.id) == [kept.id])
        #expect(try store.unreadableAlertRuleNumbers() == [odd.id])
    }
}
