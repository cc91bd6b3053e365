import ExchangeWire
import Foundation
import MarketDomain

/// The simulated GitHub's repositories: a few hundred plausible ones, the same for the same seed
/// (well-known projects first, then generated ones), searched as GitHub searches: every word of the
/// query in the name, the owner or the description, `language:` and `user:` qualifiers, best
/// (most starred) first.
struct SimulatedRepositories: Sendable {
    let all: [GitHubRepository]

    /// Well-known projects: owner, name, language, description, stars.
    private static let known: [(String, String, String, String, Int)] = [
        ("swiftlang", "swift", "C++", "The Swift Programming Language", 68_900),
        (
            "apple", "swift-nio", "Swift",
            "Event-driven network application framework for high performance protocol servers & clients, non-blocking.",
            8_200
        ),
        ("apple", "swift-argument-parser", "Swift", "Straightforward, type-safe argument parsing for Swift", 3_500),
        ("apple", "swift-collections", "Swift", "Commonly used data structures for Swift", 3_900),
        ("apple", "swift-async-algorithms", "Swift", "Async Algorithms for Swift", 3_200),
        ("vapor", "vapor", "Swift", "💧 A server-side Swift HTTP web framework.", 25_300),
        (
            "hummingbird-project", "hummingbird", "Swift",
            "Lightweight, flexible HTTP server framework written in Swift", 1_400
        ),
        (
            "pointfreeco", "swift-composable-architecture", "Swift",
            "A library for building applications in a consistent and understandable way", 13_100
        ),
        ("Alamofire", "Alamofire", "Swift", "Elegant HTTP Networking in Swift", 41_500),
        ("ReactiveX", "RxSwift", "Swift", "Reactive Programming in Swift", 24_500),
        ("SnapKit", "SnapKit", "Swift", "A Swift Autolayout DSL for iOS & OS X", 20_100),
        (
            "groue", "GRDB.swift", "Swift", "A toolkit for SQLite databases, with a focus on application development",
            7_400
        ),
        ("realm", "SwiftLint", "Swift", "A tool to enforce Swift style and conventions.", 18_800),
        ("tokio-rs", "tokio", "Rust", "A runtime for writing reliable asynchronous applications with Rust.", 28_900),
        ("tokio-rs", "axum", "Rust", "Ergonomic and modular web framework built with Tokio, Tower, and Hyper", 21_600),
        ("tokio-rs", "mio", "Rust", "Metal I/O library for Rust.", 6_600),
        ("tokio-rs", "tracing", "Rust", "Application level tracing for Rust.", 5_800),
        ("rust-lang", "rust", "Rust", "Empowering everyone to build reliable and efficient software.", 104_000),
        ("golang", "go", "Go", "The Go programming language", 127_000),
        ("python", "cpython", "Python", "The Python programming language", 67_000),
        ("nodejs", "node", "JavaScript", "Node.js JavaScript runtime ✨🐢🚀✨", 110_000),
        (
            "microsoft", "TypeScript", "TypeScript",
            "TypeScript is a superset of JavaScript that compiles to clean JavaScript output.", 104_000
        ),
        ("facebook", "react", "JavaScript", "The library for web and native user interfaces.", 236_000),
        ("torvalds", "linux", "C", "Linux kernel source tree", 190_000),
        ("kotlin", "kotlinx.coroutines", "Kotlin", "Library support for Kotlin coroutines", 13_300),
    ]

    private static let owners = [
        "swift-server", "swiftwasm", "nicklockwood", "krzysztofzablocki", "onevcat", "kean", "mxcl", "jpsim",
        "Quick", "airbnb", "square", "uber", "google", "ra1028", "malcommac", "devxoul", "ReactorKit", "Moya",
        "sergdort", "kickstarter", "hyperium", "serde-rs", "async-rs", "smol-rs", "actix", "denoland", "vercel",
        "sveltejs", "spring-projects", "JetBrains", "seoul-dev", "naver", "kakao", "toss", "line", "daangn",
    ]
    private static let languages = [
        "Swift", "Swift", "Swift", "Rust", "Go", "Kotlin", "TypeScript", "Python", "C++", "Java",
    ]
    private static let firsts = [
        "swift", "async", "tokio", "rx", "combine", "reactive", "fast", "tiny", "open", "server", "mobile", "web",
        "cloud", "data", "json", "http", "grpc", "sql", "ui", "chart", "image", "market", "crypto", "stock",
    ]
    private static let seconds = [
        "kit", "core", "flow", "stream", "router", "client", "engine", "store", "cache", "runtime", "bench", "lint",
        "format", "logger", "parser", "socket", "queue", "layout", "view", "test", "mock", "cli", "watch", "board",
    ]
    private static let phrases = [
        "A lightweight %@ library", "Fast %@ toolkit for modern apps", "%@ made simple", "Type-safe %@ for servers",
        "Async %@ built on structured concurrency", "An experimental %@", "Reactive %@ with operators",
        "Production-ready %@ with batteries included",
    ]

    /// The catalogue for `seed`: the well-known projects, then `count` generated ones.
    init(seed: UInt64, count: Int = 360) {
        var generator = SeededGenerator(seed: seed ^ 0x6769_7468_7562)
        var repositories: [GitHubRepository] = []
        var used = Set<String>()
        func add(_ owner: String, _ name: String, _ language: String?, _ description: String?, _ stars: Int) {
            guard used.insert("\(owner)/\(name)".lowercased()).inserted else { return }
            let id = Int64(10_000_000 + repositories.count * 7_919 + Int(generator.unit() * 7_000))
            let created = 1_300_000_000 + Int64(generator.unit() * 400_000_000)
            // Updated and pushed between the creation and the catalogue's date, never later.
            let updated = created + id % max(1, Self.latestDate - created)
            let pushed = max(created, updated - id % 86_400)
            repositories.append(
                GitHubRepository(
                    id: id, nodeId: "R_kgDO\(String(id, radix: 36).uppercased())", name: name,
                    fullName: "\(owner)/\(name)",
                    owner: .init(
                        login: owner, id: 1_000 + Int64(owner.utf8.reduce(0) { $0 &* 31 &+ Int($1) } & 0xFFFFF),
                        type: "Organization"),
                    htmlUrl: "https://github.com/\(owner)/\(name)", description: description,
                    createdAt: Self.iso(created), updatedAt: Self.iso(updated), pushedAt: Self.iso(pushed),
                    stargazersCount: stars, language: language, forksCount: stars / 8,
                    openIssuesCount: Int(generator.unit() * 300), score: Self.score(stars: stars)))
        }
        for (owner, name, language, description, stars) in Self.known { add(owner, name, language, description, stars) }
        while repositories.count < Self.known.count + count {
            func pick<T>(_ items: [T]) -> T { items[Int(generator.unit() * Double(items.count)) % items.count] }
            let first = pick(Self.firsts)
            let second = pick(Self.seconds)
            let name = generator.unit() < 0.5 ? "\(first)-\(second)" : "\(first.capitalized)\(second.capitalized)"
            let description =
                generator.unit() < 0.1
                ? nil : pick(Self.phrases).replacingOccurrences(of: "%@", with: "\(first) \(second)")
            let stars = Int(generator.logUniform(3, 15_000))
            add(pick(Self.owners), name, generator.unit() < 0.05 ? nil : pick(Self.languages), description, stars)
        }
        all = repositories
    }

    /// The last date any repository was updated or pushed (2024-11-30), before any clock it runs by.
    static let latestDate: Int64 = 1_732_924_800

    /// A best-match score that reads as a decimal number (GitHub's are floats; a client reading
    /// `1` where it expects `1.0` refuses it): more for more stars, never whole.
    static func score(stars: Int) -> Double {
        let score = ((1 + log10(Double(max(stars, 0)) + 2)) * 1_000_000).rounded() / 1_000_000
        return score == score.rounded() ? score + 0.000_001 : score
    }

    /// The repository named `owner/name` (either case).
    func repository(_ fullName: String) -> GitHubRepository? {
        all.first { $0.fullName.lowercased() == fullName.lowercased() }
    }

    /// The repositories matching `query`, most starred first (ties by name); or by `sort`
    /// (`stars`, `forks`, `help-wanted-issues`, `updated`) in `order` (`desc` unless `asc`).
    func search(_ query: String, sort: String?, order: String?) -> [GitHubRepository] {
        let found = search(query)
        let ascending = order?.lowercased() == "asc"
        func key(_ repository: GitHubRepository) -> String? {
            switch sort?.lowercased() {
            case "stars": String(format: "%012d", repository.stargazersCount)
            case "forks": String(format: "%012d", repository.forksCount)
            case "help-wanted-issues": String(format: "%012d", repository.openIssuesCount)
            case "updated": repository.updatedAt
            default: nil
            }
        }
        guard key(found.first ?? all[0]) != nil else { return found }
        return found.sorted { first, second in
            let (a, b) = (key(first) ?? "", key(second) ?? "")
            if a != b { return ascending ? a < b : a > b }
            return first.fullName < second.fullName
        }
    }

    /// The repositories matching `query`, most starred first (ties by name).
    func search(_ query: String) -> [GitHubRepository] {
        var words: [String] = []
        var language: String?
        var user: String?
        for term in query.lowercased().split(separator: " ") {
            if term.hasPrefix("language:") {
                language = String(term.dropFirst("language:".count))
            } else if term.hasPrefix("user:") || term.hasPrefix("org:") {
                user = String(term.split(separator: ":", maxSplits: 1).last ?? "")
            } else {
                words.append(String(term))
            }
        }
        return all.filter { repository in
            let text = "\(repository.fullName) \(repository.description ?? "")".lowercased()
            return words.allSatisfy { text.contains($0) }
                && language.map { repository.language?.lowercased() == $0 } ?? true
                && user.map { repository.owner.login.lowercased() == $0 } ?? true
        }
        .sorted { ($0.stargazersCount, $1.fullName) > ($1.stargazersCount, $0.fullName) }
    }

    private static func iso(_ seconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
