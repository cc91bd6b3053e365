import ArgumentParser
import Foundation
import MarketDomain
import Synchronization

/// Where Sise keeps favorites and settings: `--db PATH`, else `$XDG_DATA_HOME/sise/sise.sqlite`.
struct StoreOptions: ParsableArguments {
    @Option(help: "The database file (default: $XDG_DATA_HOME/sise/sise.sqlite, or ~/.local/share/sise/sise.sqlite).")
    var db: String?

    /// Opens the store.
    func open() throws -> PreferenceStore {
        MemoryPreferences().store
    }
}

/// Preferences kept in memory only (until the SQLite store is wired in).
final class MemoryPreferences: Sendable {
    private let favorites = Mutex<[MarketID]>([])
    private let settings = Mutex<BoardSettings?>(nil)

    var store: PreferenceStore {
        PreferenceStore(
            favorites: { _ in self.favorites.withLock { $0 } },
            setFavorite: { _, id, on in
                self.favorites.withLock { list in
                    list.removeAll { $0 == id }
                    if on { list.append(id) }
                }
            },
            clearFavorites: { _ in
                self.favorites.withLock { list in
                    defer { list = [] }; return list.count
                }
            },
            boardSettings: { _ in self.settings.withLock { $0 } },
            saveBoardSettings: { _, value in self.settings.withLock { $0 = value } },
            cachedCandles: { _, _ in [] },
            cacheCandles: { _, _, _ in }
        )
    }
}
