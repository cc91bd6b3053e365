import Foundation
import MarketDomain
import NIOCore

/// Where a feed's WebSocket URL points, as the opening handshake needs it (RFC 6455 §3):
/// `ws://` or `wss://` (TLS), the host and port to connect to, the request target, and the
/// `Host` and `Origin` headers.
struct FeedSocketEndpoint: Equatable {
    let usesTLS: Bool
    let host: String
    let port: Int
    /// The path and query the upgrade request asks for (`/` at least).
    let target: String
    let hostHeader: String
    let origin: String

    /// The endpoint of `url`; throws for what is not a `ws://` or `wss://` URL with a host.
    init(_ url: String) throws(ExchangeError) {
        guard let parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
            let host = parts.host, !host.isEmpty
        else { throw .badRequest("not a WebSocket URL: \(url)") }
        switch scheme {
        case "ws": usesTLS = false
        case "wss": usesTLS = true
        default: throw .badRequest("not a ws:// or wss:// URL: \(url)")
        }
        guard parts.port.map({ (1...65_535).contains($0) }) ?? true else {
            throw .badRequest("not a port in \(url)")
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.host = bare
        port = parts.port ?? (usesTLS ? 443 : 80)
        let path = parts.percentEncodedPath.isEmpty ? "/" : parts.percentEncodedPath
        target = path + (parts.percentEncodedQuery.map { "?" + $0 } ?? "")
        let named = bare.contains(":") ? "[\(bare)]" : bare
        hostHeader = parts.port.map { "\(named):\($0)" } ?? named
        origin = "\(scheme)://\(named)"
    }

    /// The name TLS asks the server's certificate for (SNI): the host, unless it is an address.
    var serverName: String? {
        (try? SocketAddress(ipAddress: host, port: 0)) == nil ? host : nil
    }
}
