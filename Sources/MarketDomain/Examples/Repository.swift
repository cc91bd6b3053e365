/// One repository of a repository search (the `repo-search` example app).
public struct Repository: Sendable, Hashable, Codable, Identifiable {
    /// GitHub's numeric id.
    public var id: Int64
    /// `owner/name`.
    public var fullName: String
    public var description: String?
    public var stars: Int
    /// The main language, when GitHub names one.
    public var language: String?

    /// Makes a repository.
    public init(id: Int64, fullName: String, description: String?, stars: Int, language: String?) {
        self.id = id
        self.fullName = fullName
        self.description = description
        self.stars = stars
        self.language = language
    }
}

/// Searches repositories by a query: the live GitHub client or the simulator's dialect of it, a
/// fake in tests.
public struct RepositorySearchClient: Sendable {
    /// The repositories matching `query`, best first.
    public var search: @Sendable (_ query: String) async throws -> [Repository]

    /// Makes a client.
    public init(search: @escaping @Sendable (_ query: String) async throws -> [Repository]) {
        self.search = search
    }
}

/// Asks a random-number service for integers (the `numbers` example app).
public struct RandomNumberClient: Sendable {
    /// `count` integers between `min` and `max`, both included.
    public var fetch: @Sendable (_ min: Int, _ max: Int, _ count: Int) async throws -> [Int]

    /// Makes a client.
    public init(fetch: @escaping @Sendable (_ min: Int, _ max: Int, _ count: Int) async throws -> [Int]) {
        self.fetch = fetch
    }
}
