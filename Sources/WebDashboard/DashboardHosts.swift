import Foundation

/// The names a browser may call `sise serve` by: its `Host` must name the address it listens on
/// (`127.0.0.1`, `localhost`, `[::1]`, or what `--host` names), and a page's `Origin` must be one
/// of them too. This is what stops DNS rebinding: a page on `attacker.example` re-pointed at
/// 127.0.0.1 still sends `Host: attacker.example:PORT`, and is refused on every route.
///
/// A server bound to every interface (`0.0.0.0`, `::`) is reached by whatever address the
/// machine has, so it also takes any IP literal (a rebinding needs a name, never a literal) and
/// the machine's own host name.
public struct DashboardHosts: Sendable, Equatable {
    /// Lowercased host names and literals (IPv6 in brackets) taken, without ports.
    public let names: Set<String>
    /// Whether any IPv4 or IPv6 literal is taken too (a server bound to every interface).
    public let takesAnyAddressLiteral: Bool

    /// The hosts of a server bound to `boundHost` (as `--host` names it).
    public init(boundHost: String) {
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        let bound = boundHost.lowercased()
        names.insert(Self.isIPv6Literal(bound) ? "[\(bound)]" : bound)
        let wildcard = bound == "0.0.0.0" || bound == "::" || bound == "[::]"
        if wildcard, let machine = Self.machineName() {
            names.insert(machine)
        }
        self.names = names
        takesAnyAddressLiteral = wildcard
    }

    /// Whether a request's `Host` (as `host[:port]`) names this server. A request without one
    /// is no browser's (every browser sends it) and is let through.
    public func accepts(host authority: String?) -> Bool {
        guard let authority else { return true }
        guard let (host, _) = Self.split(authority) else { return false }
        return accepts(name: host)
    }

    /// Whether a page's `Origin` is one of this server's own pages: an `http`/`https` origin
    /// naming one of these hosts, on the port the request came to. A WebSocket library names
    /// the socket (`ws://…`) or nothing: it is no page, and could send any origin anyway.
    /// `null` (a sandboxed or local file's) is refused.
    public func acceptsOrigin(_ origin: String, requestHost: String?) -> Bool {
        guard let schemeEnd = origin.range(of: "://") else { return false }
        let scheme = origin[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return scheme == "ws" || scheme == "wss" }
        guard let (host, port) = Self.split(String(origin[schemeEnd.upperBound...])), accepts(name: host) else {
            return false
        }
        guard let requestHost, let (_, requestPort) = Self.split(requestHost) else { return false }
        return port == requestPort
    }

    private func accepts(name: String) -> Bool {
        names.contains(name) || (takesAnyAddressLiteral && (Self.isIPv4Literal(name) || Self.isBracketedIPv6(name)))
    }

    /// `host[:port]` split into its lowercased host (IPv6 kept in brackets) and its port (nil
    /// when not given); nil when it is not of that form.
    static func split(_ authority: String) -> (host: String, port: Int?)? {
        let authority = authority.lowercased()
        let host: Substring
        let rest: Substring
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            rest = authority[authority.index(after: close)...]
        } else if let colon = authority.firstIndex(of: ":") {
            host = authority[..<colon]
            rest = authority[colon...]
        } else {
            host = authority[...]
            rest = ""
        }
        guard !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == "@" || $0.isWhitespace }) else { return nil }
        if rest.isEmpty { return (String(host), nil) }
        guard rest.first == ":", let port = Int(rest.dropFirst()), (0...65_535).contains(port) else { return nil }
        return (String(host), port)
    }

    /// Whether `text` is an IPv4 literal (`127.0.0.1`).
    public static func isIPv4Literal(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1
    }

    /// Whether `text` is an IPv6 literal without brackets (`::1`).
    public static func isIPv6Literal(_ text: String) -> Bool {
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    private static func isBracketedIPv6(_ text: String) -> Bool {
        text.hasPrefix("[") && text.hasSuffix("]") && isIPv6Literal(String(text.dropFirst().dropLast()))
    }

    private static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(cString: buffer).lowercased()
        return name.isEmpty ? nil : name
    }
}
