import Synchronization

/// The simulated GitHub's repositories, made at the first search rather than when the simulator
/// starts: making a few hundred, with their dates written out, costs about 100 ms, which the
/// embedded simulator's start (and so the app's first board) should not wait for.
final class RepositoriesOnFirstSearch: Sendable {
    private let seed: UInt64
    private let made = Mutex<SimulatedRepositories?>(nil)

    /// The catalogue of `seed`, once asked for.
    init(seed: UInt64) {
        self.seed = seed
    }

    /// The catalogue, made now if this is the first time it is asked for.
    var repositories: SimulatedRepositories {
        made.withLock { made in
            if let made { return made }
            let repositories = SimulatedRepositories(seed: seed)
            made = repositories
            return repositories
        }
    }
}
