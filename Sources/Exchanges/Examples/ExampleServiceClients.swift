import ExchangeWire
public import Foundation
public import Logging
public import MarketDomain
import NIOCore
import NIOHTTP1

/// The example apps' real clients (SPEC §1.14), talking to whichever server of the dialect they
/// are given: the real GitHub and random-number service under `--live`, the simulator otherwise.
public enum ExampleServiceClients {
    /// A GitHub repository search (`GET /search/repositories?q=&per_page=`): best match first; a
    /// 403 or 429 over the rate limit becomes ``ServiceRateLimited`` with the seconds until
    /// `x-ratelimit-reset`, other refusals an ``ExchangeError`` with GitHub's message.
    public static func github(
        baseURL: String, perPage: Int = 30, logger: Logger = Logger(label: "sise.github"),
        now: @escaping @Sendable () -> Date = { Date() }
    ) -> RepositorySearchClient {
        let transport = RESTTransport(
            baseURL: baseURL, httpClient: .sise, timeout: .seconds(10), logger: logger, serverName: "GitHub")
        return RepositorySearchClient { query in
            let reply = try await transport.get(
                GitHubSearch.path,
                [(GitHubSearch.Parameter.query, query), (GitHubSearch.Parameter.perPage, String(perPage))],
                headers: [
                    ("Accept", "application/vnd.github+json"), ("X-GitHub-Api-Version", "2022-11-28"),
                    ("User-Agent", "sise-repo-search"),
                ])
            switch reply.status.code {
            case 200:
                return try RESTTransport.decode(GitHubSearchResult.self, from: reply.body, path: GitHubSearch.path)
                    .items.map { $0.toDomain() }
            case 403,
                429 where reply.headers.first(name: GitHubSearch.Header.remaining) == "0":
                let reset = reply.headers.first(name: GitHubSearch.Header.reset).flatMap(TimeInterval.init)
                // A reset already past (the reply crossed into the next window, or the clocks
                // differ) still means the search was refused: wait a second, never "0 s".
                let seconds = reset.map { max(1, Int(($0 - now().timeIntervalSince1970).rounded(.up))) } ?? 60
                throw ServiceRateLimited(retryAfterSeconds: seconds)
            default:
                let message = (try? JSONDecoder().decode(GitHubErrorBody.self, from: reply.body))?.message
                throw ExchangeError.badRequest(
                    "GitHub \(reply.status.code): "
                        + DisplayWidth.sanitized(message ?? RESTTransport.excerpt(reply.body, status: reply.status)))
            }
        }
    }

    /// A random-number service (`GET /api/v1.0/random?min=&max=&count=`, a JSON array of integers);
    /// anything but a 200 with such an array is an error that says what came.
    public static func randomNumbers(
        baseURL: String, logger: Logger = Logger(label: "sise.random")
    ) -> RandomNumberClient {
        let transport = RESTTransport(
            baseURL: baseURL, httpClient: .sise, timeout: .seconds(10), logger: logger,
            serverName: "the random-number service")
        return RandomNumberClient { low, high, count in
            let reply = try await transport.get(
                RandomNumberAPI.path,
                [
                    (RandomNumberAPI.Parameter.min, String(low)), (RandomNumberAPI.Parameter.max, String(high)),
                    (RandomNumberAPI.Parameter.count, String(count)),
                ])
            guard reply.status == .ok else {
                throw ExchangeError.unavailable(
                    "random numbers \(reply.status.code): "
                        + DisplayWidth.sanitized(RESTTransport.excerpt(reply.body, status: reply.status)))
            }
            let numbers = try RESTTransport.decode([Int].self, from: reply.body, path: RandomNumberAPI.path)
            guard numbers.count == count, numbers.allSatisfy({ (low...high).contains($0) }) else {
                throw ExchangeError.badResponse("random numbers: \(numbers) is not \(count) in \(low)…\(high)")
            }
            return numbers
        }
    }
}
