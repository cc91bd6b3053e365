public import Foundation
import GRDB
import MarketDomain

/// Sise's database (SQLite through GRDB, the only place that imports it): favorites per exchange,
/// board settings and the daily-candle cache. A file database runs in WAL mode, so two running
/// copies of Sise share it safely; every write is one short transaction, committed at once.
public final class MarketStore: Sendable {
    let writer: any DatabaseWriter
    private let now: @Sendable () -> Int64
    /// Watches the favorites, settings and watchlists once someone listens (``changes()``).
    let watch: StoreWatch

    /// How a command uses the database.
    public enum Access: Sendable {
        /// Reads and writes; the file is created when missing.
        case readWrite
        /// Reads only: nothing is ever written to the file (a missing file reads as empty).
        case readOnly
    }

    /// Opens the database file at `path`. The file is checked before anything touches it: one
    /// that is not a sound SQLite database of Sise's is refused, untouched. Migrations run only
    /// when its schema is behind. `createFolder` lets a missing folder be created (the default
    /// location); otherwise a missing folder is an error. `pollClock` paces the look for other
    /// processes' commits (``changes()``), which also looks when the files are written unless
    /// `watchesFiles` is `false`; tests give a test clock, and turn the files' watch off to
    /// test the poll alone.
    public static func open(
        path: String, access: Access = .readWrite, createFolder: Bool = true,
        now: @escaping @Sendable () -> Int64 = MarketStore.wallClock,
        pollClock: any Clock<Duration> = ContinuousClock(), watchesFiles: Bool = true
    ) throws -> MarketStore {
        let watch = StoreWatch(clock: pollClock, watchesFiles: watchesFiles)
        do {
            let exists = FileManager.default.fileExists(atPath: path)
            let schemaIsCurrent = exists ? try inspect(path) : false
            switch access {
            case .readOnly where !exists:
                return try MarketStore(writer: DatabaseQueue(), migrate: true, now: now, watch: watch)
            case .readOnly where schemaIsCurrent:
                var configuration = Configuration()
                configuration.readonly = true
                configuration.busyMode = .timeout(5)
                return try MarketStore(
                    writer: DatabaseQueue(path: path, configuration: configuration), migrate: false, now: now,
                    watch: watch)
            default:
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
                if !exists, !FileManager.default.fileExists(atPath: folder.path) {
                    guard createFolder else {
                        throw StoreError("cannot open \(path): the folder \(folder.path) does not exist")
                    }
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                }
                var configuration = Configuration()
                configuration.busyMode = .timeout(5)  // another copy of Sise may be writing
                return try MarketStore(
                    writer: DatabasePool(path: path, configuration: configuration), migrate: !schemaIsCurrent,
                    now: now, watch: watch)
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw StoreError("cannot open \(path): \(error)")
        } catch {
            throw StoreError("cannot open \(path): \(error.localizedDescription)")
        }
    }

    /// Checks an existing file without writing to it: it must be a SQLite database that passes
    /// `quick_check`; returns whether every migration of this version is applied.
    static func inspect(_ path: String) throws -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            return try queue.read { db in
                let verdict = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard verdict == ["ok"] else {
                    throw StoreError(
                        "\(path) is damaged (\(verdict.first ?? "unreadable")); it was left untouched")
                }
                // A newer Sise migrated it further: this one would write rows the newer one does not
                // expect (issue 63). It is left alone, and the person told (exit 74).
                let migrator = StoreMigrations.migrator
                if try migrator.hasBeenSuperseded(db) {
                    let unknown = try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
                    throw StoreError(
                        "\(path) was written by a newer Sise (its schema has \(unknown.joined(separator: ", "))); "
                            + "it was left untouched: update Sise, or give another --db")
                }
                return try migrator.hasCompletedMigrations(db)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError("\(path) is not a readable Sise database (\(error)); it was left untouched")
        }
    }

    /// A database in memory, for tests.
    public static func inMemory(now: @escaping @Sendable () -> Int64 = MarketStore.wallClock) throws -> MarketStore {
        try MarketStore(writer: DatabaseQueue(), migrate: true, now: now, watch: StoreWatch(clock: ContinuousClock()))
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

    private init(
        writer: any DatabaseWriter, migrate: Bool, now: @escaping @Sendable () -> Int64, watch: StoreWatch
    ) throws {
        self.writer = writer
        self.now = now
        self.watch = watch
        guard migrate else { return }
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

    /// Folds the write-ahead log into the database file (and empties the log), so that the file
    /// alone holds everything committed.
    public func checkpoint() throws {
        do {
            _ = try writer.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        } catch {
            throw StoreError("\(error)")
        }
    }
}

/// A database failure, with the reason in one line.
public struct StoreError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
