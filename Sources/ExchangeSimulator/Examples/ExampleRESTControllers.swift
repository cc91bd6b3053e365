import ExchangeWire
import Foundation
import HTTPTypes
import Hummingbird
import MarketDomain
import NIOCore
import SiseSupport
import Synchronization

/// Counts every request that reaches an example service (before faults), and answers an unknown
/// path as the service does (GitHub's JSON `Not Found`).
struct ExampleGatewayMiddleware<Context: RequestContext>: RouterMiddleware {
    let service: ExampleService
    let count: @Sendable () -> Void

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        count()
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound && service == .github {
            return .json(
                GitHubErrorBody(message: "Not Found", documentationUrl: "https://docs.github.com/rest", status: "404"),
                status: .notFound)
        }
    }
}

/// The simulated GitHub repository search (docs.github.com, "Search repositories"): `q`,
/// `per_page`, `page`, `sort` and `order`, a `Link` header to the other pages, each item's `url`
/// (served by `GET /repos/{owner}/{repo}`), the `x-ratelimit-*` headers on every answer, 10
/// searches a minute without a token (a window that starts on the minute), beyond them 403 with
/// GitHub's body, 422 for a missing query.
struct GitHubRESTController<Context: RequestContext> {
    let repositories: RepositoriesOnFirstSearch
    let gate: RateLimitGate
    let now: @Sendable () -> Int64
    /// Told each query searched (after the limit).
    var searched: @Sendable (String) -> Void = { _ in }

    func register(on router: Router<Context>) {
        router.get(RouterPath(GitHubSearch.path)) { request, _ in search(request) }
        router.get("/repos/:owner/:name") { request, context in
            let fullName = "\(context.parameters.get("owner") ?? "")/\(context.parameters.get("name") ?? "")"
            guard var repository = repositories.repositories.repository(fullName) else {
                return Response.json(
                    GitHubErrorBody(
                        message: "Not Found", documentationUrl: "https://docs.github.com/rest", status: "404"),
                    status: .notFound)
            }
            repository.url = Self.origin(request) + "/repos/" + repository.fullName
            return .json(repository)
        }
    }

    /// The address the client reached this server at (`http://127.0.0.1:8086`), from its `Host`.
    static func origin(_ request: Request) -> String {
        "http://" + (request.head.authority ?? "127.0.0.1")
    }

    /// The `Link` header of page `page` of `pages`: the next and last pages, the first and previous
    /// when there are, each the request's own address with its `page` replaced.
    static func link(_ request: Request, page: Int, pages: Int) -> String? {
        guard pages > 1 else { return nil }
        let base = origin(request) + request.uri.path
        let others = (request.uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix("page=") }.joined(
            separator: "&")
        func address(_ page: Int) -> String { "<\(base)?\(others.isEmpty ? "" : others + "&")page=\(page)>" }
        var links: [String] = []
        if page > 1 { links += ["\(address(page - 1)); rel=\"prev\"", "\(address(1)); rel=\"first\""] }
        if page < pages { links += ["\(address(page + 1)); rel=\"next\"", "\(address(pages)); rel=\"last\""] }
        return links.joined(separator: ", ")
    }

    private func search(_ request: Request) -> Response {
        let time = now()
        let decision = gate.admit(group: "search")
        var headers = HTTPFields()
        let limit = GitHubSearch.unauthenticatedLimit
        let reset = (time / 60_000 + 1) * 60
        for (name, value) in [
            (GitHubSearch.Header.limit, String(limit)), (GitHubSearch.Header.remaining, String(decision.remaining)),
            (GitHubSearch.Header.used, String(limit - decision.remaining)), (GitHubSearch.Header.reset, String(reset)),
            (GitHubSearch.Header.resource, "search"),
        ] {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        guard decision.admitted else {
            return .json(GitHubErrorBody.rateLimited(address: "127.0.0.1"), status: .forbidden, headers: headers)
        }
        let parameters = FormQuery(request.uri)
        let query = parameters.get(GitHubSearch.Parameter.query)?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !query.isEmpty else {
            return .json(GitHubErrorBody.missingQuery, status: .unprocessableContent, headers: headers)
        }
        let perPage = min(
            GitHubSearch.maxPerPage,
            max(1, parameters.get(GitHubSearch.Parameter.perPage).flatMap(Int.init) ?? GitHubSearch.defaultPerPage))
        let page = max(1, parameters.get(GitHubSearch.Parameter.page).flatMap(Int.init) ?? 1)
        // GitHub serves the first 1,000 results of a search and refuses pages past them (422); the
        // product is saturated, as a page of Int.max trapped (issue 64, item 1).
        let skipped = (page - 1).multiplied(saturating: perPage)
        guard skipped < 1_000 else {
            return .json(
                GitHubErrorBody(
                    message: "Only the first 1000 search results are available",
                    documentationUrl: "https://docs.github.com/v3/search/", status: "422"),
                status: .unprocessableContent, headers: headers)
        }
        searched(query)
        let found = repositories.repositories.search(
            query, sort: parameters.get(GitHubSearch.Parameter.sort),
            order: parameters.get(GitHubSearch.Parameter.order))
        let origin = Self.origin(request)
        let items = found.dropFirst(skipped).prefix(perPage).map { repository in
            var item = repository
            item.url = origin + "/repos/" + repository.fullName
            return item
        }
        // Only the first 1,000 results can be paged to.
        let pages = (min(found.count, 1_000) + perPage - 1) / perPage
        if let link = Self.link(request, page: page, pages: pages), let name = HTTPField.Name("link") {
            headers[name] = link
        }
        return .json(
            GitHubSearchResult(totalCount: found.count, incompleteResults: false, items: Array(items)),
            headers: headers)
    }

    /// GitHub's answer to a search over the limit, for the fault injector.
    static func refusal(now: Int64) -> Response {
        var headers = HTTPFields()
        for (name, value) in [
            (GitHubSearch.Header.limit, String(GitHubSearch.unauthenticatedLimit)),
            (GitHubSearch.Header.remaining, "0"),
            (GitHubSearch.Header.used, String(GitHubSearch.unauthenticatedLimit)),
            (GitHubSearch.Header.reset, String((now / 60_000 + 1) * 60)), (GitHubSearch.Header.resource, "search"),
        ] {
            if let field = HTTPField.Name(name) { headers[field] = value }
        }
        return .json(GitHubErrorBody.rateLimited(address: "127.0.0.1"), status: .forbidden, headers: headers)
    }
}

/// The simulated random-number service: `min`, `max` and `count` (1 when absent, at most 100),
/// answered with a JSON array of integers drawn from the seed; a bad parameter is a 400 that says
/// which.
struct RandomNumberController<Context: RequestContext> {
    let draws: RandomDraws

    func register(on router: Router<Context>) {
        router.get(RouterPath(RandomNumberAPI.path)) { request, _ in numbers(request) }
    }

    private func numbers(_ request: Request) -> Response {
        let parameters = FormQuery(request.uri)
        func integer(_ name: String, default value: Int) -> Int? {
            guard let text = parameters.get(name) else { return value }
            return Int(text)
        }
        guard let low = integer(RandomNumberAPI.Parameter.min, default: 0),
            let high = integer(RandomNumberAPI.Parameter.max, default: 100), low <= high,
            let count = integer(RandomNumberAPI.Parameter.count, default: 1), (1...100).contains(count)
        else {
            return Response(
                status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ResponseBody(
                    byteBuffer: ByteBuffer(string: "min and max must be integers with min <= max, count 1 to 100")))
        }
        // The range's width in unsigned arithmetic: every pair of Ints with low <= high has one
        // (the whole range of Int is UInt64.max + 1 wide: every draw is in it), and low plus an
        // offset inside it never leaves [low, high] (issue 64, item 1: `UInt64(high - low)` trapped).
        let width = UInt64(bitPattern: Int64(high) &- Int64(low))
        return .json(
            draws.draw(count: count) { draw in
                let offset = width == .max ? draw : draw % (width + 1)
                return Int(Int64(low) &+ Int64(bitPattern: offset))
            })
    }

    /// The service's answer when it fails, for the fault injector.
    static var refusal: Response {
        Response(
            status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "Service Unavailable")))
    }
}

/// The random-number service's draws from its seed, one after another whatever request asks.
/// Behind a lock: requests come on any thread.
final class RandomDraws: Sendable {
    private let generator: Mutex<SeededGenerator>

    init(seed: UInt64) {
        generator = Mutex(SeededGenerator(seed: seed ^ 0x7261_6e64))
    }

    /// `count` numbers, each made from one raw draw.
    func draw(count: Int, _ make: (UInt64) -> Int) -> [Int] {
        generator.withLock { generator in (0..<count).map { _ in make(generator.next()) } }
    }
}
