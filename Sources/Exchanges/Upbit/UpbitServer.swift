/// Where an Upbit-dialect server lives: the real Upbit, the simulator, or any other.
public struct UpbitServer: Sendable, Equatable {
    /// The REST base URL, without `/v1` (e.g. `https://api.upbit.com`).
    public var restBaseURL: String
    /// The public WebSocket URL (e.g. `wss://api.upbit.com/websocket/v1`).
    public var webSocketURL: String

    /// Makes a server from both URLs.
    public init(restBaseURL: String, webSocketURL: String) {
        self.restBaseURL = restBaseURL
        self.webSocketURL = webSocketURL
    }

    /// The real Upbit.
    public static let live = UpbitServer(
        restBaseURL: "https://api.upbit.com", webSocketURL: "wss://api.upbit.com/websocket/v1")

    /// A server of the dialect at one base URL (`http://127.0.0.1:8080`): REST at its root and the
    /// WebSocket at `/websocket/v1` of the same host (`ws` for `http`, `wss` for `https`).
    /// `nil` when the URL is not http(s).
    public init?(baseURL: String) {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix("/v1") { base.removeLast(3) }
        let webSocketBase: String
        if base.hasPrefix("https://") {
            webSocketBase = "wss://" + base.dropFirst("https://".count)
        } else if base.hasPrefix("http://") {
            webSocketBase = "ws://" + base.dropFirst("http://".count)
        } else {
            return nil
        }
        guard base.split(separator: "/").count >= 2 else { return nil }
        self.init(restBaseURL: base, webSocketURL: webSocketBase + "/websocket/v1")
    }
}
