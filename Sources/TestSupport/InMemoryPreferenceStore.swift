public import MarketDomain
import SiseSupport
import Synchronization

/// A preference store held in memory, for view-model tests; it can be told to fail writes.
public final class InMemoryPreferenceStore: Sendable {
    private struct State {
        var favorites: [Exchange: [MarketID]] = [:]
        var settings: [String: String] = [:]
        var candles: [Exchange: [MarketID: [Candle]]] = [:]
        var coinNames = CoinNames()
        var failWrites = false
        var writes = 0
    }

    private let state = Mutex(State())
    private let signal = ChangeSignal()

    public init(favorites: [MarketID] = [], settings: [String: String] = [:]) {
        state.withLock { state in
            state.favorites[.upbit] = favorites
            state.settings = settings
        }
    }

    /// Makes every write fail from now on.
    public func failWrites() {
        state.withLock { $0.failWrites = true }
    }

    /// How many writes succeeded.
    public var writes: Int { state.withLock { $0.writes } }

    /// The store as the view models see it.
    public var store: PreferenceStore {
        PreferenceStore(
            favorites: { exchange in self.state.withLock { $0.favorites[exchange] ?? [] } },
            setFavorite: { exchange, id, isFavorite in
                try self.write { state in
                    var list = state.favorites[exchange] ?? []
                    list.removeAll { $0 == id }
                    if isFavorite { list.append(id) }
                    state.favorites[exchange] = list
                }
            },
            clearFavorites: { exchange in
                try self.write { state in
                    let count = state.favorites[exchange]?.count ?? 0
                    state.favorites[exchange] = []
                    return count
                }
            },
            setting: { key in self.state.withLock { $0.settings[key] } },
            saveSetting: { key, value in try self.write { $0.settings[key] = value } },
            cachedCandles: { exchange, id in self.state.withLock { $0.candles[exchange]?[id] ?? [] } },
            cacheCandles: { exchange, id, candles in try self.write { $0.candles[exchange, default: [:]][id] = candles }
            },
            coinNames: { self.state.withLock { $0.coinNames } },
            saveCoinNames: { names in try self.write { $0.coinNames = names } },
            changes: { self.signal.changes() }
        )
    }

    private func write<Result>(_ body: (inout State) -> Result) throws -> Result {
        let result = try state.withLock { state in
            guard !state.failWrites else { throw StoreFailure() }
            state.writes += 1
            return body(&state)
        }
        signal.signal()
        return result
    }

    /// The error a failing store throws.
    public struct StoreFailure: Error, CustomStringConvertible {
        public var description: String { "disk full" }
    }
}
