import Foundation
public import MarketDomain

/// Where a server of one exchange's dialect lives: the real exchange, the simulator, or any other.
public struct ExchangeServer: Sendable, Equatable {
    /// The REST base URL, without a version path (e.g. `https://api.upbit.com`).
    public var restBaseURL: String
    /// The public WebSocket URL (e.g. `wss://api.upbit.com/websocket/v1`).
    public var webSocketURL: String

    /// Makes a server from both URLs.
    public init(restBaseURL: String, webSocketURL: String) {
        self.restBaseURL = restBaseURL
        self.webSocketURL = webSocketURL
    }

    /// The real exchange (exchange-apis.md §0).
    public static func live(_ exchange: Exchange) -> ExchangeServer {
        switch exchange {
        case .upbit:
            ExchangeServer(restBaseURL: "https://api.upbit.com", webSocketURL: "wss://api.upbit.com/websocket/v1")
        case .bithumb:
            ExchangeServer(
                restBaseURL: "https://api.bithumb.com", webSocketURL: "wss://ws-api.bithumb.com/websocket/v1")
        case .korbit:
            ExchangeServer(restBaseURL: "https://api.korbit.co.kr", webSocketURL: "wss://ws-api.korbit.co.kr/v2/public")
        case .binance:
            ExchangeServer(restBaseURL: "https://api.binance.com", webSocketURL: "wss://stream.binance.com:9443/ws")
        }
    }

    /// The public WebSocket path of an exchange's dialect.
    public static func webSocketPath(_ exchange: Exchange) -> String {
        switch exchange {
        case .upbit, .bithumb: "/websocket/v1"
        case .korbit: "/v2/public"
        case .binance: "/ws"
        }
    }

    /// A server of an exchange's dialect at one base URL (`http://127.0.0.1:8080`): REST at its
    /// root and the WebSocket at the dialect's path on the same host (`ws` for `http`, `wss` for
    /// `https`). A trailing version path (`/v1`, `/v2`, `/api/v3`) is dropped. `nil` when the URL
    /// is not http(s) with a host.
    public init?(baseURL: String, exchange: Exchange = .upbit) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        for version in ["/api/v3", "/v1", "/v2"] where base.hasSuffix(version) {
            base.removeLast(version.count)
        }
        let webSocketBase: String
        if base.hasPrefix("https://") {
            webSocketBase = "wss://" + base.dropFirst("https://".count)
        } else if base.hasPrefix("http://") {
            webSocketBase = "ws://" + base.dropFirst("http://".count)
        } else {
            return nil
        }
        guard base.split(separator: "/").count >= 2, let url = URLComponents(string: base), let host = url.host,
            !host.isEmpty
        else { return nil }
        self.init(restBaseURL: base, webSocketURL: webSocketBase + Self.webSocketPath(exchange))
    }
}
