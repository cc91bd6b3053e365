public import Foundation
import GRDB
import MarketDomain

/// Sise's database (SQLite through GRDB, the only place that imports it): favorites per exchange,
/// board settings and the daily-candle cache. A file database runs in WAL mode, so two running
/// copies of Sise share it safely; every write is one short transaction, committed at once.
public final class MarketStore: Sendable {
    private let writer: any DatabaseWriter
    private let now: @Sendable () -> Int64

    /// Opens (creating it and its folder if needed) the database file at `path`.
    public static func open(
        path: String, now: @escaping @Sendable () -> Int64 = MarketStore.wallClock
    ) throws -> MarketStore {
        do {
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            var configuration = Configuration()
            configuration.busyMode = .timeout(5)  // another copy of Sise may be writing
            return try MarketStore(writer: DatabasePool(path: path, configuration: configuration), now: now)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw StoreError("cannot open \(path): \(error)")
        } catch {
            throw StoreError("cannot open \(path): \(error.localizedDescription)")
        }
    }

    /// A database in memory, for tests.
    public static func inMemory(now: @escaping @Sendable () -> Int64 = MarketStore.wallClock) throws -> MarketStore {
        try MarketStore(writer: DatabaseQueue(), now: now)
    }

    /// The default file: `$XDG_DATA_HOME/sise/sise.sqlite`, else `~/.local/share/sise/sise.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/sise/sise.sqlite"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/sise/sise.sqlite"
    }

    @Sendable public static func wallClock() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }

    private init(writer: any DatabaseWriter, now: @escaping @Sendable () -> Int64) throws {
        self.writer = writer
        self.now = now
        do {
            try StoreMigrations.migrator.migrate(writer)
        } catch {
            throw StoreError("cannot prepare the database: \(error)")
        }
    }

    /// Runs a read, translating database errors.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try writer.read(body) } catch { throw StoreError("\(error)") }
    }

    /// Runs a write in one transaction, translating database errors.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try writer.write(body) } catch { throw StoreError("\(error)") }
    }

    var currentTime: Int64 { now() }
}

/// A database failure, with the reason in one line.
public struct StoreError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
