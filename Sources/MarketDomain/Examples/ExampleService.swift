/// The services of the two example apps (SPEC §1.14), served by the simulator beside the
/// exchanges, each on a port of its own.
public enum ExampleService: String, Sendable, Hashable, Codable, CaseIterable {
    /// GitHub's repository search (`GET /search/repositories`).
    case github
    /// A random-number service (`GET /api/v1.0/random`).
    case randomNumbers

    /// The name shown to people.
    public var displayName: String {
        switch self {
        case .github: "GitHub"
        case .randomNumbers: "Random numbers"
        }
    }

    /// The real host `--live` uses.
    public var liveBaseURL: String {
        switch self {
        case .github: "https://api.github.com"
        case .randomNumbers: "https://www.randomnumberapi.com"
        }
    }
}
