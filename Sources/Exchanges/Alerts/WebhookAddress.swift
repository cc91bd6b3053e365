public import Foundation

/// A webhook's URL as Sise may name and reach it (issue 63, item 5): messages name its host only
/// (a token often lives in the path or the query), and a host on a link-local network — where the
/// cloud's metadata service answers, 169.254.169.254 — is refused unless the person allowed it.
public struct WebhookAddress: Sendable, Equatable {
    /// The whole URL, posted to and never printed.
    public let url: URL
    /// The host, the only part a message names.
    public let host: String

    /// The address of `text` when it is an `http://` or `https://` URL with a host.
    public init?(_ text: String) {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        self.url = url
        self.host = host
    }

    /// Whether `other` is on the same scheme, host and port (a redirect Sise may follow).
    func isSameOrigin(as other: URL) -> Bool {
        other.scheme?.lowercased() == url.scheme?.lowercased() && other.host?.lowercased() == host.lowercased()
            && other.port == url.port
    }

    /// Why the host may not be posted to, or nil: it is, or resolves to, a link-local address.
    public func refusal(allowingPrivate: Bool) -> String? {
        guard !allowingPrivate, Self.resolvesToLinkLocal(host) else { return nil }
        return "the webhook's host \(host) is on a link-local network (169.254.0.0/16, fe80::/10: the cloud's "
            + "metadata service lives there); name it with --allow-private-webhook to post there anyway"
    }

    /// Whether `host` (a name or a literal address) has a link-local address.
    static func resolvesToLinkLocal(_ host: String) -> Bool {
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &found) == 0, let first = found else { return false }
        defer { freeaddrinfo(first) }
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = current.pointee.ai_addr, isLinkLocal(address) { return true }
            entry = current.pointee.ai_next
        }
        return false
    }

    private static func isLinkLocal(_ address: UnsafeMutablePointer<sockaddr>) -> Bool {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                let bytes = withUnsafeBytes(of: ipv4.pointee.sin_addr.s_addr) { Array($0) }
                return bytes[0] == 169 && bytes[1] == 254
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                let bytes = withUnsafeBytes(of: ipv6.pointee.sin6_addr) { Array($0) }
                let mappedIPv4 = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                // fe80::/10, an IPv4 link-local address mapped, or AWS's metadata address fd00:ec2::254.
                let awsMetadata = bytes == [0xFD, 0, 0x0E, 0xC2] + Array(repeating: 0, count: 10) + [0x02, 0x54]
                return (bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80)
                    || (mappedIPv4 && bytes[12] == 169 && bytes[13] == 254) || awsMetadata
            }
        default:
            return false
        }
    }
}
