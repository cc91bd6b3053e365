public import MarketDomain

/// GitHub's repository search (docs.github.com, "Search repositories" and "Rate limits for the
/// REST API"): its path, parameters, rate-limit headers and bodies, written once for the client
/// and the simulator.
public enum GitHubSearch {
    /// `GET /search/repositories?q=swift&per_page=30`.
    public static let path = "/search/repositories"
    /// The query parameter names.
    public enum Parameter {
        public static let query = "q"
        public static let perPage = "per_page"
        public static let page = "page"
        /// `stars`, `forks`, `help-wanted-issues` or `updated`; best match when absent.
        public static let sort = "sort"
        /// `desc` (the default) or `asc`.
        public static let order = "order"
    }
    /// Results a page by default, and at most.
    public static let defaultPerPage = 30
    public static let maxPerPage = 100
    /// Searches a minute without a token.
    public static let unauthenticatedLimit = 10

    /// The rate-limit headers on every answer.
    public enum Header {
        public static let limit = "x-ratelimit-limit"
        public static let remaining = "x-ratelimit-remaining"
        public static let used = "x-ratelimit-used"
        /// When the window resets, Unix seconds.
        public static let reset = "x-ratelimit-reset"
        public static let resource = "x-ratelimit-resource"
    }
}

/// The answer to a repository search: `total_count`, `incomplete_results`, `items`.
public struct GitHubSearchResult: Codable, Sendable, Equatable {
    public var totalCount: Int
    public var incompleteResults: Bool
    public var items: [GitHubRepository]

    /// Makes an answer.
    public init(totalCount: Int, incompleteResults: Bool, items: [GitHubRepository]) {
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.items = items
    }

    enum CodingKeys: String, CodingKey {
        case items
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
    }
}

/// One repository as the search lists it (the fields Sise reads and those a client expects to
/// find; GitHub sends many more).
public struct GitHubRepository: Codable, Sendable, Equatable {
    /// The owner: a user or an organization.
    public struct Owner: Codable, Sendable, Equatable {
        public var login: String
        public var id: Int64
        public var type: String

        public init(login: String, id: Int64, type: String) {
            self.login = login
            self.id = id
            self.type = type
        }
    }

    public var id: Int64
    public var nodeId: String
    public var name: String
    public var fullName: String
    /// The repository's API address (`https://api.github.com/repos/OWNER/NAME`), where a client
    /// reads what a search item lacks; set by the server that answers.
    public var url: String?
    public var `private`: Bool
    public var owner: Owner
    public var htmlUrl: String
    public var description: String?
    public var fork: Bool
    public var createdAt: String
    public var updatedAt: String
    public var pushedAt: String
    public var stargazersCount: Int
    public var watchersCount: Int
    public var language: String?
    public var forksCount: Int
    public var openIssuesCount: Int
    public var defaultBranch: String
    public var score: Double

    /// Makes a repository.
    public init(
        id: Int64, nodeId: String, name: String, fullName: String, owner: Owner, htmlUrl: String,
        description: String?, createdAt: String, updatedAt: String, pushedAt: String, stargazersCount: Int,
        language: String?, forksCount: Int, openIssuesCount: Int, defaultBranch: String = "main", score: Double = 1
    ) {
        self.id = id
        self.nodeId = nodeId
        self.name = name
        self.fullName = fullName
        self.private = false
        self.owner = owner
        self.htmlUrl = htmlUrl
        self.description = description
        fork = false
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.pushedAt = pushedAt
        self.stargazersCount = stargazersCount
        watchersCount = stargazersCount
        self.language = language
        self.forksCount = forksCount
        self.openIssuesCount = openIssuesCount
        self.defaultBranch = defaultBranch
        self.score = score
    }

    enum CodingKeys: String, CodingKey {
        case id, name, owner, description, fork, language, score, url
        case `private`
        case nodeId = "node_id"
        case fullName = "full_name"
        case htmlUrl = "html_url"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case pushedAt = "pushed_at"
        case stargazersCount = "stargazers_count"
        case watchersCount = "watchers_count"
        case forksCount = "forks_count"
        case openIssuesCount = "open_issues_count"
        case defaultBranch = "default_branch"
    }

    /// The repository as the app shows it.
    public func toDomain() -> Repository {
        Repository(
            id: id, fullName: fullName, description: description, stars: stargazersCount, language: language)
    }
}

/// GitHub's error body: `message`, `documentation_url`, and for a validation failure `errors`.
public struct GitHubErrorBody: Codable, Sendable, Equatable {
    /// One failed validation: `{"resource":"Search","field":"q","code":"missing"}`.
    public struct FieldError: Codable, Sendable, Equatable {
        public var resource: String
        public var field: String
        public var code: String

        public init(resource: String, field: String, code: String) {
            self.resource = resource
            self.field = field
            self.code = code
        }
    }

    public var message: String
    public var errors: [FieldError]?
    public var documentationUrl: String
    public var status: String?

    public init(message: String, errors: [FieldError]? = nil, documentationUrl: String, status: String? = nil) {
        self.message = message
        self.errors = errors
        self.documentationUrl = documentationUrl
        self.status = status
    }

    enum CodingKeys: String, CodingKey {
        case message, errors, status
        case documentationUrl = "documentation_url"
    }

    /// The 403 of a client over its rate limit (the message names its address).
    public static func rateLimited(address: String) -> GitHubErrorBody {
        GitHubErrorBody(
            message: "API rate limit exceeded for \(address). (But here's the good news: Authenticated requests get "
                + "a higher rate limit. Check out the documentation for more details.)",
            documentationUrl: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting")
    }

    /// The 422 of a search without a query.
    public static let missingQuery = GitHubErrorBody(
        message: "Validation Failed", errors: [FieldError(resource: "Search", field: "q", code: "missing")],
        documentationUrl: "https://docs.github.com/v3/search", status: "422")
}

/// The random-number service's API (`GET /api/v1.0/random?min=100&max=1000&count=5`, answered
/// with a JSON array of integers), written once for the client and the simulator.
public enum RandomNumberAPI {
    public static let path = "/api/v1.0/random"
    /// The query parameter names.
    public enum Parameter {
        public static let min = "min"
        public static let max = "max"
        public static let count = "count"
    }
}
