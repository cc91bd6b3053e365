import Foundation
import Synchronization

/// The simulated KIS token office: one token per app key, the same one for repeated requests
/// while it lives (as the real server answers within its lifetime), with a way for tests to make
/// every token expire.
final class KISTokenIssuer: Sendable {
    struct Token: Sendable {
        var value: String
        var expires: Int64
    }

    private let tokens = Mutex<[String: Token]>([:])
    private let expired = Mutex<Set<String>>([])
    private let lifetimeMilliseconds: Int64
    /// How many tokens were issued (new ones, not repeats).
    let issued = Mutex(0)
    /// How many quotation requests were refused with `EGW00201`.
    let refusals = Mutex(0)

    init(lifetimeSeconds: Int) {
        lifetimeMilliseconds = Int64(lifetimeSeconds) * 1000
    }

    /// The live token of an app key, issuing a new one when it has none or it expired.
    func token(for appKey: String, now: Int64) -> Token {
        tokens.withLock { tokens in
            if let token = tokens[appKey], token.expires > now { return token }
            let token = Token(
                value: "sim." + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased(),
                expires: now + lifetimeMilliseconds)
            tokens[appKey] = token
            issued.withLock { $0 += 1 }
            return token
        }
    }

    /// What a presented token is.
    enum Check: Equatable {
        case valid
        case expired
        case unknown
    }

    /// Checks a bearer token.
    func check(_ value: String, now: Int64) -> Check {
        if expired.withLock({ $0.contains(value) }) { return .expired }
        return tokens.withLock { tokens in
            guard let token = tokens.values.first(where: { $0.value == value }) else { return .unknown }
            return token.expires > now ? .valid : .expired
        }
    }

    /// Makes every token issued so far expire at once (a test's way to skip a day).
    func expireAll() {
        let values = tokens.withLock { tokens in
            defer { tokens.removeAll() }
            return tokens.values.map(\.value)
        }
        expired.withLock { $0.formUnion(values) }
    }
}
