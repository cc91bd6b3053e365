import ExchangeWire
import Foundation
import MarketDomain
import NIOHTTP1
import SiseSupport
import Synchronization

/// One exchange's REST rate limits as its client keeps them: a ``RequestPacer`` per rate-limit
/// group, at the limit the exchange documents until its replies say it allows less.
///
/// The first request of a group goes alone; its reply tells the limit (Upbit's `Remaining-Req`
/// `sec`, Bithumb's `x-ratelimit-burst-capacity`, Korbit's `Ratelimit: limit=`), and the rest
/// follow at that pace, so no window of the server's sees more than it allows, even from a
/// server stricter than the docs (`sise simulate --rest-limit 2`). A refusal halves the pace.
final class RESTRateLimits: Sendable {
    /// How a dialect names its groups and tells its limit.
    struct Policy: Sendable {
        /// The documented requests per second per group.
        var documentedLimit: Int
        /// The group a path counts against.
        var group: @Sendable (_ path: String) -> String
        /// The per-second limit a reply tells, if it tells one; `requestsInUse` counts the
        /// requests of the group started within the last second, this one included.
        var toldLimit: @Sendable (_ headers: HTTPHeaders, _ requestsInUse: Int) -> Int?
        /// A request's weight, for a dialect that counts weight per window (Binance) besides requests.
        var weight: (@Sendable (_ path: String, _ query: [(String, String)]) -> Int)? = nil
    }

    private struct Group {
        let pacer: RequestPacer<ContinuousClock>
        var learned = false
    }

    let policy: Policy
    private let groups = Mutex<[String: Group]>([:])
    /// The weight budget, for a policy that weighs requests.
    let weights: RequestWeightBudget?

    init(_ policy: Policy, now: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }) {
        self.policy = policy
        weights =
            policy.weight == nil
            ? nil
            : RequestWeightBudget(
                limit: BinanceEndpoint.documentedWeightLimit, windowSeconds: 60, now: now)
    }

    /// Waits until the weight budget has room for this request (at once without a budget).
    func reserveWeight(path: String, query: [(String, String)]) async throws {
        guard let weights, let weigh = policy.weight else { return }
        let weight = weigh(path, query)
        while let wait = weights.reserve(weight) {
            try await Task.sleep(for: wait)
        }
    }

    /// Notes how long a weighed request took from its weighing to its reply.
    func noteRoundTrip(_ duration: Duration) {
        weights?.noteRoundTrip(
            milliseconds: duration.components.seconds * 1000
                + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Reads the used weight a reply tells (`X-MBX-USED-WEIGHT-1M`: the header's suffix names the
    /// server's window); after a refusal, the count is the limit and `retryAfter` the wait.
    func learnWeight(from headers: HTTPHeaders, refused: Bool, retryAfter: Duration) {
        guard let weights else { return }
        var used: Int?
        for header in headers {
            guard let seconds = BinanceEndpoint.usedWeightWindow(header: header.name),
                let count = Int(header.value.trimmingCharacters(in: .whitespaces))
            else { continue }
            weights.told(used: count, windowSeconds: seconds)
            used = count
        }
        if refused { weights.refused(used: used, retryAfter: retryAfter) }
    }

    /// The pacer of `path`'s group: a new group paces one request at a time until its first reply.
    func pacer(for path: String) -> RequestPacer<ContinuousClock> {
        let name = policy.group(path)
        return groups.withLock { groups in
            if let group = groups[name] { return group.pacer }
            let pacer = RequestPacer(limit: 1, window: .milliseconds(1020), clock: ContinuousClock())
            groups[name] = Group(pacer: pacer)
            return pacer
        }
    }

    /// Sets the pace of `path`'s group after a reply with `headers`, before its slot is given back.
    func learn(from headers: HTTPHeaders, path: String, refused: Bool) async {
        let name = policy.group(path)
        let found = groups.withLock { groups -> (pacer: RequestPacer<ContinuousClock>, first: Bool)? in
            guard let group = groups[name] else { return nil }
            groups[name]?.learned = true
            return (group.pacer, !group.learned)
        }
        guard let (pacer, first) = found else { return }
        let current = await pacer.currentLimit
        var limit = first ? policy.documentedLimit : current
        if let told = policy.toldLimit(headers, await pacer.requestsInUse) { limit = min(limit, max(1, told)) }
        if refused { limit = max(1, min(limit, current) / 2) }
        if first || limit < current { await pacer.setLimit(limit) }
    }
}

extension RESTRateLimits.Policy {
    /// Upbit: 10 requests a second in each of `market`, `ticker`, `candles` (exchange-apis.md §1.5);
    /// `Remaining-Req: group=…; min=…; sec=K` leaves K in the current second.
    static let upbit = Self(
        documentedLimit: 10,
        group: { path in
            if path.hasPrefix("/v1/market") { return "market" }
            if path.hasPrefix("/v1/ticker") { return "ticker" }
            if path.hasPrefix("/v1/candles") { return "candles" }
            return "default"
        },
        toldLimit: { headers, inUse in
            guard let value = headers.first(name: UpbitEndpoint.remainingRequestHeader) else { return nil }
            let fields = value.split(separator: ";").map { $0.trimmingPrefix(" ") }
            guard let sec = fields.first(where: { $0.hasPrefix("sec=") }).flatMap({ Int($0.dropFirst(4)) }) else {
                return nil
            }
            return inUse + sec
        })

    /// Bithumb: 150 a second per category (§2.3), told by `x-ratelimit-burst-capacity`.
    static let bithumb = Self(
        documentedLimit: 150,
        group: { path in
            if path.hasPrefix("/v1/ticker") || path.hasPrefix("/public/ticker") { return "ticker" }
            if path.hasPrefix("/v1/candles") || path.hasPrefix("/public/candlestick") { return "candles" }
            return "default"
        },
        toldLimit: { headers, _ in
            headers.first(name: BithumbEndpoint.RateLimitHeader.burstCapacity).flatMap { Int($0) }
        })

    /// Korbit: 50 a second (§3.5), told by `Ratelimit: limit=50, remaining=48, reset=1`.
    static let korbit = Self(
        documentedLimit: 50, group: { _ in "all" },
        toldLimit: { headers, _ in
            guard let value = headers.first(name: "Ratelimit") else { return nil }
            let fields = value.split(separator: ",").map { $0.trimmingPrefix(" ") }
            return fields.first { $0.hasPrefix("limit=") }.flatMap { Int($0.dropFirst(6)) }
        })

    /// Binance: 6,000 weight a minute (§4.1, or what `exchangeInfo` publishes), each request
    /// weighed before it goes and the used weight read from every reply; besides, at most 20
    /// requests a second.
    static let binance = Self(
        documentedLimit: 20, group: { _ in "all" }, toldLimit: { _, _ in nil },
        weight: { path, query in
            let symbol = query.first { $0.0 == BinanceEndpoint.Parameter.symbol }?.1
            let symbols = query.first { $0.0 == BinanceEndpoint.Parameter.symbols }?.1
            return BinanceEndpoint.requestWeight(
                path: path, symbols: BinanceEndpoint.symbolCount(symbol: symbol, symbols: symbols))
        })
}
