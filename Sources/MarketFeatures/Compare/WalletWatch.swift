public import MarketDomain
import Synchronization

/// Each coin's deposit and withdrawal status on the Korean exchanges as the process knows it
/// (issue 29): read now and every minute after from each exchange that publishes it to this
/// client (Bithumb without a key), kept for every viewer's Compare rows and details. A failed
/// read keeps the last statuses of that exchange and says why.
public final class WalletWatch: Sendable {
    private struct State: Sendable {
        var statuses: [Exchange: [String: WalletStatus]] = [:]
        var failures: [Exchange: String] = [:]
        var version = 0
    }

    private let state = Mutex(State())
    private let fetchers: [Exchange: @Sendable () async throws -> [String: WalletStatus]]

    /// How often the statuses are read again: they are cached for a minute.
    public static let interval = Duration.seconds(60)

    /// A watch reading each exchange's statuses with its fetcher.
    public init(fetchers: [Exchange: @Sendable () async throws -> [String: WalletStatus]]) {
        self.fetchers = fetchers
    }

    /// A watch of the Korean exchanges' boards' clients.
    public convenience init(boards: ExchangeBoards) {
        var fetchers: [Exchange: @Sendable () async throws -> [String: WalletStatus]] = [:]
        for exchange in Exchange.korean {
            if let client = boards.boards[exchange]?.client { fetchers[exchange] = client.fetchWalletStatus }
        }
        self.init(fetchers: fetchers)
    }

    /// Reads the statuses now, then every `interval` on `clock`, until cancelled.
    public func run(clock: any Clock<Duration>, interval: Duration = WalletWatch.interval) async {
        repeat {
            await refresh()
        } while (try? await clock.sleep(for: interval)) != nil
    }

    /// Reads every exchange's statuses once, one exchange after the other (two or three requests
    /// a minute). Not in a task group: the release build (Swift 6.3.1) of the group whose children
    /// returned each exchange's `Result` jumped to a bad address at its first read, crashing the
    /// terminal app and `sise serve` at start; the debug build and the tests never showed it.
    public func refresh() async {
        for (exchange, fetch) in fetchers.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            do { record(.success(try await fetch()), of: exchange) } catch { record(.failure(error), of: exchange) }
        }
    }

    /// Keeps an exchange's statuses, or why they could not be read.
    private func record(_ result: Result<[String: WalletStatus], any Error>, of exchange: Exchange) {
        state.withLock { state in
            switch result {
            case .success(let statuses):
                if state.statuses[exchange] != statuses { state.version += 1 }
                state.statuses[exchange] = statuses
                state.failures[exchange] = nil
            case .failure(let error):
                state.failures[exchange] = DisplayWidth.sanitized("\(error)")
            }
        }
    }

    /// Bumped whenever a status changes: a view redraws what shows them when it moves.
    public var version: Int { state.withLock { $0.version } }

    /// The coin's status on each exchange that said.
    public func statuses(of symbol: String) -> [Exchange: WalletStatus] {
        state.withLock { state in state.statuses.compactMapValues { $0[symbol] } }
    }

    /// Why an exchange's statuses could not be read, while they could not.
    public func failure(_ exchange: Exchange) -> String? {
        state.withLock { $0.failures[exchange] }
    }
}
